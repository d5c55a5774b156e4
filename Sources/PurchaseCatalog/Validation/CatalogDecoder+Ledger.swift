import PropertyList
import PurchaseCore

extension CatalogDecoder {
    /// Reads the deployment's `Ledger` dict (`Kind`, and the ledger's own `Settings`), checking the
    /// kind and the settings as a provider's are checked; `nil` when it has an error.
    mutating func decodeLedger(_ node: PropertyListNode) -> LedgerConfiguration? {
        guard let entries = dictionary(node, key: "Ledger") else { return nil }
        var kind, settings: Int?
        for index in entries.indices {
            switch entries[index].key {
            case "Kind": take(&kind, index, in: entries)
            case "Settings": take(&settings, index, in: entries)
            default: unknownKey(entries[index], known: CatalogKeys.ledger)
            }
        }
        let decoded = settings.flatMap { decodeSettings(entries[$0].value, key: "Settings") } ?? [:]
        guard let kind else {
            report(.missingKey("Kind", in: .ledger), at: node.location)
            return nil
        }
        guard let ledgerKind = ledgerKind(entries[kind].value) else { return nil }
        let configuration = LedgerConfiguration(kind: ledgerKind, settings: decoded)
        let settingsNode = settings.map { entries[$0].value }
        if let ledgerChecks {
            if let known = ledgerChecks.settingKeys(ledgerKind), case .dictionary(let given)? = settingsNode?.value {
                for entry in given where !known.contains(entry.key) { unknownKey(entry, known: known) }
            }
            let problems = ledgerChecks.settingProblems(configuration)
            for problem in problems {
                report(
                    .invalidProviderSetting(problem),
                    at: problem.location(in: settingsNode) ?? entries[kind].value.location)
            }
            if !problems.isEmpty { return nil }
        }
        return configuration
    }

    /// A ledger kind: a letter, then letters, digits, `.`, `_` or `-`; registered, when the loader knows.
    private mutating func ledgerKind(_ node: PropertyListNode) -> LedgerKind? {
        guard let text = string(node, key: "Kind") else { return nil }
        guard Self.isValidProviderKind(text) else {
            report(.invalidLedgerKind(text), at: node.location)
            return nil
        }
        let kind = LedgerKind(text)
        if let known = ledgerChecks?.knownKinds, !known.contains(kind) {
            let suggestion =
                known.count <= ClosestMatch.maximumCandidates
                ? ClosestMatch.find(text, in: known.map(\.rawValue).sorted()) : nil
            report(.unknownLedgerKind(text, suggestion: suggestion), at: node.location)
            return nil
        }
        return kind
    }
}

import PropertyList
import PurchaseCore

extension CatalogDecoder {
    /// Reads `Deployment`, remembering its storefront, locale and providers for the product checks.
    mutating func decodeDeployment(_ node: PropertyListNode) -> Deployment? {
        guard let entries = dictionary(node, key: "Deployment") else { return nil }
        var name, provider, providers, providerSettings, storefront, locale, messageTables, ledger: Int?
        var refundedConsumables, server: Int?
        for index in entries.indices {
            switch entries[index].key {
            case "Name": take(&name, index, in: entries)
            case "Provider": take(&provider, index, in: entries)
            case "Providers": take(&providers, index, in: entries)
            case "ProviderSettings": take(&providerSettings, index, in: entries)
            case "Storefront": take(&storefront, index, in: entries)
            case "Locale": take(&locale, index, in: entries)
            case "MessageTables": take(&messageTables, index, in: entries)
            case "Ledger": take(&ledger, index, in: entries)
            case "RefundedConsumables": take(&refundedConsumables, index, in: entries)
            case "Server": take(&server, index, in: entries)
            default: unknownKey(entries[index], known: CatalogKeys.deployment)
            }
        }
        let errorsBefore = errorCount
        var deploymentName: String?
        if let name {
            deploymentName = text(entries[name].value, key: "Name")
        } else {
            report(.missingKey("Name", in: .deployment), at: node.location)
        }

        let configurations = decodeProviders(
            provider: provider.map { entries[$0] },
            providers: providers.map { entries[$0] },
            settings: providerSettings.map { entries[$0] },
            deployment: node
        )
        providerKinds = configurations.map { Set($0.map(\.kind)) }

        var storefrontCode: String?
        if let storefront {
            if let code = string(entries[storefront].value, key: "Storefront"),
                declaredStorefront(code, at: entries[storefront].value.location) != nil
            {
                storefrontCode = code
                deploymentStorefront = code
            }
        } else {
            report(.missingKey("Storefront", in: .deployment), at: node.location)
        }

        var localeIdentifier: String?
        if let locale {
            if let text = string(entries[locale].value, key: "Locale") {
                if let canonical = LocaleFallback.canonicalIdentifier(text) {
                    localeIdentifier = canonical
                    deploymentLocale = (canonical, LocaleFallback.candidates(for: canonical))
                } else {
                    report(.invalidLocale(text), at: entries[locale].value.location)
                }
            }
        } else {
            report(.missingKey("Locale", in: .deployment), at: node.location)
        }

        var tables: String?
        if let messageTables {
            tables = text(entries[messageTables].value, key: "MessageTables").map(resolveAgainstCatalog)
        }

        let ledgerConfiguration = ledger.map { decodeLedger(entries[$0].value) } ?? .default

        var refunds = RefundedConsumables.debit
        if let refundedConsumables {
            refunds =
                choice(entries[refundedConsumables].value, key: "RefundedConsumables", as: RefundedConsumables.self)
                ?? .debit
        }

        let serverSettings = server.flatMap { decodeSettings(entries[$0].value, key: "Server") } ?? [:]

        guard errorCount == errorsBefore, let deploymentName, let configurations, let storefrontCode,
            let localeIdentifier, let ledgerConfiguration
        else { return nil }
        return Deployment(
            name: deploymentName,
            providers: configurations.map(resolvingPathSettings),
            storefront: storefrontCode,
            locale: localeIdentifier,
            messageTables: tables,
            ledger: ledgerConfiguration,
            refundedConsumables: refunds,
            server: serverSettings
        )
    }

    /// The provider settings that name files (the simulated App Store's `SubscriptionKeyFile`), each
    /// resolved against the catalog's folder, so that a catalog names them relative to itself.
    static let pathSettings: [ProviderKind: [String]] = [.simulatedAppStore: ["SubscriptionKeyFile"]]

    /// `configuration` with its ``pathSettings`` resolved against the catalog's folder.
    func resolvingPathSettings(_ configuration: ProviderConfiguration) -> ProviderConfiguration {
        var resolved = configuration
        for key in Self.pathSettings[configuration.kind] ?? [] {
            if case .string(let path)? = configuration.settings[key] {
                resolved.settings[key] = .string(resolveAgainstCatalog(path))
            }
        }
        return resolved
    }

    /// A path relative to the catalog's folder, or `relative` unchanged when absolute or without a catalog path.
    func resolveAgainstCatalog(_ relative: String) -> String {
        guard !relative.hasPrefix("/"), let path, let slash = path.lastIndex(of: "/") else { return relative }
        return String(path[...slash]) + relative
    }

    private mutating func decodeProviders(
        provider: PropertyListEntry?,
        providers: PropertyListEntry?,
        settings: PropertyListEntry?,
        deployment: PropertyListNode
    ) -> [ProviderConfiguration]? {
        switch (provider, providers) {
        case (nil, nil):
            report(.missingProvider, at: deployment.location)
            if let settings { _ = decodeSettings(settings.value, key: "ProviderSettings") }
            return nil
        case (.some, .some(let providers)):
            report(.conflictingProviderKeys, at: providers.keyLocation)
            return nil
        case (.some(let provider), nil):
            let kind = providerKind(provider.value, key: "Provider")
            let decoded = settings.flatMap { decodeSettings($0.value, key: "ProviderSettings") } ?? [:]
            guard let kind else { return nil }
            let configuration = ProviderConfiguration(kind: kind, settings: decoded)
            checkSettings(of: configuration, in: settings?.value, else: provider.value.location)
            return [configuration]
        case (nil, .some(let providers)):
            if let settings { report(.providerSettingsWithProviders, at: settings.keyLocation) }
            guard let elements = array(providers.value, key: "Providers") else { return nil }
            if elements.isEmpty {
                report(.emptyProviders, at: providers.value.location)
                return nil
            }
            var result: [ProviderConfiguration] = []
            var seen: [ProviderKind: SourceLocation] = [:]
            var failed = false
            for (position, element) in elements.enumerated() {
                guard let configuration = decodeProviderEntry(element, index: position) else {
                    failed = true
                    continue
                }
                if let first = seen[configuration.kind] {
                    report(.duplicateProvider(configuration.kind.rawValue, first: first), at: element.location)
                    failed = true
                } else {
                    seen[configuration.kind] = element.location
                    result.append(configuration)
                }
            }
            return failed ? nil : result
        }
    }

    private mutating func decodeProviderEntry(_ node: PropertyListNode, index: Int) -> ProviderConfiguration? {
        guard let entries = dictionary(node, key: "Providers[\(index)]") else { return nil }
        var kind, settings: Int?
        for index in entries.indices {
            switch entries[index].key {
            case "Kind": take(&kind, index, in: entries)
            case "Settings": take(&settings, index, in: entries)
            default: unknownKey(entries[index], known: CatalogKeys.providerEntry)
            }
        }
        let decoded = settings.flatMap { decodeSettings(entries[$0].value, key: "Settings") } ?? [:]
        guard let kind else {
            report(.missingKey("Kind", in: .providerEntry), at: node.location)
            return nil
        }
        guard let providerKind = providerKind(entries[kind].value, key: "Kind") else { return nil }
        let configuration = ProviderConfiguration(kind: providerKind, settings: decoded)
        checkSettings(of: configuration, in: settings.map { entries[$0].value }, else: entries[kind].value.location)
        return configuration
    }

    /// Reports each setting the provider's check refuses at the setting (its key, for a key the
    /// provider does not know), or at `fallback` when the catalog does not hold it.
    private mutating func checkSettings(
        of configuration: ProviderConfiguration, in settings: PropertyListNode?, else fallback: SourceLocation
    ) {
        if let known = providerSettingKeys?(configuration.kind), case .dictionary(let entries)? = settings?.value {
            for entry in entries where !known.contains(entry.key) { unknownKey(entry, known: known) }
        }
        guard let providerSettingsCheck else { return }
        for problem in providerSettingsCheck(configuration) {
            report(.invalidProviderSetting(problem), at: problem.location(in: settings) ?? fallback)
        }
    }

    /// A provider kind: a letter, then letters, digits, `.`, `_` or `-`; registered, when the loader knows.
    private mutating func providerKind(_ node: PropertyListNode, key: String) -> ProviderKind? {
        guard let text = string(node, key: key) else { return nil }
        guard Self.isValidProviderKind(text) else {
            report(.invalidProviderKind(text), at: node.location)
            return nil
        }
        let kind = ProviderKind(text)
        if let knownProviderKinds, !knownProviderKinds.contains(kind) {
            let suggestion =
                knownProviderKinds.count <= ClosestMatch.maximumCandidates
                ? ClosestMatch.find(text, in: knownProviderKinds.map(\.rawValue).sorted()) : nil
            report(.unknownProviderKind(text, suggestion: suggestion), at: node.location)
            return nil
        }
        return kind
    }

    static func isValidProviderKind(_ text: String) -> Bool {
        guard let first = text.utf8.first, isASCIILetter(first) else { return false }
        return isIdentifierText(text)
    }
}

/// Whether `text` is not empty and every byte is an ASCII letter, digit, `.`, `_` or `-`.
///
/// Scans the contiguous UTF-8 storage directly: iterating `String.UTF8View` costs several times more, and
/// this runs for every product identifier.
func isIdentifierText(_ text: String) -> Bool {
    func accepts(_ byte: UInt8) -> Bool {
        isASCIILetter(byte) || isASCIIDigit(byte) || byte == 0x2E || byte == 0x5F || byte == 0x2D
    }
    if let result = text.utf8.withContiguousStorageIfAvailable({ !$0.isEmpty && $0.allSatisfy(accepts) }) {
        return result
    }
    return !text.isEmpty && text.utf8.allSatisfy(accepts)
}

func isASCIILetter(_ byte: UInt8) -> Bool {
    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
}

func isASCIIDigit(_ byte: UInt8) -> Bool {
    byte >= 0x30 && byte <= 0x39
}

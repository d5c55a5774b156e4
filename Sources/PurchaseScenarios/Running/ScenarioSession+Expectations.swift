import PurchaseCore
import SimulatedAppStore
import SimulatedGooglePlay

extension ScenarioSession {
    /// Checks an `expect` step, printing one `expectation` line per check.
    func check(_ expectations: ScenarioExpectations, at step: Scenario.Step) async {
        await settle()
        let seen = log.takeSeen()
        func report(_ name: String, _ ok: Bool, expected: ScenarioJSON, actual: ScenarioJSON) {
            checked += 1
            log.write([
                ("event", .string("expectation")), ("ok", .bool(ok)), ("check", .string(name)),
                ("expected", expected), ("actual", actual), ("line", .int(step.line)),
            ])
            if !ok {
                failures.append(
                    ScenarioFailure(
                        line: step.line, column: step.column,
                        kind: .expectation(check: name, expected: expected.text, actual: actual.text)))
            }
        }
        func strings(_ values: [String]) -> ScenarioJSON { .array(values.map { .string($0) }) }

        if let outcome = expectations.outcome {
            report(
                "outcome", lastOutcome == outcome, expected: .string(outcome),
                actual: lastOutcome.map { .string($0) } ?? .null)
        }
        if let error = expectations.error {
            report(
                "error", lastError == error, expected: .string(error), actual: lastError.map { .string($0) } ?? .null)
        }
        let needsLedger =
            !expectations.entitlementsContain.isEmpty || !expectations.entitlementsLack.isEmpty
            || !expectations.balances.isEmpty || !expectations.delivered.isEmpty
        if needsLedger, let store {
            let entitlements =
                (try? await store.entitlements(for: expectations.account))
                ?? Entitlements(names: [], balances: [:], subscriptions: [])
            let names = entitlements.names.sorted()
            for name in expectations.entitlementsContain {
                report("entitlementsContain", names.contains(name), expected: .string(name), actual: strings(names))
            }
            for name in expectations.entitlementsLack {
                report("entitlementsLack", !names.contains(name), expected: .string(name), actual: strings(names))
            }
            for (name, quantity) in expectations.balances.sorted(by: { $0.key < $1.key }) {
                let actual = entitlements.balances[name] ?? 0
                report("balance \(name)", actual == quantity, expected: .int(quantity), actual: .int(actual))
            }
            let contents = try? await ledger.contents()
            let deliveries =
                expectations.account.map { contents?.deliveries(for: $0) ?? [] } ?? contents?.deliveries ?? []
            for (productID, count) in expectations.delivered.sorted(by: { $0.key < $1.key }) {
                let actual = deliveries.filter { $0.productID == productID }.count
                report("delivered \(productID)", actual == count, expected: .int(count), actual: .int(actual))
            }
        }
        for name in expectations.events.map(seenEventName) {
            report("event", seen.events.contains(name), expected: .string(name), actual: strings(seen.events))
        }
        for name in expectations.absentEvents.map(seenEventName) {
            report("noEvent", !seen.events.contains(name), expected: .string(name), actual: strings(seen.events))
        }
        for (name, holds, expected, actual) in await priceAndFamilyChecks(expectations) {
            report(name, holds, expected: expected, actual: actual)
        }
        for name in expectations.callbacks {
            report(
                "callback", seen.callbacks.contains(name), expected: .string(name),
                actual: strings(unique(seen.callbacks)))
        }
        if !expectations.eventOrder.isEmpty {
            report(
                "eventOrder", Self.appears(expectations.eventOrder, inOrderIn: seen.events),
                expected: strings(expectations.eventOrder), actual: strings(seen.events))
        }
        if let products = expectations.unfinished {
            let actual = await unfinishedProducts()
            report(
                "unfinished", actual == products.sorted(), expected: strings(products.sorted()), actual: strings(actual)
            )
        }
        if let products = expectations.receiptCancellations {
            let expected = products.sorted()
            report(
                "receiptCancellations", lastCancellations == expected, expected: strings(expected),
                actual: lastCancellations.map(strings) ?? .null)
        }
        for (productID, fields) in expectations.receiptFields.sorted(by: { $0.key < $1.key }) {
            let actual = receiptFields(of: productID)
            for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
                let found = actual?[name] ?? ""
                report(
                    "receiptField \(productID) \(name)", actual != nil && found == value, expected: .string(value),
                    actual: actual == nil ? .null : .string(found))
            }
        }
        // A Google Play scenario's notifications are Play's real-time developer notifications.
        var appStore = expectations
        if drivesGooglePlay { appStore.notifications = nil }
        for (name, holds, expected, actual) in await signedDataChecks(appStore) {
            report(name, holds, expected: expected, actual: actual)
        }
        for (name, holds, expected, actual) in await googlePlayChecks(expectations) {
            report(name, holds, expected: expected, actual: actual)
        }
        if let statuses = expectations.verifyStatuses {
            report(
                "verifyStatuses", lastStatuses == statuses, expected: .array(statuses.map { .int($0) }),
                actual: lastStatuses.map { .array($0.map { .int($0) }) } ?? .null)
        }
    }

    /// Whether `names` appear in `seen` in this order, others allowed between them.
    private static func appears(_ names: [String], inOrderIn seen: [String]) -> Bool {
        var rest = seen[...]
        for name in names {
            guard let index = rest.firstIndex(of: name) else { return false }
            rest = rest[(index + 1)...]
        }
        return true
    }

    /// The catalog products of the purchased or restored transactions the App Store holds unfinished, sorted.
    private func unfinishedProducts() async -> [String] {
        if let play {
            return ((try? await play.base.unfinishedTransactions()) ?? []).map(\.productID).sorted()
        }
        guard let queue else { return [] }
        return await queue.transactions.filter {
            $0.transactionState == .purchased || $0.transactionState == .restored
        }.map { transaction in
            scenarioCatalogProducts.first {
                $0.storeID(for: .simulatedAppStore) == transaction.payment.productIdentifier
            }?.productID ?? transaction.payment.productIdentifier
        }.sorted()
    }

    private func unique(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }
}

import PurchaseCore

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
                (try? await store.entitlements()) ?? Entitlements(names: [], balances: [:], subscriptions: [])
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
            let deliveries = (try? await ledger.contents().deliveries) ?? []
            for (productID, count) in expectations.delivered.sorted(by: { $0.key < $1.key }) {
                let actual = deliveries.filter { $0.productID == productID }.count
                report("delivered \(productID)", actual == count, expected: .int(count), actual: .int(actual))
            }
        }
        for name in expectations.events {
            report("event", seen.events.contains(name), expected: .string(name), actual: strings(seen.events))
        }
        for name in expectations.absentEvents {
            report("noEvent", !seen.events.contains(name), expected: .string(name), actual: strings(seen.events))
        }
        for name in expectations.callbacks {
            report(
                "callback", seen.callbacks.contains(name), expected: .string(name),
                actual: strings(unique(seen.callbacks)))
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
        if let statuses = expectations.verifyStatuses {
            report(
                "verifyStatuses", lastStatuses == statuses, expected: .array(statuses.map { .int($0) }),
                actual: lastStatuses.map { .array($0.map { .int($0) }) } ?? .null)
        }
    }

    private func unique(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }
}

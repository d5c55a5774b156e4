import Foundation
import PurchaseCore
import PurchaseKit
import PurchaseServer
import Testing

/// A spend the ledger took is answered 200 even when the entitlements cannot be read afterwards: a
/// client retries any other answer, and a retried spend would take the units again.
struct SpendAnswerTests {
    /// The in-memory ledger, whose reads of its whole contents fail while `failingReads` is set and
    /// whose spends fail while `failingSpends` is set.
    final class UnreadableLedger: FulfillmentLedger {
        let inner = InMemoryFulfillmentLedger()
        let failingReads = Locked(false)
        let failingSpends = Locked(false)

        func recordDelivery(_ delivery: Delivery) async throws -> Bool { await inner.recordDelivery(delivery) }
        func delivery(for transactionID: TransactionID) async throws -> Delivery? {
            await inner.delivery(for: transactionID)
        }
        func markFinished(_ transactionID: TransactionID) async throws { await inner.markFinished(transactionID) }
        func recordRevocation(_ transactionID: TransactionID, at date: Date) async throws -> Bool {
            await inner.recordRevocation(transactionID, at: date)
        }
        func recordExpiration(_ transactionID: TransactionID, at date: Date) async throws -> Bool {
            await inner.recordExpiration(transactionID, at: date)
        }
        func spend(_ balance: String, quantity: Int, account: UUID?) async throws -> Int {
            if failingSpends.withLock({ $0 }) { throw PurchaseError(.ledgerIOFailed, detail: "the test fails spends") }
            return try await inner.spend(balance, quantity: quantity, account: account)
        }
        func contents() async throws -> LedgerContents {
            if failingReads.withLock({ $0 }) { throw PurchaseError(.ledgerIOFailed, detail: "the test fails reads") }
            return await inner.contents()
        }
    }

    @Test func aSpendTakenIsAnswered200WhenTheEntitlementsCannotBeRead() async throws {
        let ledger = UnreadableLedger()
        var registry = ProviderRegistry.builtIn
        registry.registerLedger(LedgerKind("unreadable-test")) { _ in ledger }
        let fixture = try await ServerFixture(
            ledger: "<dict><key>Kind</key><string>unreadable-test</string></dict>", registry: registry)
        let account = UUID()
        let jws = try ServerFixture.signedTransaction(
            "tx-unreadable", product: "com.example.gems.100", account: account)
        #expect(try await fixture.postTransaction(jws, account: account).status == 200)

        ledger.failingReads.withLock { $0 = true }
        let path = "/v1/accounts/\(account.uuidString)/balances/gems/spend"
        let taken = try await fixture.request("POST", path, json: ["quantity": 30])
        #expect(taken.status == 200, "\(String(decoding: taken.body, as: UTF8.self))")
        #expect(taken.json["balance"] as? Int == 70)
        #expect(taken.json["account"] as? String == account.uuidString)
        // A spend that does not fit is still refused, and one the ledger cannot take is an error.
        #expect(try await fixture.request("POST", path, json: ["quantity": 500]).status == 409)

        ledger.failingReads.withLock { $0 = false }
        let after = try await fixture.request("GET", "/v1/accounts/\(account.uuidString)/entitlements")
        #expect((after.json["balances"] as? [String: Any])?["gems"] as? Int == 70)
        #expect(try await ledger.contents().amountsSpent(by: account) == ["gems": 30])
        await fixture.close()
    }

    @Test func aSpendTheLedgerCannotTakeIsA503SpeakingOfTheBalance() async throws {
        let ledger = UnreadableLedger()
        var registry = ProviderRegistry.builtIn
        registry.registerLedger(LedgerKind("unreadable-test")) { _ in ledger }
        let fixture = try await ServerFixture(
            ledger: "<dict><key>Kind</key><string>unreadable-test</string></dict>", registry: registry)
        let account = UUID()
        let jws = try ServerFixture.signedTransaction(
            "tx-unspendable", product: "com.example.gems.100", account: account)
        #expect(try await fixture.postTransaction(jws, account: account).status == 200)

        ledger.failingSpends.withLock { $0 = true }
        let path = "/v1/accounts/\(account.uuidString)/balances/gems/spend"
        for (language, text) in [
            ("en", "Your balance couldn’t be updated right now. Try again in a moment."),
            ("ja", "現在、残高を更新できませんでした。しばらくしてからもう一度お試しください。"),
        ] {
            let refused = try await fixture.request(
                "POST", path, json: ["quantity": 30], headers: ["Accept-Language": language])
            #expect(refused.status == 503)
            let error = refused.json["error"] as? [String: Any]
            #expect(error?["code"] as? Int == PurchaseError.Code.ledgerIOFailed.rawValue)
            #expect(error?["message"] as? String == text)
        }
        #expect(try await ledger.contents().amountsSpent(by: account) == [:])
        await fixture.close()
    }
}

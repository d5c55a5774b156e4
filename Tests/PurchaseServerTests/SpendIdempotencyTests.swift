import Foundation
import PurchaseCore
import PurchaseKit
import PurchaseServer
import Testing

/// The spend route with a spend identifier (`Idempotency-Key` or `spendID`): a replay answers 200 with
/// the first spend's balance and `"replayed": true`, a conflicting one 422, a bad or mismatched
/// identifier 400; a spend without one works as it always did.
struct SpendIdempotencyTests {
    private static func bought(_ fixture: ServerFixture, id: String) async throws -> UUID {
        let account = UUID()
        let jws = try ServerFixture.signedTransaction(id, product: "com.example.gems.100", account: account)
        #expect(try await fixture.postTransaction(jws, account: account).status == 200)
        return account
    }

    @Test func aReplayedKeyAnswersTheFirstSpendAndTakesNothing() async throws {
        let fixture = try await ServerFixture()
        let account = try await Self.bought(fixture, id: "tx-replay")
        let path = "/v1/accounts/\(account.uuidString)/balances/gems/spend"
        let key = ["Idempotency-Key": "8e03978e-40d5-43e8-bc93-6894a57f9324"]
        let first = try await fixture.request("POST", path, json: ["quantity": 30], headers: key)
        #expect(first.status == 200, "\(String(decoding: first.body, as: UTF8.self))")
        #expect(first.json["balance"] as? Int == 70)
        #expect(first.json["replayed"] as? Bool == false)
        #expect(try await fixture.request("POST", path, json: ["quantity": 10]).json["balance"] as? Int == 60)
        // The same key, as the header's quoted form and as the body's field: the first answer again.
        for headers in [key, ["Idempotency-Key": "\"8e03978e-40d5-43e8-bc93-6894a57f9324\""], [:]] {
            let again = try await fixture.request(
                "POST", path, json: ["quantity": 30, "spendID": "8e03978e-40d5-43e8-bc93-6894a57f9324"],
                headers: headers)
            #expect(again.status == 200, "\(String(decoding: again.body, as: UTF8.self))")
            #expect(again.json["balance"] as? Int == 70)
            #expect(again.json["replayed"] as? Bool == true)
            #expect((again.json["balances"] as? [String: Any])?["gems"] as? Int == 60, "the entitlements are today's")
        }
        #expect(try await fixture.deployment.ledger.contents().amountsSpent(by: account) == ["gems": 40])
        await fixture.close()
    }

    @Test func aKeyReusedForAnotherSpendIsRefusedInTheRequestsLanguage() async throws {
        let fixture = try await ServerFixture()
        let account = try await Self.bought(fixture, id: "tx-conflict")
        let path = "/v1/accounts/\(account.uuidString)/balances/gems/spend"
        #expect(
            try await fixture.request("POST", path, json: ["quantity": 30], headers: ["Idempotency-Key": "k1"])
                .status == 200)
        let conflict = try await fixture.request(
            "POST", path, json: ["quantity": 31], headers: ["Idempotency-Key": "k1", "Accept-Language": "fr"])
        #expect(conflict.status == 422)
        #expect(conflict.errorName == "spendIDConflict")
        #expect((conflict.json["error"] as? [String: Any])?["code"] as? Int == 14)
        #expect(conflict.errorMessage?.contains("identifiant") == true, "\(conflict.errorMessage ?? "")")
        let otherBalance = try await fixture.request(
            "POST", "/v1/accounts/\(account.uuidString)/balances/coins/spend", json: ["quantity": 30],
            headers: ["Idempotency-Key": "k1"])
        #expect(otherBalance.status == 422)
        #expect(try await fixture.deployment.ledger.contents().amountsSpent(by: account) == ["gems": 30])
        await fixture.close()
    }

    @Test func aSpendThatDoesNotFitLeavesItsKeyUsable() async throws {
        let fixture = try await ServerFixture()
        let account = try await Self.bought(fixture, id: "tx-short")
        let path = "/v1/accounts/\(account.uuidString)/balances/gems/spend"
        let short = try await fixture.request("POST", path, json: ["quantity": 150], headers: ["Idempotency-Key": "k"])
        #expect(short.status == 409)
        let jws = try ServerFixture.signedTransaction("tx-short-2", product: "com.example.gems.100", account: account)
        #expect(try await fixture.postTransaction(jws, account: account).status == 200)
        let taken = try await fixture.request("POST", path, json: ["quantity": 150], headers: ["Idempotency-Key": "k"])
        #expect(taken.status == 200)
        #expect(taken.json["balance"] as? Int == 50)
        #expect(taken.json["replayed"] as? Bool == false)
        await fixture.close()
    }

    @Test(arguments: [
        (["Idempotency-Key": "a"], ["spendID": "b"], MessageKey.serverSpendIDMismatch),
        (["Idempotency-Key": "\"\""], [:], .serverInvalidSpendID),
        ([:], ["spendID": String(repeating: "x", count: 201)], .serverInvalidSpendID),
        ([:], ["spendID": "tab\there"], .serverInvalidSpendID),
    ])
    func aBadOrMismatchedIdentifierIsRefused(headers: [String: String], body: [String: String], key: MessageKey)
        async throws
    {
        let fixture = try await ServerFixture()
        let account = try await Self.bought(fixture, id: "tx-bad")
        var json: [String: Any] = ["quantity": 1]
        for (name, value) in body { json[name] = value }
        let answer = try await fixture.request(
            "POST", "/v1/accounts/\(account.uuidString)/balances/gems/spend", json: json,
            headers: headers.merging(["Accept-Language": "en"]) { old, _ in old })
        #expect(answer.status == 400)
        #expect(answer.errorName == "clientInvalid")
        let english = fixture.deployment.messages.render(.keyed(key, arguments: []), locale: "en")
        #expect(answer.errorMessage == english)
        #expect(try await fixture.deployment.ledger.contents().amountsSpent(by: account).isEmpty)
        await fixture.close()
    }

    @Test func spendsWithoutAKeyAreTakenEachTime() async throws {
        let fixture = try await ServerFixture()
        let account = try await Self.bought(fixture, id: "tx-plain")
        let path = "/v1/accounts/\(account.uuidString)/balances/gems/spend"
        for expected in [70, 40] {
            let answer = try await fixture.request("POST", path, json: ["quantity": 30])
            #expect(answer.status == 200)
            #expect(answer.json["balance"] as? Int == expected)
            #expect(answer.json["replayed"] as? Bool == false)
        }
        await fixture.close()
    }

    /// A deployment whose ledger does not record spend identifiers answers 501, and takes nothing.
    @Test func aLedgerWithoutSpendIdentifiersAnswers501() async throws {
        let ledger = SpendAnswerTests.UnreadableLedger()
        var registry = ProviderRegistry.builtIn
        registry.registerLedger(LedgerKind("plain-test")) { _ in ledger }
        let fixture = try await ServerFixture(
            ledger: "<dict><key>Kind</key><string>plain-test</string></dict>", registry: registry)
        let account = try await Self.bought(fixture, id: "tx-plain-ledger")
        let answer = try await fixture.request(
            "POST", "/v1/accounts/\(account.uuidString)/balances/gems/spend", json: ["quantity": 1],
            headers: ["Idempotency-Key": "k"])
        #expect(answer.status == 501)
        #expect(answer.errorName == "unsupported")
        #expect(try await ledger.contents().amountsSpent(by: account).isEmpty)
        await fixture.close()
    }
}

import AppStoreSignedData
import Foundation
import PurchaseCatalog
import PurchaseCore
import PurchaseKit
import PurchaseServer
import Testing

/// The server in this process with the file ledger, over loopback.
struct PurchaseServerTests {
    static let gems = "com.example.gems.100"

    @Test func aTransactionPostedTwiceAndConcurrentlyIsDeliveredOnce() async throws {
        let fixture = try await ServerFixture()
        let account = UUID()
        let jws = try ServerFixture.signedTransaction("tx-once", product: Self.gems, account: account)
        let answers = try await withThrowingTaskGroup(of: ServerFixture.Answer.self) { group in
            for _ in 0..<8 { group.addTask { try await fixture.postTransaction(jws, account: account) } }
            var answers: [ServerFixture.Answer] = []
            for try await answer in group { answers.append(answer) }
            return answers
        }
        let again = try await fixture.postTransaction(jws, account: account)
        #expect((answers + [again]).allSatisfy { $0.status == 200 })
        #expect((answers + [again]).filter { $0.json["delivered"] as? Bool == true }.count == 1)
        #expect(again.json["delivered"] as? Bool == false)
        #expect((again.json["balances"] as? [String: Any])?["gems"] as? Int == 100)
        let deliveries = try await fixture.deployment.ledger.contents().deliveries
        #expect(deliveries.filter { $0.transactionID.id == "tx-once" }.count == 1)
        #expect(deliveries.first?.appAccountToken == account)
        await fixture.close()
    }

    @Test func theEntitlementsAnswerHasTheToolsShape() async throws {
        let fixture = try await ServerFixture()
        let account = UUID()
        let jws = try ServerFixture.signedTransaction(
            "tx-ads", product: "com.example.removeads", account: account, type: .nonConsumable)
        let posted = try await fixture.postTransaction(jws, account: account)
        #expect(posted.status == 200)
        let answer = try await fixture.request("GET", "/v1/accounts/\(account.uuidString)/entitlements")
        #expect(answer.status == 200)
        #expect(answer.json["entitlements"] as? [String] == ["no-ads"])
        #expect((answer.json["balances"] as? [String: Any])?.isEmpty == true)
        #expect((answer.json["subscriptions"] as? [Any])?.isEmpty == true)
        // Another account owns nothing.
        let other = try await fixture.request("GET", "/v1/accounts/\(UUID().uuidString)/entitlements")
        #expect(other.json["entitlements"] as? [String] == [])
        await fixture.close()
    }

    @Test func concurrentSpendsNeverTakeABalanceBelowZero() async throws {
        let fixture = try await ServerFixture()
        let account = UUID()
        let jws = try ServerFixture.signedTransaction("tx-spend", product: Self.gems, account: account)
        #expect(try await fixture.postTransaction(jws, account: account).status == 200)
        let path = "/v1/accounts/\(account.uuidString)/balances/gems/spend"
        let answers = try await withThrowingTaskGroup(of: ServerFixture.Answer.self) { group in
            for _ in 0..<24 { group.addTask { try await fixture.request("POST", path, json: ["quantity": 10]) } }
            var answers: [ServerFixture.Answer] = []
            for try await answer in group { answers.append(answer) }
            return answers
        }
        #expect(answers.filter { $0.status == 200 }.count == 10)
        let refused = answers.filter { $0.status == 409 }
        #expect(refused.count == 14)
        #expect(refused.allSatisfy { $0.errorName == "insufficientBalance" })
        #expect(refused.allSatisfy { ($0.json["error"] as? [String: Any])?["code"] as? Int == 13 })
        let after = try await fixture.request("GET", "/v1/accounts/\(account.uuidString)/entitlements")
        #expect((after.json["balances"] as? [String: Any])?["gems"] == nil)
        let malformed = try await fixture.request("POST", path, json: ["quantity": -1])
        #expect(malformed.status == 400)
        await fixture.close()
    }

    @Test func aNotificationPostedTwiceIsAppliedOnce() async throws {
        let fixture = try await ServerFixture()
        let account = UUID()
        let transaction = try ServerFixture.signedTransaction("tx-note", product: Self.gems, account: account)
        let body = try ServerFixture.notificationBody("6a1c0d2e-0000-4000-8000-000000000001", transaction: transaction)
        // No API key: notifications are trusted by their signatures.
        let first = try await fixture.request("POST", "/v1/apple/notifications", body: body, key: nil)
        let second = try await fixture.request("POST", "/v1/apple/notifications", body: body, key: nil)
        #expect(first.status == 200)
        #expect(first.json["outcome"] as? String == "applied")
        #expect(second.status == 200)
        #expect(second.json["outcome"] as? String == "duplicate")
        let entitlements = try await fixture.request("GET", "/v1/accounts/\(account.uuidString)/entitlements")
        #expect((entitlements.json["balances"] as? [String: Any])?["gems"] as? Int == 100)
        // The app posting the same transaction afterwards finds it delivered.
        let posted = try await fixture.postTransaction(transaction, account: account)
        #expect(posted.json["delivered"] as? Bool == false)
        await fixture.close()
    }

    @Test func tamperedSignedDataIsRefused() async throws {
        let fixture = try await ServerFixture()
        let account = UUID()
        let jws = try ServerFixture.signedTransaction("tx-tamper", product: Self.gems, account: account)
        var parts = jws.split(separator: ".").map(String.init)
        // Another payload under the same signature.
        let other = try ServerFixture.signedTransaction("tx-other", product: Self.gems, account: account)
        parts[1] = String(other.split(separator: ".")[1])
        let tampered = parts.joined(separator: ".")
        let answer = try await fixture.postTransaction(tampered, account: account)
        #expect(answer.status == 403)
        #expect(answer.errorName == "verificationFailed")
        let note = try await fixture.request(
            "POST", "/v1/apple/notifications",
            body: try ServerFixture.notificationBody("6a1c0d2e-0000-4000-8000-000000000002", transaction: tampered),
            key: nil)
        #expect(note.status == 400)
        #expect(note.errorName == "verificationFailed")
        let unsigned = try ServerFixture.signer.sign(
            ServerFixture.transactionPayload("tx-wrong", product: Self.gems, account: UUID(), type: .consumable))
        let mismatch = try await fixture.postTransaction(unsigned, account: account)
        #expect(mismatch.status == 403)
        #expect(try await fixture.deployment.ledger.contents().deliveries.isEmpty)
        await fixture.close()
    }

    @Test func appFacingRoutesNeedTheAPIKey() async throws {
        let fixture = try await ServerFixture()
        let path = "/v1/accounts/\(UUID().uuidString)/entitlements"
        let missing = try await fixture.request("GET", path, key: nil)
        #expect(missing.status == 401)
        #expect(missing.errorName == "clientInvalid")
        #expect(missing.headers["www-authenticate"] == "Bearer")
        #expect(try await fixture.request("GET", path, key: "wrong").status == 401)
        #expect(try await fixture.request("GET", path, key: ServerFixture.apiKey + "x").status == 401)
        #expect(try await fixture.request("GET", path, key: String(ServerFixture.apiKey.dropLast())).status == 401)
        #expect(try await fixture.request("GET", path).status == 200)
        #expect(try await fixture.request("GET", "/healthz", key: nil).status == 200)
        await fixture.close()
    }

    @Test func withoutAConfiguredKeyAppFacingRoutesAnswer401() async throws {
        let fixture = try await ServerFixture(apiKey: nil)
        #expect(fixture.server.hasAPIKey == false)
        #expect(fixture.server.apiKeyVariable == "TEST_SERVER_KEY")
        let answer = try await fixture.request("GET", "/v1/accounts/\(UUID().uuidString)/entitlements")
        #expect(answer.status == 401)
        #expect(try await fixture.request("GET", "/healthz", key: nil).status == 200)
        await fixture.close()
    }

    @Test(arguments: ["ja", "ru", "zh-Hans"])
    func errorMessagesFollowAcceptLanguage(language: String) async throws {
        let fixture = try await ServerFixture()
        let path = "/v1/accounts/\(UUID().uuidString)/entitlements"
        let answer = try await fixture.request(
            "GET", path, key: nil, headers: ["Accept-Language": "xx, \(language);q=0.9, en;q=0.5"])
        let table = fixture.deployment.messages
        let expected = table.render(.keyed(.serverUnauthorized, arguments: []), locale: language)
        #expect(answer.errorMessage == expected)
        #expect(expected != table.render(.keyed(.serverUnauthorized, arguments: []), locale: "en"))
        let english = try await fixture.request("GET", path, key: nil)
        #expect(english.errorMessage == table.render(.keyed(.serverUnauthorized, arguments: []), locale: "en_US"))
        await fixture.close()
    }

    @Test func anOversizeBodyIsAnswered413WithTheJSONError() async throws {
        let fixture = try await ServerFixture(maximumBodyBytes: 16384)
        let answer = try await fixture.request(
            "POST", "/v1/transactions", body: Data(repeating: UInt8(ascii: "a"), count: 20000),
            headers: ["Accept-Language": "ru"])
        #expect(answer.status == 413)
        #expect(answer.errorName == "clientInvalid")
        #expect(
            answer.errorMessage
                == fixture.deployment.messages.render(.keyed(.serverBodyTooLarge, arguments: []), locale: "ru"))
        await fixture.close()
    }

    @Test func metricsCountRequestsAndEveryRequestIsLogged() async throws {
        let fixture = try await ServerFixture()
        let account = UUID()
        for index in 0..<3 {
            let jws = try ServerFixture.signedTransaction("tx-m\(index)", product: Self.gems, account: account)
            #expect(try await fixture.postTransaction(jws, account: account).status == 200)
        }
        #expect(try await fixture.request("GET", "/nowhere").status == 404)
        #expect(try await fixture.request("GET", "/v1/transactions").status == 405)
        let metrics = try await fixture.request("GET", "/metrics", key: nil)
        let text = String(decoding: metrics.body, as: UTF8.self)
        #expect(metrics.status == 200)
        #expect(text.contains("purchasekit_http_requests_total{route=\"/v1/transactions\",status=\"200\"} 3\n"))
        #expect(text.contains("purchasekit_http_requests_total{route=\"other\",status=\"404\"} 1\n"))
        #expect(text.contains("purchasekit_http_requests_total{route=\"/v1/transactions\",status=\"405\"} 1\n"))
        #expect(text.contains("purchasekit_http_request_duration_seconds_count 5\n"))
        #expect(text.contains("purchasekit_ledger_errors_total 0\n"))
        await fixture.close()
        let lines = fixture.lines.all
        #expect(lines.count == 6)
        let shape = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z 127\.0\.0\.1 "(GET|POST) \S+" \d{3} \d+ \d+\.\d{3}ms$/
        #expect(lines.allSatisfy { $0.wholeMatch(of: shape) != nil }, "\(lines)")
        #expect(lines.filter { $0.contains("\"POST /v1/transactions\" 200 ") }.count == 3)
        #expect(lines.contains { $0.contains("\"GET /nowhere\" 404 ") })
    }
}

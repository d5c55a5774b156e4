import Foundation
import PurchaseCore
import PurchaseKit
import PurchaseServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A StoreKit 1 receipt posted with its transaction: verified by the simulated App Store's
/// verifyReceipt, delivered once to the account.
struct ReceiptTransactionTests {
    @Test func aReceiptIsVerifiedAndItsTransactionDeliveredOnce() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("receipts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let deployment = try PurchaseDeployment.open(
            catalogPath: root.appendingPathComponent("Catalog/Simulated.plist").path, stateDirectory: state)
        try await deployment.start()
        let account = UUID()
        let outcome = await deployment.store.purchase(
            "com.example.gems.100", options: PurchaseOptions(appAccountToken: account))
        guard case .purchased(let transaction) = outcome else {
            Issue.record("the purchase did not complete: \(outcome)")
            await deployment.close()
            return
        }
        let receipt = try #require(transaction.verificationData).base64EncodedString()
        let server = try PurchaseServer(
            deployment: deployment,
            configuration: PurchaseServer.Configuration(
                port: 0, environment: ["PURCHASEKIT_SERVER_API_KEY": ServerFixture.apiKey], log: { _ in }))
        try server.start()

        func post(_ fields: [String: String]) async throws -> (Int, [String: Any]) {
            var request = URLRequest(url: URL(string: "http://127.0.0.1:\(server.port)/v1/transactions")!)
            request.httpMethod = "POST"
            request.setValue("Bearer \(ServerFixture.apiKey)", forHTTPHeaderField: "Authorization")
            request.httpBody = try JSONSerialization.data(withJSONObject: fields)
            let (data, response) = try await URLSession.shared.data(for: request)
            let json = (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, json)
        }
        // The app's own flow delivered it already: the server finds it delivered.
        let posted = try await post([
            "receipt": receipt, "transactionID": transaction.id, "productID": "com.example.gems.100",
            "appAccountToken": account.uuidString,
        ])
        #expect(posted.0 == 200)
        #expect(posted.1["delivered"] as? Bool == false)
        #expect((posted.1["balances"] as? [String: Any])?["gems"] as? Int == 100)
        // A transaction the receipt does not list is refused.
        let absent = try await post([
            "receipt": receipt, "transactionID": "not-in-the-receipt", "productID": "com.example.gems.100",
            "appAccountToken": account.uuidString,
        ])
        #expect(absent.0 == 403)
        #expect((absent.1["error"] as? [String: Any])?["name"] as? String == "verificationFailed")
        let deliveries = try await deployment.ledger.contents().deliveries
        #expect(deliveries.count == 1)
        await server.shutdown()
        await deployment.close()
    }
}

import AppStoreSignedData
import Foundation
import PurchaseCore
import PurchaseKit
import PurchaseServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Without `AppStoreRootFiles`, the server trusts what the simulated App Store signs with: its
/// environment's chain in the state folder (StoreKit 1 face), or the verifier of its StoreKit 2 face.
struct SimulatedTrustTests {
    @Test(arguments: ["Simulated.plist", "SimulatedStoreKit2.plist"])
    func theSimulatedStoresSignedDataIsTrusted(catalog: String) async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let state = FileManager.default.temporaryDirectory.appendingPathComponent(
            "simulated-trust-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let deployment = try PurchaseDeployment.open(
            catalogPath: root.appendingPathComponent("Catalog/\(catalog)").path, stateDirectory: state)
        let server = try PurchaseServer(
            deployment: deployment,
            configuration: PurchaseServer.Configuration(
                port: 0, environment: ["PURCHASEKIT_SERVER_API_KEY": ServerFixture.apiKey], log: { _ in }))
        try server.start()
        // The simulated App Store's own chain, as it keeps it in the state folder.
        let chainFile = state.appendingPathComponent("simulated-app-store/signing-chain-LocalTesting.pem")
        let identity = try SigningIdentity(pemText: try String(contentsOf: chainFile, encoding: .utf8))
        let signer = try JWSSigner(privateKey: identity.leafPrivateKey, certificateChain: identity.certificateChain)
        let account = UUID()
        var payload = ServerFixture.transactionPayload(
            "sim-1", product: "com.example.gems.100", account: account, type: .consumable)
        payload.environment = AppStoreEnvironment(rawValue: "LocalTesting")
        let transaction = try signer.sign(payload)
        var notification = NotificationPayload()
        notification.notificationUUID = UUID().uuidString.lowercased()
        notification.notificationType = .oneTimeCharge
        notification.version = "2.0"
        notification.signedDate = AppStoreDate(Date())
        var data = NotificationData()
        data.bundleId = ServerFixture.bundleID
        data.environment = AppStoreEnvironment(rawValue: "LocalTesting")
        data.signedTransactionInfo = transaction
        notification.data = data
        let body = try JSONEncoder().encode(["signedPayload": try signer.sign(notification)])

        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(server.port)/v1/apple/notifications")!)
        request.httpMethod = "POST"
        request.httpBody = body
        let (answer, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200, "\(String(decoding: answer, as: UTF8.self))")
        let delivered = try await deployment.ledger.contents().deliveries
        #expect(delivered.map(\.transactionID.id) == ["sim-1"])
        #expect(delivered.first?.appAccountToken == account)
        await server.shutdown()
        await deployment.close()
    }
}

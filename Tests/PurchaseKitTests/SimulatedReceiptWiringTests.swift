import Foundation
import PurchaseKit
import Testing

/// Receipts wired into the simulated App Store: transactions carry signed receipts, deployments
/// verify them through `AppStoreReceiptVerifier`, and the simulated verification error fails them.
struct SimulatedReceiptWiringTests {
    static let catalog: Catalog = {
        let path = PurchaseDeploymentTests.packageRoot.appendingPathComponent("Catalog/Simulated.plist").path
        return CatalogLoader().load(contentsOfFile: path).catalog!
    }()

    func open(_ settings: [String: SettingValue]) throws -> (PurchaseDeployment, URL) {
        var catalog = Self.catalog
        for (key, value) in settings { catalog.deployment.providers[0].settings[key] = value }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("receipt-wiring-\(UUID().uuidString)")
        let deployment = try PurchaseDeployment.open(catalog: catalog, stateDirectory: state, clock: ManualClock())
        return (deployment, state)
    }

    @Test func transactionsCarryAReceiptSignedWithTheStoresKey() async throws {
        let (deployment, state) = try open(["ReceiptKeySeed": "wiring"])
        defer { try? FileManager.default.removeItem(at: state) }
        let provider = try #require(deployment.providers.first as? SimulatedAppStoreProvider)
        let result = try await provider.purchase(PurchaseRequest(productID: "com.example.removeads"))
        guard case .purchased(let transaction) = result else {
            Issue.record("expected a purchase, got \(result)")
            return
        }
        let data = try #require(transaction.verificationData)
        let receipt = try ReceiptValidator(publicKey: ReceiptSigningKey(seed: Array("wiring".utf8)).publicKey)
            .validate(data)
        #expect(receipt.inApp.map(\.transactionID) == [transaction.id])
        #expect(receipt.environment == .sandbox)
        await deployment.close()
    }

    @Test func aDeploymentVerifiesThroughVerifyReceipt() async throws {
        let (deployment, state) = try open(["SharedSecret": "s3cret"])
        defer { try? FileManager.default.removeItem(at: state) }
        let provider = try #require(deployment.providers.first as? SimulatedAppStoreProvider)
        let outcome = await deployment.store.purchase("com.example.removeads")
        #expect(outcome.name == "purchased")
        let log = try #require(await provider.verifyReceiptService?.log)
        #expect(log.map(\.status.rawValue) == [21007, 0])
        #expect(log.map(\.environment) == [.production, .sandbox])
        // The key is kept in the state folder, so receipts survive a relaunch.
        #expect(FileManager.default.fileExists(atPath: state.path + "/simulated-app-store/receipt-key.pem"))
        await deployment.close()
    }

    @Test(arguments: [
        ("invalidSignature", PurchaseError.Code.verificationFailed),
        ("cloudServiceNetworkConnectionFailed", PurchaseError.Code.verificationUnavailable),
    ])
    func theSimulatedVerificationErrorFailsVerification(_ error: String, _ code: PurchaseError.Code) async throws {
        let (deployment, state) = try open(["SimulatedErrors": .dictionary(["Verification": .string(error)])])
        defer { try? FileManager.default.removeItem(at: state) }
        let outcome = await deployment.store.purchase("com.example.removeads")
        guard case .failed(let failure) = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        #expect(failure.code == code)
        #expect(try await deployment.store.entitlements().names.isEmpty)
        await deployment.close()
    }

    @Test func aTamperedReceiptIsRejected() async throws {
        let (deployment, state) = try open([:])
        defer { try? FileManager.default.removeItem(at: state) }
        let provider = try #require(deployment.providers.first as? SimulatedAppStoreProvider)
        let verifier = try #require(provider.receiptVerifier)
        let result = try await provider.purchase(PurchaseRequest(productID: "com.example.gems.100"))
        guard case .purchased(var transaction) = result, var data = transaction.verificationData else {
            Issue.record("expected a purchase with a receipt")
            return
        }
        data[data.count / 2] ^= 0x01
        transaction.verificationData = data
        await #expect(throws: PurchaseError.self) { _ = try await verifier.verify(transaction) }
        await deployment.close()
    }
}

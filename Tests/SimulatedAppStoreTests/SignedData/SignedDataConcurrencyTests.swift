import AppStoreSignedData
import Dispatch
import Foundation
import PurchaseCore
import SimulatedAppStore
import Testing

/// Signed data made from several threads at once, and in production.
struct SignedDataConcurrencyTests {
    @Test func threadsMakingTheChainAtOnceAllGetTheOneWritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "SignedDataConcurrencyTests-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let roots = Locked<[[UInt8]]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            if let chain = try? SimulatedSigningChain.persisted(in: folder, environment: .sandbox) {
                roots.withLock { $0.append(chain.identity.rootCertificate) }
            }
        }
        let found = roots.withLock { $0 }
        #expect(found.count == 4)
        #expect(Set(found).count == 1)
        let written = try SimulatedSigningChain.persisted(in: folder, environment: .sandbox)
        #expect(found.first == written.identity.rootCertificate)
    }

    @Test func concurrentPurchasesAreNotifiedInTheOrderTheStoreMadeThem() async throws {
        let queue = try PaymentQueue(catalog: TestCatalog.make(), signedData: TestSigning.signedData())
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<20 {
                group.addTask { _ = await queue.add(Payment(productIdentifier: TestCatalog.gems)) }
            }
        }
        await queue.waitForCallbacks()
        let notifications = queue.notifications()
        #expect(notifications.map(\.sequence) == Array(1...20))
        let identifiers = try notifications.map { notification in
            try TestSigning.transaction(TestSigning.verified(notification).data?.signedTransactionInfo).transactionId
                .flatMap { UInt64($0) } ?? 0
        }
        #expect(identifiers == identifiers.sorted())
        #expect(Set(identifiers).count == 20)
    }

    @Test func productionCarriesTheAppsAppleIdentifier() async throws {
        let chain = try SimulatedSigningChain.make(environment: .production)
        let identity = SignedDataIdentity(
            environment: .production, bundleID: "com.example.app", bundleVersion: "2.1", appAppleID: 1_234_567_890)
        let queue = try PaymentQueue(
            catalog: TestCatalog.make(), signedData: SimulatedSignedData(chain: chain, identity: identity))
        await queue.buy(TestCatalog.noAds)
        let notification = try #require(queue.notifications().first)
        let verifier = try SignedDataVerifier(
            trustedRoots: [chain.identity.rootCertificate], bundleID: "com.example.app", environment: "Production",
            appAppleID: 1_234_567_890)
        let payload = try verifier.verify(notification.signedPayload, as: NotificationPayload.self) {
            SignedDataClaims(
                signedDate: $0.signedDate?.date, bundleID: $0.data?.bundleId,
                environment: $0.data?.environment?.rawValue, appAppleID: $0.data?.appAppleId)
        }.payload
        #expect(payload.data?.appAppleId == 1_234_567_890)
        #expect(payload.data?.bundleVersion == "2.1")
        let app = try verifier.verify(try await queue.signedAppTransaction(), as: AppTransactionPayload.self) {
            SignedDataClaims(
                signedDate: $0.signedDate?.date, bundleID: $0.bundleId, environment: $0.receiptType?.rawValue,
                appAppleID: $0.appAppleId)
        }.payload
        #expect(app.appAppleId == 1_234_567_890)
        #expect(app.applicationVersion == "2.1")
        // The LocalTesting root does not vouch for production data.
        #expect(throws: SignedDataVerificationError.self) {
            try TestSigning.verifier().verifySignature(notification.signedPayload)
        }
    }
}

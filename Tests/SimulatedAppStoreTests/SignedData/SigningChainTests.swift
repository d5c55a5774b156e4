import AppStoreSignedData
import Foundation
import PurchaseCore
import SimulatedAppStore
import Testing

/// The signing chain kept in a simulated store's folder: made once, read back, never replaced.
struct SigningChainTests {
    private func folder() throws -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent(
            "SigningChainTests-\(UUID().uuidString)", isDirectory: true)
    }

    @Test func theChainIsMadeOnceAndReadBackOnReopen() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try SimulatedSigningChain.persisted(in: directory, environment: .sandbox)
        let second = try SimulatedSigningChain.persisted(in: directory, environment: .sandbox)
        #expect(first.identity == second.identity)
        let root = try String(
            contentsOf: directory.appendingPathComponent("signing-root-Sandbox.pem"), encoding: .utf8)
        #expect(root == first.rootCertificatePEM)
        let chainFile = directory.appendingPathComponent("signing-chain-Sandbox.pem")
        let attributes = try FileManager.default.attributesOfItem(atPath: chainFile.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        // Each environment has a chain of its own.
        let production = try SimulatedSigningChain.persisted(in: directory, environment: .production)
        #expect(production.identity.rootCertificate != first.identity.rootCertificate)
    }

    @Test func theRootFileIsWhatADeploymentTrusts() async throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let chain = try SimulatedSigningChain.persisted(in: directory, environment: .sandbox)
        let file = try Data(contentsOf: directory.appendingPathComponent("signing-root-Sandbox.pem"))
        let root = try SignedDataVerifier.trustedRoot(fileContents: Array(file))
        #expect(root == chain.identity.rootCertificate)
        let queue = try PaymentQueue(
            catalog: TestCatalog.make(),
            signedData: SimulatedSignedData(chain: chain, identity: SignedDataIdentity(environment: .sandbox)))
        let bought = await queue.buy(TestCatalog.noAds)
        let verifier = try SignedDataVerifier(trustedRoots: [root], bundleID: "com.example.app", environment: "Sandbox")
        let payload = try verifier.verify(
            try #require(try await queue.signedTransaction(bought.id)), as: TransactionPayload.self
        ) {
            SignedDataClaims(
                signedDate: $0.signedDate?.date, bundleID: $0.bundleId, environment: $0.environment?.rawValue)
        }.payload
        #expect(payload.transactionId == bought.id)
        #expect(payload.environment == .sandbox)
    }

    @Test func aDamagedChainFileIsAnErrorAndStaysAsItWas() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let chain = try SimulatedSigningChain.persisted(in: directory, environment: .localTesting)
        let file = directory.appendingPathComponent("signing-chain-LocalTesting.pem")
        var text = chain.identity.pemText
        text.removeLast(200)
        try Data(text.utf8).write(to: file)
        let error = #expect(throws: SigningChainError.self) {
            try SimulatedSigningChain.persisted(in: directory, environment: .localTesting)
        }
        guard case .damaged? = error?.problem else {
            Issue.record("not a damaged chain: \(String(describing: error))")
            return
        }
        #expect(error?.path == file.path)
        #expect(try String(contentsOf: file, encoding: .utf8) == text)
    }

    @Test func aRootFileOfAnotherChainIsAnError() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try SimulatedSigningChain.persisted(in: directory, environment: .xcode)
        let other = try SimulatedSigningChain.make(environment: .xcode)
        try Data(other.rootCertificatePEM.utf8).write(
            to: directory.appendingPathComponent("signing-root-Xcode.pem"))
        #expect(
            throws: SigningChainError(
                .rootMismatch, path: directory.appendingPathComponent("signing-root-Xcode.pem").path)
        ) {
            try SimulatedSigningChain.persisted(in: directory, environment: .xcode)
        }
    }

    @Test func aReadOnlyStoreMakesAMissingChainInMemoryOnly() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try SimulatedSigningChain.persisted(in: directory, environment: .sandbox, creatingIfMissing: false)
        #expect(!FileManager.default.fileExists(atPath: directory.path))
    }

    @Test func theProviderKeepsItsChainAcrossRelaunchesAndNamesTheEnvironment() async throws {
        let state = try folder()
        defer { try? FileManager.default.removeItem(at: state) }
        func make() throws -> SimulatedAppStoreProvider {
            let catalog = TestCatalog.make(settings: [
                "SignedDataEnvironment": "Sandbox", "BundleID": "com.example.game",
            ])
            return try SimulatedAppStoreProvider.makeSimulated(
                ProviderContext(
                    catalog: catalog, configuration: catalog.deployment.providers[0], stateDirectory: state,
                    clock: SimulationClock()))
        }
        let first = try make()
        let root = try #require(first.rootCertificate)
        #expect(first.signedData?.identity.environment == .sandbox)
        #expect(first.signedData?.identity.bundleID == "com.example.game")
        await first.close()
        let second = try make()
        #expect(second.rootCertificate == root)
        await second.close()
    }

    @Test func badSignedDataSettingsAreMisconfigurations() {
        for settings: [String: SettingValue] in [
            ["SignedDataEnvironment": "Staging"], ["SignedData": "yes"], ["AppAppleID": -1], ["BundleVersion": ""],
        ] {
            #expect(throws: PurchaseError.self) { try SimulatedAppStoreProvider.checkSettings(settings) }
        }
    }
}

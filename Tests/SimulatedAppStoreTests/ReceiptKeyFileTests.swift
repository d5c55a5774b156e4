import Foundation
import PurchaseCore
import SimulatedAppStore
import TestSupport
import Testing

/// The receipt key kept in a state folder: only a missing key is made; a key file that is there but
/// cannot be used is an error naming it, and is never replaced.
struct ReceiptKeyFileTests {
    /// A folder that does not exist yet: the key's folder is made with owner-only permissions.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("receipt-key-\(UUID().uuidString)")
    var keyFile: URL { folder.appendingPathComponent("receipt-key.pem") }

    func permissions(_ url: URL) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }

    /// Expects the key in the folder to be refused with an error naming the file and saying why.
    func expectRefused(_ problem: ReceiptKeyError.Problem, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(sourceLocation: sourceLocation) {
            try SimulatedReceipts.persistedKey(in: folder)
        } throws: { error in
            (error as? ReceiptKeyError) == ReceiptKeyError(problem, path: keyFile.path)
        }
    }

    @Test func aMissingKeyIsMadeOnceWithOwnerOnlyPermissions() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try SimulatedReceipts.persistedKey(in: folder)
        #expect(try permissions(keyFile) == 0o600)
        #expect(try permissions(folder) == 0o700)
        #expect(try SimulatedReceipts.persistedKey(in: folder) == made)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["receipt-key.pem"])
    }

    @Test(arguments: [
        ("random", ReceiptKeyError.Problem.notText), ("p384", .wrongCurve("secp384r1")),
        ("ed25519", .wrongAlgorithm("ED25519")),
        ("empty", .noPEMBlock(label: "PRIVATE KEY")), ("huge", .tooLarge(limit: 64 * 1024)),
    ])
    func aKeyFileThatCannotBeUsedIsAnErrorThatSaysWhyAndStaysAsItIs(_ kind: String, problem: ReceiptKeyError.Problem)
        throws
    {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var generator = SplitMix64(seed: 16)
        let contents: Data =
            switch kind {
            case "random": Data((0..<300).map { _ in UInt8.random(in: 0...255, using: &generator) })
            case "p384": Data(ForeignKeys.p384.utf8)
            case "ed25519": Data(ForeignKeys.ed25519.utf8)
            case "empty": Data()
            default: Data(repeating: 0x41, count: 100_000)
            }
        try contents.write(to: keyFile)
        expectRefused(problem)
        #expect(try Data(contentsOf: keyFile) == contents)
    }

    @Test func aSymbolicLinkIsRefusedAndWhatItPointsToIsLeftAlone() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let target = folder.appendingPathComponent("elsewhere.pem")
        let key = try ReceiptSigningKey.generate()
        try Data(key.pemRepresentation.utf8).write(to: target)
        try FileManager.default.createSymbolicLink(at: keyFile, withDestinationURL: target)
        expectRefused(.symbolicLink)
        // Dangling: nothing is made where it points.
        try FileManager.default.removeItem(at: target)
        expectRefused(.symbolicLink)
        #expect(!FileManager.default.fileExists(atPath: target.path))
    }

    @Test(.timeLimit(.minutes(1))) func aFIFOOrAFolderIsRefusedWithoutWaiting() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(mkfifo(keyFile.path, 0o600) == 0)
        expectRefused(.notRegularFile)
        try FileManager.default.removeItem(at: keyFile)
        try FileManager.default.createDirectory(at: keyFile, withIntermediateDirectories: false)
        expectRefused(.notRegularFile)
    }

    /// A folder that cannot hold the key (a file where the folder should be) is a read failure with
    /// the system's error number, naming the key file; nothing is created.
    @Test func aKeyThatCannotBeReachedIsAReadFailureWithItsErrorNumber() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let blocker = folder.appendingPathComponent("simulated-app-store")
        try Data("a file, not a folder".utf8).write(to: blocker)
        #expect(throws: ReceiptKeyError(.readFailed(errno: ENOTDIR), path: blocker.path + "/receipt-key.pem")) {
            try SimulatedReceipts.persistedKey(in: blocker)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["simulated-app-store"])
    }

    @Test func keysOtherThanP256AreRefusedNamingTheirCurveOrAlgorithm() {
        #expect(throws: ReceiptKeyError(.wrongCurve("secp384r1"))) { try ReceiptSigningKey(pem: ForeignKeys.p384) }
        #expect(throws: ReceiptKeyError(.wrongAlgorithm("ED25519"))) { try ReceiptSigningKey(pem: ForeignKeys.ed25519) }
    }

    /// libcrypto's own words about a key it cannot read are the problem's detail, apart from it.
    @Test func aDamagedKeyKeepsLibcryptosWordsAsItsDetail() throws {
        let error = #expect(throws: ReceiptKeyError.self) {
            try ReceiptSigningKey(pem: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n")
        }
        guard case .damagedKey(let detail) = error?.problem else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(detail?.hasPrefix("error:") == true, "\(String(describing: detail))")
        #expect(error?.problem.detail == detail)
    }

    /// Through a deployment's provider: a damaged key is a storage error (the tool's 74), and the
    /// account's journal is not opened.
    @Test func aProviderWithADamagedKeyIsNotMade() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("simulated-app-store")
        try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
        let damaged = Data("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n".utf8)
        try damaged.write(to: store.appendingPathComponent("receipt-key.pem"))
        let catalog = TestCatalog.make()
        let context = ProviderContext(
            catalog: catalog, configuration: catalog.deployment.providers[0], stateDirectory: folder,
            clock: ManualClock())
        #expect {
            try SimulatedAppStoreProvider.make(context)
        } throws: { error in
            guard let purchaseError = error as? PurchaseError, purchaseError.code == .ledgerIOFailed,
                let key = purchaseError.underlyingError as? ReceiptKeyError, case .damagedKey = key.problem
            else { return false }
            return key.path == store.appendingPathComponent("receipt-key.pem").path
        }
        #expect(try Data(contentsOf: store.appendingPathComponent("receipt-key.pem")) == damaged)
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.path) == ["receipt-key.pem"])
    }
}

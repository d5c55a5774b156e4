import Foundation
import PurchaseCore
import SimulatedAppStore
import Testing

/// The receipt key kept in a state folder: only a missing key is made; a key file that is there but
/// cannot be used is an error naming it, and is never replaced.
struct ReceiptKeyFileTests {
    /// A P-384 key (made for this test with `openssl ecparam -name secp384r1`): elliptic-curve, but
    /// not the curve receipts use.
    static let p384 = """
        -----BEGIN PRIVATE KEY-----
        MIG2AgEAMBAGByqGSM49AgEGBSuBBAAiBIGeMIGbAgEBBDAS3MBGfOUuSXa88e8Q
        QrXkq4gJrZVg1VVV5+/59OIzLiIJyzyxeVHYY4VbozrDjaGhZANiAAQ2m/6FmWpb
        UMhJ8mFOJhCeWQ+nXwAacOd0p3Vr1U8zU7PkvseCkidIJTw7MIgypof8ii+zV1DX
        gryIDYQ/7egpXQB1hHSoz5HH1kznY3w8t3Yz0hoaQm/wUOIsZGc0EnY=
        -----END PRIVATE KEY-----

        """

    /// An Ed25519 key (made with `openssl genpkey -algorithm ed25519`).
    static let ed25519 = """
        -----BEGIN PRIVATE KEY-----
        MC4CAQAwBQYDK2VwBCIEIPbUkitFklrM41H8fneXKfgGm/u3bv1pc/LFf4WOAFyJ
        -----END PRIVATE KEY-----

        """

    let folder = ScenarioLibraryTests.temporaryFolder()
    var keyFile: URL { folder.appendingPathComponent("receipt-key.pem") }

    func permissions(_ url: URL) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }

    /// Expects the key in the folder to be refused with an error naming the file.
    func expectRefused(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(sourceLocation: sourceLocation) {
            try SimulatedReceipts.persistedKey(in: folder)
        } throws: { error in
            (error as? ReceiptKeyError)?.path == keyFile.path
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

    @Test(arguments: ["random", "p384", "ed25519", "empty", "huge"])
    func aKeyFileThatCannotBeUsedIsAnErrorAndStaysAsItIs(_ kind: String) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var generator = SplitMix64(seed: 16)
        let contents: Data =
            switch kind {
            case "random": Data((0..<300).map { _ in UInt8.random(in: 0...255, using: &generator) })
            case "p384": Data(Self.p384.utf8)
            case "ed25519": Data(Self.ed25519.utf8)
            case "empty": Data()
            default: Data(repeating: 0x41, count: 100_000)
            }
        try contents.write(to: keyFile)
        expectRefused()
        #expect(try Data(contentsOf: keyFile) == contents)
    }

    @Test func aSymbolicLinkIsRefusedAndWhatItPointsToIsLeftAlone() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let target = folder.appendingPathComponent("elsewhere.pem")
        let key = try ReceiptSigningKey.generate()
        try Data(key.pemRepresentation.utf8).write(to: target)
        try FileManager.default.createSymbolicLink(at: keyFile, withDestinationURL: target)
        expectRefused()
        // Dangling: nothing is made where it points.
        try FileManager.default.removeItem(at: target)
        expectRefused()
        #expect(!FileManager.default.fileExists(atPath: target.path))
    }

    @Test(.timeLimit(.minutes(1))) func aFIFOOrAFolderIsRefusedWithoutWaiting() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(mkfifo(keyFile.path, 0o600) == 0)
        expectRefused()
        try FileManager.default.removeItem(at: keyFile)
        try FileManager.default.createDirectory(at: keyFile, withIntermediateDirectories: false)
        expectRefused()
    }

    @Test func keysOtherThanP256AreRefused() {
        #expect(throws: ReceiptKeyError.self) { try ReceiptSigningKey(pem: Self.p384) }
        #expect(throws: ReceiptKeyError.self) { try ReceiptSigningKey(pem: Self.ed25519) }
    }

    /// Through a deployment's provider: a damaged key is a storage error (the tool's 74), and the
    /// account's journal is not opened.
    @Test func aProviderWithADamagedKeyIsNotMade() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("simulated-app-store")
        try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
        let damaged = Data("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n".utf8)
        try damaged.write(to: store.appendingPathComponent("receipt-key.pem"))
        let catalog = ScenarioRunnerTests.catalog
        let context = ProviderContext(
            catalog: catalog, configuration: catalog.deployment.providers[0], stateDirectory: folder,
            clock: ManualClock())
        #expect {
            try SimulatedAppStoreProvider.make(context)
        } throws: { error in
            (error as? PurchaseError)?.code == .ledgerIOFailed
                && (error as? PurchaseError)?.underlyingError is ReceiptKeyError
        }
        #expect(try Data(contentsOf: store.appendingPathComponent("receipt-key.pem")) == damaged)
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.path) == ["receipt-key.pem"])
    }
}

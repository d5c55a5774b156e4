public import Foundation

/// How a ``SimulatedAppStoreProvider`` issues and verifies receipts: the key it signs with, the app
/// it signs for and the shared secret its verifyReceipt service holds.
///
/// Each transaction the provider reports carries, as its `verificationData`, a receipt signed with
/// ``signingKey`` listing that transaction and those reported with it (up to 64);
/// ``SimulatedAppStoreProvider/receiptVerifier`` checks it through a ``SimulatedVerifyReceiptService`` that trusts only this key.
public struct SimulatedReceipts: Sendable {
    /// The key receipts are signed with (keep it with the store's state so receipts survive a relaunch).
    public var signingKey: ReceiptSigningKey
    /// The app's bundle identifier written in receipts (`bundle_id`).
    public var bundleID: String
    /// The app's shared secret on file with the verifyReceipt service and sent by the verifier; `nil`
    /// checks none.
    public var sharedSecret: String?

    /// Creates receipt settings.
    public init(signingKey: ReceiptSigningKey, bundleID: String = "com.example.app", sharedSecret: String? = nil) {
        self.signingKey = signingKey
        self.bundleID = bundleID
        self.sharedSecret = sharedSecret
    }

    /// The key kept in `directory/receipt-key.pem`, made (random) and written there when missing.
    ///
    /// Only a missing key is made: a file that is there is read, and a key that cannot be read from it
    /// is an error, so a damaged key is never replaced (receipts signed with it would stop verifying).
    /// The file is opened without following a symbolic link and must be a regular file holding a P-256
    /// private key in PEM; a new one is created 0600 and appears atomically, never over another
    /// process's key (the folder is created 0700 when missing).
    ///
    /// - Parameters:
    ///   - directory: the simulated store's folder in the state folder.
    ///   - creatingIfMissing: whether a missing key is written to the folder; when false (a read-only
    ///     deployment) a missing key is made in memory only and nothing is created.
    /// - Throws: ``ReceiptKeyError`` naming the file (or, when the folder cannot be made, the folder)
    ///   when the key cannot be read, parsed, made or written; its ``ReceiptKeyError/problem`` says why.
    public static func persistedKey(in directory: URL, creatingIfMissing: Bool = true) throws(ReceiptKeyError)
        -> ReceiptSigningKey
    {
        let file = directory.appendingPathComponent("receipt-key.pem")
        if let text = try ReceiptKeyFile.read(file) { return try key(from: text, in: file) }
        let key: ReceiptSigningKey
        do {
            key = try ReceiptSigningKey.generate()
        } catch {
            throw ReceiptKeyError(error.problem, path: file.path)
        }
        guard creatingIfMissing else { return key }
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw ReceiptKeyError(.writeFailed(errno: systemErrorNumber(of: error)), path: directory.path)
        }
        if try ReceiptKeyFile.create(key.pemRepresentation, at: file) { return key }
        // Another process made the key meanwhile: use that one.
        guard let text = try ReceiptKeyFile.read(file) else { throw ReceiptKeyError(.vanished, path: file.path) }
        return try Self.key(from: text, in: file)
    }

    private static func key(from text: String, in file: URL) throws(ReceiptKeyError) -> ReceiptSigningKey {
        do {
            return try ReceiptSigningKey(pem: text)
        } catch {
            throw ReceiptKeyError(error.problem, path: file.path)
        }
    }

    /// The system error number behind a `FileManager` failure (`EIO` when it gives none).
    private static func systemErrorNumber(of error: any Error) -> Int32 {
        if let posix = error as? POSIXError { return posix.code.rawValue }
        // A CocoaError whose underlying error is the system's (a POSIXError on Linux).
        if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? any Error {
            let system = underlying as NSError
            if system.domain == NSPOSIXErrorDomain { return Int32(system.code) }
        }
        return EIO
    }
}

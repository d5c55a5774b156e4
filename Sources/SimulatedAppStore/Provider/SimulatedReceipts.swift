public import Foundation

/// How a ``SimulatedAppStoreProvider`` issues and verifies receipts: the key it signs with, the app
/// it signs for and the shared secret its verifyReceipt service holds.
///
/// Each transaction the provider reports carries, as its `verificationData`, a receipt signed with
/// ``signingKey`` listing that transaction; ``SimulatedAppStoreProvider/receiptVerifier`` checks it
/// through a ``SimulatedVerifyReceiptService`` that trusts only this key.
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
    /// - Throws: ``ReceiptKeyError`` when the file cannot be read, parsed or written.
    public static func persistedKey(in directory: URL) throws(ReceiptKeyError) -> ReceiptSigningKey {
        let file = directory.appendingPathComponent("receipt-key.pem")
        if let text = try? String(contentsOf: file, encoding: .utf8) {
            return try ReceiptSigningKey(pem: text)
        }
        let key = try ReceiptSigningKey.generate()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(key.pemRepresentation.utf8).write(to: file, options: .atomic)
        } catch {
            throw ReceiptKeyError(reason: "cannot write \(file.path): \(error)")
        }
        return key
    }
}

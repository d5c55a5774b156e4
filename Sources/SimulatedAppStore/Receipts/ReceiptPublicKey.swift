public import Foundation

/// The public half of a ``ReceiptSigningKey``: what a ``ReceiptValidator`` (and so a simulated
/// verifyReceipt service) needs to authenticate receipts. Plain bytes, `Sendable`.
public struct ReceiptPublicKey: Sendable, Hashable {
    /// The key as X.509 `SubjectPublicKeyInfo` DER.
    public let derRepresentation: Data
    /// The key's raw parts (its point), which verifying rebuilds the key from (derived from
    /// ``derRepresentation``).
    let raw: LibCrypto.RawKey

    /// Reads a public key from `SubjectPublicKeyInfo` DER.
    ///
    /// - Throws: ``ReceiptKeyError`` when the bytes are not a P-256 public key.
    public init(derRepresentation der: Data) throws(ReceiptKeyError) {
        do {
            self.raw = try LibCrypto.checkPublicKey(der: Array(der))
        } catch {
            throw ReceiptKeyError(error.problem)
        }
        self.derRepresentation = der
    }

    /// Reads a PEM public key (`-----BEGIN PUBLIC KEY-----`).
    ///
    /// - Throws: ``ReceiptKeyError`` when the text holds no such block or the key is not P-256.
    public init(pem: String) throws(ReceiptKeyError) {
        guard let der = PEM.decode(pem, labels: ["PUBLIC KEY"]) else {
            throw ReceiptKeyError(.noPEMBlock(label: "PUBLIC KEY"))
        }
        try self.init(derRepresentation: der)
    }

    /// A key libcrypto has just produced, with its point.
    init(checkedDER der: Data, point: [UInt8]) {
        self.derRepresentation = der
        self.raw = LibCrypto.RawKey(scalar: [], point: point)
    }

    /// The key as PEM (`-----BEGIN PUBLIC KEY-----`).
    public var pemRepresentation: String { PEM.encode(derRepresentation, label: "PUBLIC KEY") }
}

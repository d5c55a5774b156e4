public import Foundation

/// The public half of a ``ReceiptSigningKey``: what a ``ReceiptValidator`` (and so a simulated
/// verifyReceipt service) needs to authenticate receipts. Plain bytes, `Sendable`.
public struct ReceiptPublicKey: Sendable, Hashable {
    /// The key as X.509 `SubjectPublicKeyInfo` DER.
    public let derRepresentation: Data

    /// Reads a public key from `SubjectPublicKeyInfo` DER.
    ///
    /// - Throws: ``ReceiptKeyError`` when the bytes are not an elliptic-curve public key.
    public init(derRepresentation der: Data) throws(ReceiptKeyError) {
        do {
            try LibCrypto.checkPublicKey(der: Array(der))
        } catch {
            throw ReceiptKeyError(reason: error.description)
        }
        self.derRepresentation = der
    }

    /// Reads a PEM public key (`-----BEGIN PUBLIC KEY-----`).
    ///
    /// - Throws: ``ReceiptKeyError`` when the text holds no such block or the key is not elliptic-curve.
    public init(pem: String) throws(ReceiptKeyError) {
        guard let der = PEM.decode(pem, labels: ["PUBLIC KEY"]) else {
            throw ReceiptKeyError(reason: "no PUBLIC KEY block in the PEM text")
        }
        try self.init(derRepresentation: der)
    }

    /// A key libcrypto has just produced.
    init(checkedDER der: Data) {
        self.derRepresentation = der
    }

    /// The key as PEM (`-----BEGIN PUBLIC KEY-----`).
    public var pemRepresentation: String { PEM.encode(derRepresentation, label: "PUBLIC KEY") }
}

/// A receipt key could not be read or made.
public struct ReceiptKeyError: Error, Sendable, CustomStringConvertible {
    /// Why, in English, for logs.
    public var reason: String

    /// Creates the error.
    public init(reason: String) {
        self.reason = reason
    }

    /// `reason`.
    public var description: String { reason }
}

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
            throw ReceiptKeyError(reason: error.description)
        }
        self.derRepresentation = der
    }

    /// Reads a PEM public key (`-----BEGIN PUBLIC KEY-----`).
    ///
    /// - Throws: ``ReceiptKeyError`` when the text holds no such block or the key is not P-256.
    public init(pem: String) throws(ReceiptKeyError) {
        guard let der = PEM.decode(pem, labels: ["PUBLIC KEY"]) else {
            throw ReceiptKeyError(reason: "no PUBLIC KEY block in the PEM text")
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

/// A receipt key could not be read or made.
public struct ReceiptKeyError: Error, Sendable, CustomStringConvertible {
    /// Why, in English, for logs.
    public var reason: String
    /// The key file (or its folder) concerned, when the key lives in a file.
    public var path: String?

    /// Creates the error.
    public init(reason: String, path: String? = nil) {
        self.reason = reason
        self.path = path
    }

    /// `path: reason`, or `reason` without a path.
    public var description: String { path.map { "\($0): \(reason)" } ?? reason }
}

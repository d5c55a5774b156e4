public import Foundation

/// The private key a simulated App Store signs its receipts with: ECDSA on the NIST P-256 curve.
///
/// A key is plain bytes (PKCS#8 DER) and is `Sendable`. Keep a
/// store's key with the store's state ( ``pkcs8DER`` or ``pemRepresentation`` ) so receipts issued
/// before a relaunch still verify after it, and give verifiers only the ``publicKey``.
///
/// Keys come from three places:
/// - ``generate()``: a fresh random key (OpenSSL's secure generator), for a new simulated store;
/// - ``init(pkcs8DER:)`` / ``init(pem:)``: a key persisted earlier (SEC1 `EC PRIVATE KEY` is read too);
/// - ``init(seed:)``: a key derived from a seed, so that tests and scenarios are reproducible: the
///   same seed always gives the same key pair. Such a key is only as secret as its seed.
public struct ReceiptSigningKey: Sendable, Hashable {
    /// The private key as PKCS#8 `PrivateKeyInfo` DER.
    public let pkcs8DER: Data
    /// The matching public key, for a ``ReceiptValidator``.
    public let publicKey: ReceiptPublicKey
    /// The key's raw parts, which signing rebuilds the key from (derived from ``pkcs8DER``).
    let raw: LibCrypto.RawKey

    /// Reads a persisted private key: PKCS#8 DER, or SEC1 `ECPrivateKey` DER.
    ///
    /// - Throws: ``ReceiptKeyError`` when the bytes are not a P-256 private key (another curve or
    ///   algorithm included).
    public init(pkcs8DER der: Data) throws(ReceiptKeyError) {
        do {
            let (pkcs8, spki, raw) = try LibCrypto.normalizePrivateKey(der: Array(der))
            self.pkcs8DER = Data(pkcs8)
            self.publicKey = ReceiptPublicKey(checkedDER: Data(spki), point: raw.point)
            self.raw = raw
        } catch {
            throw ReceiptKeyError(error.problem)
        }
    }

    /// Reads a PEM private key (`PRIVATE KEY` or `EC PRIVATE KEY`).
    ///
    /// - Throws: ``ReceiptKeyError`` when the text holds no such block or the key is not P-256.
    public init(pem: String) throws(ReceiptKeyError) {
        guard let der = PEM.decode(pem, labels: ["PRIVATE KEY", "EC PRIVATE KEY"]) else {
            throw ReceiptKeyError(.noPEMBlock(label: "PRIVATE KEY"))
        }
        try self.init(pkcs8DER: der)
    }

    /// Derives a P-256 key from `seed` (any bytes): the private scalar is SHA-256 of a fixed label,
    /// the seed and a counter, the first such value in 1..<n. The same seed always gives the same key.
    public init(seed: some Sequence<UInt8>) {
        let seedBytes = Array(seed)
        // A SHA-256 value falls outside 1..<n with probability about 2^-32, so the first counter
        // almost always serves; 256 tries failing means libcrypto itself is broken.
        for counter in UInt8.min...UInt8.max {
            let scalar = LibCrypto.sha256(Array(Self.derivationLabel.utf8) + seedBytes + [counter])
            if Self.isValidScalar(scalar), let key = try? Self(pkcs8DER: Self.sec1DER(scalar: scalar)) {
                self = key
                return
            }
        }
        fatalError("libcrypto cannot load a P-256 private key")
    }

    /// A new random key from OpenSSL's cryptographically secure generator.
    ///
    /// - Throws: ``ReceiptKeyError`` if the generator fails.
    public static func generate() throws(ReceiptKeyError) -> ReceiptSigningKey {
        while true {
            let scalar: [UInt8]
            do {
                scalar = try LibCrypto.randomBytes(32)
            } catch {
                throw ReceiptKeyError(error.problem)
            }
            if isValidScalar(scalar) { return try ReceiptSigningKey(pkcs8DER: sec1DER(scalar: scalar)) }
        }
    }

    /// The private key as PEM (`-----BEGIN PRIVATE KEY-----`), for a state file.
    public var pemRepresentation: String { PEM.encode(pkcs8DER, label: "PRIVATE KEY") }

    // MARK: - Private

    private static let derivationLabel = "PurchaseKit SimulatedAppStore receipt key v1"

    /// Whether a 32-byte big-endian number is a valid private scalar: 0 < s < n.
    private static func isValidScalar(_ scalar: [UInt8]) -> Bool {
        scalar.count == 32 && scalar.contains { $0 != 0 } && scalar.lexicographicallyPrecedes(ECDSASignature.order)
    }

    /// SEC1 `ECPrivateKey` DER for a P-256 scalar, without the public key (libcrypto computes it).
    private static func sec1DER(scalar: [UInt8]) -> Data {
        // SEQUENCE { INTEGER 1, OCTET STRING scalar, [0] OID prime256v1 }
        let header: [UInt8] = [0x30, 0x31, 0x02, 0x01, 0x01, 0x04, 0x20]
        let curve: [UInt8] = [0xA0, 0x0A, 0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07]
        return Data(header + scalar + curve)
    }
}

public import AppStoreSignedData
public import Foundation

/// The In-App Purchase key of a simulated App Store's account: the private key an app's server signs
/// its App Store Server API tokens with (a `.p8` file, as App Store Connect gives), and the key
/// identifier and issuer identifier the simulated server expects in those tokens.
///
/// The identifiers are derived from the key itself (SHA-256 of its public point): ``keyID`` ten
/// uppercase hexadecimal digits, ``issuerID`` a UUID; so the `.p8` file alone names them.
///
/// The file (``fileName`` in the account's folder) is made on first use and kept: one that is there
/// is read, and one that cannot be read is an error, never replaced (tokens signed with it would stop
/// verifying). It is read as every state file is (no symbolic link followed, regular files only,
/// bounded), and a new one is created 0600 and appears atomically, never over another process's
/// (that one is read instead).
public struct SimulatedServerAPIKey: Sendable {
    /// The name of the key file in the account's folder.
    public static let fileName = "server-api-key.p8"

    /// The private key (what the app's server holds).
    public let privateKey: ES256PrivateKey
    /// Its public half (what the simulated server verifies with).
    public let publicKey: ES256PublicKey
    /// The key identifier tokens carry in `kid`.
    public let keyID: String
    /// The issuer identifier tokens carry in `iss`.
    public let issuerID: String

    /// The key of `privateKey`, with its derived identifiers.
    ///
    /// - Throws: `ES256KeyError` when the public half cannot be read.
    public init(privateKey: ES256PrivateKey) throws(ES256KeyError) {
        self.privateKey = privateKey
        publicKey = try privateKey.publicKey()
        let digest = publicKey.fingerprint
        guard digest.count == 32 else { throw ES256KeyError(detail: "the key's fingerprint cannot be computed") }
        keyID = String(digest.prefix(5).map { String(format: "%02X", $0) }.joined())
        var bytes = Array(digest[5..<21])
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let uuid = UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
        issuerID = uuid.uuidString.lowercased()
    }

    /// A new key, in memory.
    ///
    /// - Throws: ``ServerAPIKeyError`` with ``ServerAPIKeyError/Problem/generationFailed(detail:)``.
    public static func make() throws(ServerAPIKeyError) -> SimulatedServerAPIKey {
        do {
            return try SimulatedServerAPIKey(privateKey: try ES256PrivateKey.generate())
        } catch {
            throw ServerAPIKeyError(.generationFailed(detail: error.detail))
        }
    }

    /// The key file's text (PEM `PRIVATE KEY`, PKCS#8).
    ///
    /// - Throws: ``ServerAPIKeyError`` when it cannot be encoded.
    public func pemText() throws(ServerAPIKeyError) -> String {
        do {
            return try privateKey.pemText()
        } catch {
            throw ServerAPIKeyError(.generationFailed(detail: error.detail))
        }
    }

    /// The key kept in `directory` (the account's folder), made and written there when missing.
    ///
    /// - Parameters:
    ///   - directory: the simulated store's folder (made 0700 when missing).
    ///   - creatingIfMissing: whether a missing key is written; when false a missing key is made in
    ///     memory only and nothing is created.
    /// - Throws: ``ServerAPIKeyError`` naming the file when the key cannot be read, made or written.
    public static func persisted(in directory: URL, creatingIfMissing: Bool = true) throws(ServerAPIKeyError)
        -> SimulatedServerAPIKey
    {
        let file = directory.appendingPathComponent(fileName)
        if let existing = try read(file) { return existing }
        let made = try make()
        guard creatingIfMissing else { return made }
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw ServerAPIKeyError(.file(.writeFailed(errno: EIO)), path: directory.path)
        }
        let text = try made.pemText()
        let created: Bool
        do {
            created = try ReceiptKeyFile.create(text, at: file)
        } catch {
            throw ServerAPIKeyError(.file(error.problem), path: file.path)
        }
        if created { return made }
        // Another process made the key meanwhile: use that one.
        guard let other = try read(file) else { throw ServerAPIKeyError(.file(.vanished), path: file.path) }
        return other
    }

    private static func read(_ file: URL) throws(ServerAPIKeyError) -> SimulatedServerAPIKey? {
        let text: String
        do {
            guard let contents = try ReceiptKeyFile.read(file) else { return nil }
            text = contents
        } catch {
            throw ServerAPIKeyError(.file(error.problem), path: file.path)
        }
        do {
            return try SimulatedServerAPIKey(privateKey: try ES256PrivateKey(pemText: text))
        } catch {
            throw ServerAPIKeyError(.damaged(detail: error.detail), path: file.path)
        }
    }
}

/// A simulated App Store's server API key could not be read, made or written.
///
/// ``problem`` says why (switch with a `default`: new cases may be added); ``path`` names the file.
/// A key file that is there but cannot be read as a P-256 PKCS#8 key is always this error: it is
/// never replaced.
public struct ServerAPIKeyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why. New cases may be added.
    public enum Problem: Sendable, Hashable, CustomStringConvertible {
        /// The file could not be read or written as a state file.
        case file(ReceiptKeyError.Problem)
        /// The file's text is not one PEM `PRIVATE KEY` block holding a P-256 key.
        case damaged(detail: String)
        /// libcrypto could not make a key.
        case generationFailed(detail: String)

        /// The problem in English.
        public var description: String {
            switch self {
            case .file(let problem): problem.description
            case .damaged(let detail): "it is not a P-256 private key in PKCS#8: \(detail)"
            case .generationFailed(let detail): "a key could not be made: \(detail)"
            }
        }
    }

    /// Why.
    public var problem: Problem
    /// The file (or folder) concerned.
    public var path: String?

    /// Creates the error.
    public init(_ problem: Problem, path: String? = nil) {
        self.problem = problem
        self.path = path
    }

    /// `path: reason`, or the reason without a path.
    public var description: String { path.map { "\($0): \(problem)" } ?? problem.description }
}

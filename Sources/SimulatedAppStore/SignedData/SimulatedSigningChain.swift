public import AppStoreSignedData
public import Foundation

/// The certificate chain a simulated App Store signs an environment's data with, kept in the
/// store's folder: `signing-chain-<Environment>.pem` (the chain and the leaf's private key, the
/// text form of `SigningIdentity`) and `signing-root-<Environment>.pem` (the root certificate
/// alone: the file a deployment trusting this store's signed data points at).
///
/// The chain is made on first use and kept: a chain file that is there is read, and one that cannot
/// be read is an error, never replaced (data signed with it would stop verifying). Files are read
/// as every state file is (no symbolic link followed, regular files only, bounded), and a new one is
/// created 0600 and appears atomically, never over another process's (that one is read instead).
public struct SimulatedSigningChain: Sendable {
    /// The chain and the leaf's key.
    public let identity: SigningIdentity
    /// The environment it signs for.
    public let environment: AppStoreSignedData.AppStoreEnvironment
    /// The signer over the chain's leaf key.
    public let signer: JWSSigner

    /// The largest chain file read.
    static let maximumSize = 64 * 1024

    /// A chain for `environment` from an identity.
    ///
    /// - Throws: ``SigningChainError`` with ``SigningChainError/Problem/damaged(_:)`` when its key
    ///   cannot be read.
    public init(identity: SigningIdentity, environment: AppStoreSignedData.AppStoreEnvironment)
        throws(SigningChainError)
    {
        self.identity = identity
        self.environment = environment
        do {
            signer = try JWSSigner(identity: identity)
        } catch {
            throw SigningChainError(.damaged(error.problem))
        }
    }

    /// A new chain for `environment`, in memory.
    ///
    /// - Throws: ``SigningChainError`` with ``SigningChainError/Problem/generationFailed(detail:)``.
    public static func make(
        environment: AppStoreSignedData.AppStoreEnvironment, at date: Date = Date()
    ) throws(SigningChainError) -> SimulatedSigningChain {
        let identity: SigningIdentity
        do {
            identity = try SigningIdentity.make(environment: environment.rawValue, at: date)
        } catch {
            throw SigningChainError(.generationFailed(detail: error.description))
        }
        return try SimulatedSigningChain(identity: identity, environment: environment)
    }

    /// The root certificate in PEM: what a deployment trusts.
    public var rootCertificatePEM: String {
        PEM.encode(Data(identity.rootCertificate), label: "CERTIFICATE")
    }

    /// The chain file's name for an environment.
    public static func chainFileName(_ environment: AppStoreSignedData.AppStoreEnvironment) -> String {
        "signing-chain-\(environment.rawValue).pem"
    }

    /// The root certificate file's name for an environment.
    public static func rootFileName(_ environment: AppStoreSignedData.AppStoreEnvironment) -> String {
        "signing-root-\(environment.rawValue).pem"
    }

    /// The chain kept in `directory` for `environment`, made and written there when missing, with
    /// its root certificate file next to it (written when missing, checked when there).
    ///
    /// - Parameters:
    ///   - directory: the simulated store's folder in the state folder (made 0700 when missing).
    ///   - environment: the environment whose chain it is (it names the files).
    ///   - creatingIfMissing: whether a missing chain is written; when false (a read-only
    ///     deployment) a missing chain is made in memory only and nothing is created.
    ///   - date: the time the certificates of a new chain are valid around.
    /// - Throws: ``SigningChainError`` naming the file when a chain cannot be read, made or written,
    ///   or the root file holds another root.
    public static func persisted(
        in directory: URL, environment: AppStoreSignedData.AppStoreEnvironment, creatingIfMissing: Bool = true,
        at date: Date = Date()
    ) throws(SigningChainError) -> SimulatedSigningChain {
        let file = directory.appendingPathComponent(chainFileName(environment))
        let chain: SimulatedSigningChain
        if let existing = try read(file, environment: environment) {
            chain = existing
        } else {
            let made = try make(environment: environment, at: date)
            guard creatingIfMissing else { return made }
            do {
                try FileManager.default.createDirectory(
                    at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw SigningChainError(.file(.writeFailed(errno: EIO)), path: directory.path)
            }
            if try create(made.identity.pemText, at: file) {
                chain = made
            } else {
                // Another process made the chain meanwhile: use that one.
                guard let other = try read(file, environment: environment) else {
                    throw SigningChainError(.file(.vanished), path: file.path)
                }
                chain = other
            }
        }
        guard creatingIfMissing else { return chain }
        let rootFile = directory.appendingPathComponent(rootFileName(environment))
        let root = chain.rootCertificatePEM
        if try text(of: rootFile) == nil, try create(root, at: rootFile) { return chain }
        guard try text(of: rootFile) == root else { throw SigningChainError(.rootMismatch, path: rootFile.path) }
        return chain
    }

    private static func text(of file: URL) throws(SigningChainError) -> String? {
        do {
            return try ReceiptKeyFile.read(file)
        } catch {
            throw SigningChainError(.file(error.problem), path: file.path)
        }
    }

    private static func read(_ file: URL, environment: AppStoreSignedData.AppStoreEnvironment)
        throws(SigningChainError) -> SimulatedSigningChain?
    {
        guard let text = try text(of: file) else { return nil }
        let identity: SigningIdentity
        do {
            identity = try SigningIdentity(pemText: text)
        } catch {
            throw SigningChainError(.damaged(error.problem), path: file.path)
        }
        do {
            return try SimulatedSigningChain(identity: identity, environment: environment)
        } catch {
            throw SigningChainError(error.problem, path: file.path)
        }
    }

    private static func create(_ text: String, at file: URL) throws(SigningChainError) -> Bool {
        do {
            return try ReceiptKeyFile.create(text, at: file)
        } catch {
            throw SigningChainError(.file(error.problem), path: file.path)
        }
    }
}

extension JWSSigner: CompactJWSSigning {
    /// `sign(payload:)`: the compact JWS of the payload's bytes.
    public func compactJWS(signing payload: [UInt8]) throws -> String {
        try sign(payload: payload)
    }
}

extension SimulatedSignedData {
    /// The signing side of a store signing with `chain`, for `identity` (whose environment should be
    /// the chain's).
    public convenience init(
        chain: SimulatedSigningChain, identity: SignedDataIdentity, notifications: NotificationLog = NotificationLog()
    ) {
        self.init(
            identity: identity, signer: chain.signer, rootCertificate: chain.identity.rootCertificate,
            notifications: notifications)
    }

    /// The root certificate in PEM.
    public var rootCertificatePEM: String {
        PEM.encode(Data(rootCertificate), label: "CERTIFICATE")
    }
}

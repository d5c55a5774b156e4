import AppStoreSignedData
import Foundation
import PurchaseCore

/// What a simulated App Store signs with and for: the signer (the environment's certificate chain),
/// the identity every payload carries, the root certificate a deployment trusts, and the log of the
/// App Store Server Notifications it emitted.
///
/// Given to a ``PaymentQueue`` (`signedData:`), it makes the queue sign its transactions, renewal
/// info and app transaction on request and emit a signed notification for each of its events.
/// Safe to share: everything in it is immutable or behind a lock.
public final class SimulatedSignedData: Sendable {
    /// Whom and where the store signs for.
    public let identity: SignedDataIdentity
    /// The signer (the chain's leaf key, with the chain in every header).
    public let signer: any CompactJWSSigning
    /// The chain's root certificate, DER: what a verifier of this store's signed data trusts.
    public let rootCertificate: [UInt8]
    /// The notifications emitted so far.
    public let notifications: NotificationLog
    private let failure = Locked<String?>(nil)

    /// Creates the signing side of a simulated store.
    ///
    /// - Parameters:
    ///   - identity: the environment, bundle and app the payloads name.
    ///   - signer: signs payloads (for the store's own chain, ``SimulatedSigningChain``).
    ///   - rootCertificate: the DER of the root certificate `signer`'s chain ends at.
    ///   - notifications: where emitted notifications go.
    public init(
        identity: SignedDataIdentity, signer: any CompactJWSSigning, rootCertificate: [UInt8],
        notifications: NotificationLog = NotificationLog()
    ) {
        self.identity = identity
        self.signer = signer
        self.rootCertificate = rootCertificate
        self.notifications = notifications
    }

    /// The last signing failure (a notification that could not be signed was not emitted), for logs.
    public var lastSigningFailure: String? { failure.withLock { $0 } }

    /// The compact JWS of `payload`'s JSON (`PayloadJSON`).
    ///
    /// - Throws: ``SimulatedSignedDataError/signingFailed(_:)`` when the signer fails.
    func sign(_ payload: some Encodable) throws(SimulatedSignedDataError) -> String {
        do {
            return try signer.compactJWS(signing: Array(PayloadJSON.encode(payload)))
        } catch {
            let text = String(describing: error)
            failure.withLock { $0 = text }
            throw .signingFailed(text)
        }
    }
}

/// Why the simulated App Store could not give signed data.
public enum SimulatedSignedDataError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The store was made without signed data (no ``SimulatedSignedData``).
    case notEnabled
    /// The signer failed; the text is its error's, in English.
    case signingFailed(String)

    /// The reason in English.
    public var description: String {
        switch self {
        case .notEnabled: "the simulated App Store issues no signed data"
        case .signingFailed(let detail): "signing failed: \(detail)"
        }
    }
}

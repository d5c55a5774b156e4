import AppStoreSignedData
import Foundation
import PurchaseCore
import SimulatedAppStore
import Testing

/// A chain made once for the tests of this target (making one costs three key pairs).
enum TestSigning {
    static let chain: SimulatedSigningChain = {
        do {
            return try SimulatedSigningChain.make(environment: .localTesting)
        } catch {
            preconditionFailure("no test chain: \(error)")
        }
    }()

    /// Signed data over ``chain`` for `com.example.app` in LocalTesting.
    static func signedData(bundleID: String = "com.example.app") -> SimulatedSignedData {
        SimulatedSignedData(chain: chain, identity: SignedDataIdentity(environment: .localTesting, bundleID: bundleID))
    }

    /// A verifier trusting only ``chain``'s root, for `bundleID` (`nil`: not checked) in LocalTesting.
    static func verifier(bundleID: String? = "com.example.app") throws -> SignedDataVerifier {
        try SignedDataVerifier(
            trustedRoots: [chain.identity.rootCertificate], bundleID: bundleID, environment: "LocalTesting")
    }

    /// The transaction payload of `token`, verified against ``chain``'s root.
    static func transaction(_ token: String?) throws -> TransactionPayload {
        let token = try #require(token)
        return try verifier().verify(token, as: TransactionPayload.self) {
            SignedDataClaims(
                signedDate: $0.signedDate?.date, bundleID: $0.bundleId, environment: $0.environment?.rawValue)
        }.payload
    }

    /// The renewal info payload of `token`, verified against ``chain``'s root.
    static func renewalInfo(_ token: String?) throws -> RenewalInfoPayload {
        let token = try #require(token)
        return try verifier(bundleID: nil).verify(token, as: RenewalInfoPayload.self) {
            SignedDataClaims(signedDate: $0.signedDate?.date, environment: $0.environment?.rawValue)
        }.payload
    }

    /// The notification payload of `notification`'s body, verified against ``chain``'s root, with its
    /// transaction and renewal info verified too.
    static func verified(_ notification: SignedNotification) throws -> NotificationPayload {
        let body = try PayloadJSON.decode(NotificationBody.self, from: notification.body)
        let payload = try verifier().verify(body.signedPayload, as: NotificationPayload.self) {
            SignedDataClaims(
                signedDate: $0.signedDate?.date, bundleID: $0.data?.bundleId,
                environment: $0.data?.environment?.rawValue)
        }.payload
        if let info = payload.data?.signedTransactionInfo { _ = try transaction(info) }
        if let info = payload.data?.signedRenewalInfo { _ = try renewalInfo(info) }
        return payload
    }
}

extension PaymentQueue {
    /// `TYPE` or `TYPE/SUBTYPE` of each notification emitted after `sequence`, each verified.
    nonisolated func emitted(after sequence: UInt64) throws -> [String] {
        try notifications(after: sequence).map { notification in
            _ = try TestSigning.verified(notification)
            return notification.summary
        }
    }

    /// The sequence of the latest notification.
    nonisolated var lastNotification: UInt64 { signedData?.notifications.lastSequence ?? 0 }
}

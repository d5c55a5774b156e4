public import PurchaseCore

import struct Foundation.Data

/// The core's verification plug-in for StoreKit 2 transactions: a ``ReceiptVerifier`` that accepts a
/// transaction only when its ``StoreTransaction/verificationData`` is a signed transaction (compact
/// JWS, UTF-8) that a ``SignedDataVerifier`` accepts and that describes this very transaction.
///
/// Guarantees: ``verify(_:)`` returns only for a transaction whose signed payload passed every check
/// of the ``SignedDataVerifier`` (chain to a trusted root, marker extensions, ES256 signature, bundle
/// id, environment) and names the same transaction id and product. What it returns is rebuilt from
/// the signed payload (the store's word on dates, expiry, revocation, ownership, offer and app
/// account token), keeping the reported transaction's state, store, auto-renew flag and failure. A
/// transaction without signed data, or with data for another transaction, is refused with
/// `PurchaseError.Code.verificationFailed`; a check that could not be completed is
/// `PurchaseError.Code.verificationUnavailable` (the store keeps the transaction unfinished and tries
/// again).
public struct SignedTransactionVerifier: ReceiptVerifier {
    /// The verifier of the signed data.
    public let verifier: SignedDataVerifier

    /// A verifier of transactions signed under `verifier`'s trusted roots, bundle id and environment.
    public init(verifier: SignedDataVerifier) {
        self.verifier = verifier
    }

    /// Verifies `transaction`'s signed data and returns the transaction it signs.
    public func verify(_ transaction: StoreTransaction) async throws -> StoreTransaction {
        guard let data = transaction.verificationData, let token = String(data: data, encoding: .utf8) else {
            throw PurchaseError(
                .verificationFailed,
                detail: "transaction \(transaction.transactionID) carries no signed transaction",
                productID: transaction.productID)
        }
        let verified: VerifiedSignedData<TransactionPayload>
        do {
            verified = try verifier.verifyTransaction(token)
        } catch {
            throw error.purchaseError
        }
        let payload = verified.payload
        guard payload.transactionId == transaction.id, payload.productId == transaction.productID,
            var signed = StoreTransaction(
                payload: payload, store: transaction.store, state: transaction.state, signedTransaction: token)
        else {
            throw PurchaseError(
                .verificationFailed,
                detail: "the signed transaction \(payload.transactionId ?? "without an id") of "
                    + "\(payload.productId ?? "no product") does not describe transaction "
                    + "\(transaction.transactionID) of \(transaction.productID)",
                productID: transaction.productID)
        }
        signed.willAutoRenew = transaction.willAutoRenew
        signed.failure = transaction.failure
        return signed
    }
}

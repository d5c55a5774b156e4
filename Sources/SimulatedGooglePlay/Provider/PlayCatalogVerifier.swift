import Foundation
public import PurchaseCore

/// The verifier of a deployment's Play transactions: ``PlayPurchaseVerifier``'s checks, with the
/// transaction's catalog product named by its Play product id (`StoreIDs`), so a product Play knows
/// under another id verifies.
///
/// Guarantees: ``verify(_:)`` returns the transaction unchanged exactly when ``base`` accepts its signed
/// purchase for the Play id of its product (the catalog id when the catalog names none); anything else
/// throws `PurchaseError.Code.verificationFailed` before delivery.
public struct PlayCatalogVerifier: ReceiptVerifier {
    /// The signature, package and state checks.
    public let base: PlayPurchaseVerifier
    /// The Play product id of each catalog product id that differs.
    public let playIDs: [String: String]

    /// A verifier checking with `base`, naming products by `playIDs`.
    ///
    /// - Parameters:
    ///   - base: the license key's verifier.
    ///   - playIDs: catalog product id to Play product id, where they differ.
    public init(base: PlayPurchaseVerifier, playIDs: [String: String]) {
        self.base = base
        self.playIDs = playIDs
    }

    /// Verifies `transaction`'s signed Play purchase against its product's Play id.
    ///
    /// - Throws: `PurchaseError` (`PurchaseError.Code.verificationFailed`) when a check fails.
    public func verify(_ transaction: StoreTransaction) async throws -> StoreTransaction {
        do throws(PlaySignatureError) {
            guard let data = transaction.verificationData else {
                throw PlaySignatureError(
                    .malformedData, detail: "transaction \(transaction.transactionID) carries no signed purchase")
            }
            let signed = try PlaySignedPurchase(verificationData: data)
            _ = try base.verifiedData(signed, productID: playIDs[transaction.productID] ?? transaction.productID)
            return transaction
        } catch {
            var failure = error.purchaseError
            failure.productID = transaction.productID
            throw failure
        }
    }
}

public import PurchaseCore

/// The core's verification plug-in for Google Play purchases: a `ReceiptVerifier` that accepts a
/// transaction only when its `StoreTransaction.verificationData` is a ``PlaySignedPurchase`` whose
/// signature the app's license key verifies and whose data names the app and the transaction's product.
///
/// Guarantees: ``verify(_:)`` returns the transaction unchanged only when, in this order, the signed
/// purchase can be read, its signature is the license key's `SHA1withRSA` signature of the purchase
/// data byte for byte (checked before the data is parsed), the data is a purchase's JSON, its
/// `packageName` is ``packageName``, its `productId` is the transaction's product, and its purchase state
/// is purchased (0). Anything else throws the ``PlaySignatureError``'s `purchaseError`
/// (`PurchaseError.Code.verificationFailed`). It holds the public key only and never calls out.
public struct PlayPurchaseVerifier: ReceiptVerifier {
    /// The app's license key.
    public let licenseKey: PlayLicenseKey
    /// The app's package name.
    public let packageName: String

    /// A verifier of `packageName`'s purchases signed with the key of `licenseKey`.
    ///
    /// - Parameters:
    ///   - licenseKey: the app's license key.
    ///   - packageName: the app's package name.
    public init(licenseKey: PlayLicenseKey, packageName: String) {
        self.licenseKey = licenseKey
        self.packageName = packageName
    }

    /// A verifier for the license key as Play Console shows it.
    ///
    /// - Parameters:
    ///   - licenseKey: base64 of the DER SubjectPublicKeyInfo.
    ///   - packageName: the app's package name.
    /// - Throws: ``PlaySignatureError`` (``PlaySignatureError/Kind/invalidKey``) when the key is not a
    ///   2048-bit RSA public key.
    public init(licenseKey: String, packageName: String) throws(PlaySignatureError) {
        self.init(licenseKey: try PlayLicenseKey(base64: licenseKey), packageName: packageName)
    }

    /// Checks `signed` and returns its data.
    ///
    /// - Parameters:
    ///   - signed: the purchase data and its signature.
    ///   - productID: the product the purchase must be of, or `nil` for any.
    /// - Throws: ``PlaySignatureError`` for the first check that fails (see the type's guarantees).
    public func verifiedData(_ signed: PlaySignedPurchase, productID: String?) throws(PlaySignatureError)
        -> PlayPurchaseData
    {
        try licenseKey.checkSignature(signed.signature, of: signed.purchaseData)
        let data = try PlayPurchaseData(json: signed.purchaseData)
        guard data.packageName == packageName else {
            throw PlaySignatureError(
                .wrongPackage, detail: "the purchase is of \(data.packageName), not \(packageName)")
        }
        if let productID, data.productId != productID {
            throw PlaySignatureError(
                .wrongProduct, detail: "the purchase is of \(data.productId), not \(productID)")
        }
        guard data.purchaseState == 0 else {
            throw PlaySignatureError(
                .notPurchased, detail: "the purchase's state is \(data.purchaseState), not purchased (0)")
        }
        return data
    }

    /// Verifies `transaction`'s signed Play purchase data.
    ///
    /// - Parameter transaction: a transaction whose `verificationData` is a ``PlaySignedPurchase``'s
    ///   ``PlaySignedPurchase/verificationData``.
    /// - Returns: `transaction`, once every check passed.
    /// - Throws: `PurchaseError` (`PurchaseError.Code.verificationFailed`, the ``PlaySignatureError`` as
    ///   its underlying error) when a check fails.
    public func verify(_ transaction: StoreTransaction) async throws -> StoreTransaction {
        do throws(PlaySignatureError) {
            guard let data = transaction.verificationData else {
                throw PlaySignatureError(
                    .malformedData, detail: "transaction \(transaction.transactionID) carries no signed purchase")
            }
            let signed = try PlaySignedPurchase(verificationData: data)
            _ = try verifiedData(signed, productID: transaction.productID)
            return transaction
        } catch {
            var failure = error.purchaseError
            failure.productID = transaction.productID
            throw failure
        }
    }
}

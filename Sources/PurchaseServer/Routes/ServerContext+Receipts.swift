import AppStoreSignedData
import Foundation
import HTTPServer
import PurchaseCore
import PurchaseKit

/// StoreKit 1 receipts posted to `POST /v1/transactions`.
extension ServerContext {
    /// `{"receipt": base64, "transactionID": id, "productID": id, "appAccountToken": UUID}`: verified
    /// by the deployment's receipt verifier (a provider's `receiptVerifier` that takes receipts, such
    /// as the simulated App Store's verifyReceipt), which must find the transaction of that product in
    /// the receipt; then delivered once to the account, as a signed transaction is. A receipt does not
    /// name the account: the API key vouches for the app's server posting it.
    func transaction(receipt: String, _ body: TransactionBody) async throws(ServerError) -> HTTPResponse {
        guard
            let provider = deployment.providers.first(where: {
                $0.receiptVerifier != nil && !($0.receiptVerifier is SignedTransactionVerifier)
            }), let verifier = provider.receiptVerifier
        else {
            throw ServerError(status: 501, code: .unsupported, message: Message(error: PurchaseError(.unsupported)))
        }
        guard let id = body.transactionID, !id.isEmpty, let productID = body.productID,
            let bytes = Data(base64Encoded: receipt), !bytes.isEmpty
        else { throw .malformedBody }
        let kind = ProviderKind(rawValue: provider.storeName)
        guard
            let product = deployment.catalog.product(withID: productID)
                ?? deployment.catalog.products.first(where: { $0.storeID(for: kind) == productID })
        else {
            throw ServerError(PurchaseError(.productUnavailable, productID: productID))
        }
        let claimed = StoreTransaction(
            id: id, store: provider.storeName, productID: product.productID, productType: product.type,
            purchaseDate: Date(), verificationData: bytes, appAccountToken: body.appAccountToken)
        var verified: StoreTransaction
        do {
            verified = try await verifier.verify(claimed)
        } catch {
            throw failure(error)
        }
        verified.appAccountToken = body.appAccountToken
        let delivered: Bool
        do {
            delivered = try await deliver(verified)
        } catch {
            throw failure(error)
        }
        return try await entitlements(
            of: body.appAccountToken, extra: ["delivered": delivered, "transactionID": verified.id])
    }
}

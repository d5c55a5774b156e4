import AppStoreSignedData
import Foundation
import HTTPServer
import PurchaseCore
import PurchaseKit

/// The App Store's routes: its server notifications, and the signed transactions apps post.
extension ServerContext {
    /// `POST /v1/apple/notifications`: verified and applied once with `AppStoreNotificationProcessor`;
    /// 200 only once durably applied (or found applied before).
    func notification(_ request: HTTPRequest) async throws(ServerError) -> HTTPResponse {
        guard let verifier = trust.verifier else { throw .appStoreNotConfigured }
        let processor = AppStoreNotificationProcessor(
            catalog: deployment.catalog, ledger: deployment.ledger, store: trust.store, verifier: verifier)
        let report: NotificationReport
        do {
            report = try await processor.process(body: request.body)
        } catch {
            if error.code == .ledgerFailed { metrics.recordLedgerError() }
            throw ServerError(error)
        }
        var body: [String: Any] = [
            "notificationUUID": report.notificationUUID, "outcome": Self.name(of: report.outcome),
        ]
        if let id = report.transactionID { body["transactionID"] = id.id }
        return HTTPResponse.json(JSONBody.data(body))
    }

    /// What an app posts to `POST /v1/transactions`: a signed transaction, or a StoreKit 1 receipt
    /// (base64) with the transaction's identifier and product; and the account it is for.
    struct TransactionBody: Decodable {
        var signedTransaction: String?
        var receipt: String?
        var transactionID: String?
        var productID: String?
        var appAccountToken: UUID
    }

    /// `POST /v1/transactions`: `{"signedTransaction": JWS, "appAccountToken": UUID}`; the
    /// transaction verified, delivered once to that account, and the account's entitlements
    /// answered with `delivered` (whether this request delivered it).
    func transaction(_ request: HTTPRequest) async throws(ServerError) -> HTTPResponse {
        let body = try decode(TransactionBody.self, request)
        guard let token = body.signedTransaction else {
            if let receipt = body.receipt { return try await transaction(receipt: receipt, body) }
            throw .malformedBody
        }
        guard let verifier = trust.verifier else { throw .appStoreNotConfigured }
        let payload: TransactionPayload
        do {
            payload = try verifier.verifyTransaction(token).payload
        } catch {
            throw ServerError(error.purchaseError)
        }
        if let signedAccount = payload.appAccountToken, signedAccount != body.appAccountToken {
            throw .accountMismatch
        }
        guard
            var transaction = StoreTransaction(payload: payload, store: trust.store.rawValue, signedTransaction: token)
        else {
            throw ServerError(PurchaseError(.receiptInvalid, detail: "the signed transaction lacks what it needs"))
        }
        let storeProductID = transaction.productID
        guard
            let product = deployment.catalog.products.first(where: { $0.storeID(for: trust.store) == storeProductID })
                ?? deployment.catalog.product(withID: storeProductID)
        else {
            throw ServerError(PurchaseError(.productUnavailable, productID: storeProductID))
        }
        transaction.productID = product.productID
        transaction.appAccountToken = body.appAccountToken
        let delivered: Bool
        do {
            delivered = try await deliver(transaction)
        } catch {
            throw failure(error)
        }
        return try await entitlements(
            of: body.appAccountToken, extra: ["delivered": delivered, "transactionID": transaction.transactionID.id])
    }

    /// Delivers `transaction` once (`TransactionFulfillment`'s rules, as the `Store` and the notification
    /// processor deliver it), then records its revocation or earlier end; whether this call delivered it.
    func deliver(_ transaction: StoreTransaction) async throws -> Bool {
        let ledger = deployment.ledger
        let fulfillment = TransactionFulfillment(catalog: deployment.catalog, ledger: ledger)
        // One write: the ledger refuses a transaction it holds, so no read comes first.
        let delivery = try await fulfillment.delivery(for: transaction, deliveredAt: Date())
        let delivered = try await ledger.recordDelivery(delivery)
        if let revoked = transaction.revocationDate {
            try await fulfillment.recordRevocation(of: transaction, at: revoked)
        } else {
            try await fulfillment.recordEarlierExpiration(of: transaction)
        }
        return delivered
    }

    static func name(of outcome: NotificationOutcome) -> String {
        switch outcome {
        case .applied: "applied"
        case .needsAttention: "needsAttention"
        case .ignored: "ignored"
        case .duplicate: "duplicate"
        }
    }
}

import Foundation
import PurchaseCore

/// Why the App Store refuses an offer code.
public enum OfferCodeRefusal: Error, Sendable, Hashable {
    /// No subscription of the catalog declares the code.
    case unknown
    /// The one-time code was redeemed before.
    case redeemed
}

// Offer codes: a person redeems a one-time code the catalog declares.
extension PaymentQueue {
    /// Redeems a one-time offer code (compared without regard to case): the subscription that
    /// declares it is bought at the code's terms, and observers are told the transaction `purchased`
    /// (it carries the offer: `TransactionOffer.Kind.code` with the reference name). A subscriber
    /// of the product gets the terms from the next renewal.
    ///
    /// - Returns: the purchased transaction, or why the code is refused.
    @discardableResult
    public func redeemOfferCode(_ code: String) async -> Result<PaymentTransaction, OfferCodeRefusal> {
        await redeemOfferCode(code, answeredTo: nil)
    }

    /// ``redeemOfferCode(_:)`` for the provider adapter, which is not told the purchase (it answers it).
    func redeemOfferCode(
        _ code: String, answeredTo: ObjectIdentifier?
    ) async -> Result<PaymentTransaction, OfferCodeRefusal> {
        await prepare()
        if !account.subscriptions.isEmpty { await renewDue() }
        let key = code.uppercased()
        let declared = catalog.products.lazy.compactMap { product in
            product.subscription?.offerCodes.first { $0.codes.contains { $0.uppercased() == key } }
                .map { (product, $0) }
        }.first
        guard let (product, codes) = declared else { return .failure(.unknown) }
        guard !account.redeemedOfferCodes.contains(key) else { return .failure(.redeemed) }
        let number = account.nextNumber
        account.nextNumber += 1
        let now = clock.now.timeIntervalSince1970
        let storeID = product.storeID(for: .simulatedAppStore)
        var transaction = AccountTransaction(
            number: number, originalNumber: number, productIdentifier: storeID, productType: product.type,
            quantity: 1, state: .purchased, date: now, originalDate: now)
        let terms = OfferTerms(
            offer: TransactionOffer(kind: .code, id: codes.referenceName, paymentMode: codes.mode),
            period: codes.period, periods: codes.periods, prices: codes.prices)
        var refunded: [AccountTransaction] = []
        var records = purchase(&transaction, product: product, at: now, refunded: &refunded, offer: terms)
        records.append(.offerCode(key))
        let value = paymentTransaction(transaction)
        let ended = refunded.map(paymentTransaction)
        await commit(
            records,
            callbacks: [
                tell(skipping: answeredTo) { $0.updatedTransactions([value]) },
                ended.isEmpty ? nil : tell { $0.revokedTransactions(ended) },
            ])
        return .success(value)
    }
}

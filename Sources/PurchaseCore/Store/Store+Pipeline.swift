import Foundation

/// The pipeline every transaction goes through, from a purchase, a restore, an update or a start:
/// verify, deliver exactly once, finish (see ``Store``'s guarantees).
extension Store {
    /// Verifies, delivers exactly once and finishes one transaction.
    @discardableResult
    func process(_ transaction: StoreTransaction, from provider: any StoreProvider) async -> StoreEvent {
        switch transaction.state {
        case .purchasing, .deferred:
            return emit(.pending(transaction))
        case .failed:
            try? await provider.finish(transaction)
            return emit(.failed(transaction, PurchaseError(.paymentInvalid, productID: transaction.productID)))
        case .purchased, .restored:
            break
        }
        if transaction.isRevoked {
            do {
                _ = try await ledger.recordRevocation(
                    transaction.transactionID, at: transaction.revocationDate ?? clock.now)
                try? await provider.finish(transaction)
                return emit(.revoked(transaction))
            } catch {
                return emit(
                    .deferredProcessing(transaction, Self.purchaseError(error, productID: transaction.productID)))
            }
        }

        let verified: StoreTransaction
        do {
            let verifier = verifiers[transaction.store] ?? catalogVerifier
            verified = try await verifier.verify(transaction)
        } catch {
            let failure = Self.purchaseError(error, productID: transaction.productID)
            // A verification cancelled by stop() says nothing about the transaction.
            if failure.isRetryable || Task.isCancelled || error is CancellationError {
                return emit(.deferredProcessing(transaction, failure))
            }
            try? await provider.finish(transaction)
            return emit(.rejected(transaction, failure))
        }

        do {
            let delivery = try await makeDelivery(for: verified)
            let recorded = try await ledger.recordDelivery(delivery)
            var endedEarly = false
            if !recorded { endedEarly = try await recordEarlierExpiration(of: verified) }
            try? await provider.finish(transaction)
            try? await ledger.markFinished(transaction.transactionID)
            if recorded { return emit(.delivered(verified, delivery)) }
            return emit(endedEarly ? .expired(verified) : .alreadyDelivered(verified))
        } catch {
            let failure = Self.purchaseError(error, productID: transaction.productID)
            return emit(.deferredProcessing(transaction, failure))
        }
    }

    /// Records the end of a delivered transaction the store reports ending earlier than delivered,
    /// and ends with it the other deliveries of the same subscription paid for before that end (a
    /// restore's copies of the period).
    ///
    /// - Returns: whether the ledger changed.
    private func recordEarlierExpiration(of transaction: StoreTransaction) async throws -> Bool {
        guard let end = transaction.expirationDate,
            let delivered = try await ledger.delivery(for: transaction.transactionID),
            let deliveredEnd = delivered.expirationDate, end < deliveredEnd
        else { return false }
        var changed = try await ledger.recordExpiration(transaction.transactionID, at: end)
        let contents = try await ledger.contents()
        for other in contents.deliveries
        where other.originalTransactionID == delivered.originalTransactionID
            && other.transactionID != delivered.transactionID && other.purchaseDate < end
            && contents.endsLater(other, than: end)
        {
            if try await ledger.recordExpiration(other.transactionID, at: end) { changed = true }
        }
        return changed
    }

    private func makeDelivery(for transaction: StoreTransaction) async throws -> Delivery {
        guard let product = catalog.product(withID: transaction.productID) else {
            throw PurchaseError(.productUnavailable, detail: "not in the catalog", productID: transaction.productID)
        }
        // A restore brings back ownership, never currency a first delivery already credited.
        var creditsPayouts = true
        if transaction.state == .restored, transaction.originalID != transaction.id,
            try await ledger.delivery(for: transaction.originalTransactionID) != nil
        {
            creditsPayouts = false
        }
        var credits: [String: Int] = [:]
        if creditsPayouts {
            guard let units = Self.credits(of: product, transaction.quantity) else {
                throw Self.creditsOverflow(productID: product.productID, quantity: transaction.quantity)
            }
            credits = units
        }
        var expiration = transaction.expirationDate
        if expiration == nil, product.type == .nonRenewing, let duration = product.duration {
            expiration = duration.added(to: transaction.purchaseDate)
        }
        if expiration == nil, product.type == .autoRenewable, let period = product.subscription?.period {
            expiration = period.added(to: transaction.purchaseDate)
        }
        return Delivery(
            transactionID: transaction.transactionID,
            originalTransactionID: transaction.originalTransactionID,
            productID: product.productID,
            productType: product.type,
            quantity: transaction.quantity,
            entitlements: product.entitlements,
            credits: credits,
            expirationDate: expiration,
            purchaseDate: transaction.purchaseDate,
            deliveredAt: clock.now
        )
    }

    /// The units `quantity` of `product` credit, by balance; `nil` when they overflow an `Int`.
    static func credits(of product: Product, _ quantity: Int) -> [String: Int]? {
        var credits: [String: Int] = [:]
        for payout in product.payouts {
            let (units, overflow) = payout.quantity.multipliedReportingOverflow(by: quantity)
            let (sum, overflowSum) = credits[payout.name, default: 0].addingReportingOverflow(units)
            if overflow || overflowSum { return nil }
            credits[payout.name] = sum
        }
        return credits
    }

    static func creditsOverflow(productID: String, quantity: Int) -> PurchaseError {
        PurchaseError(
            .paymentInvalid, detail: "quantity \(quantity) credits more units than a balance can hold",
            productID: productID)
    }

    static func purchaseError(_ error: any Error, productID: String?) -> PurchaseError {
        if var purchaseError = error as? PurchaseError {
            if purchaseError.productID == nil { purchaseError.productID = productID }
            return purchaseError
        }
        return PurchaseError(.unknown, detail: String(describing: error), productID: productID)
    }
}

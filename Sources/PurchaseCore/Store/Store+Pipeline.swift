import Foundation

/// The pipeline every transaction goes through, from a purchase, a restore, an update or a start:
/// verify, deliver exactly once, download hosted content, finish (see ``Store``'s guarantees).
extension Store {
    /// The error a failed transaction is reported with: a declined Ask to Buy is a cancelled payment,
    /// as StoreKit reports it, that says so; anything else a payment the store refused.
    static func error(failing transaction: StoreTransaction) -> PurchaseError {
        switch transaction.failure {
        case .declined?:
            PurchaseError(
                .paymentCancelled, detail: "Ask to Buy declined", reason: .askToBuyDeclined,
                productID: transaction.productID)
        case .paymentFailed?, nil:
            PurchaseError(.paymentInvalid, productID: transaction.productID)
        }
    }

    /// Verifies, delivers exactly once and finishes one transaction.
    @discardableResult
    func process(_ transaction: StoreTransaction, from provider: any StoreProvider) async -> StoreEvent {
        switch transaction.state {
        case .purchasing, .deferred:
            return emit(.pending(transaction))
        case .failed:
            try? await provider.finish(transaction)
            return emit(.failed(transaction, Self.error(failing: transaction)))
        case .purchased, .restored:
            break
        }
        if transaction.isRevoked {
            do {
                try await recordRevocation(of: transaction)
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
            // Hosted content downloads before the finish: a finished transaction's downloads are gone.
            switch await runDownloads(of: verified, from: provider) {
            case .failed(let failure):
                return emit(.deferredProcessing(transaction, failure))
            case .finished:
                let awaitingContent = recorded ? nil : try await deliveryAwaitingContent(of: verified)
                try? await provider.finish(transaction)
                try? await ledger.markFinished(transaction.transactionID)
                if let awaitingContent { return emit(.delivered(verified, awaitingContent)) }
            case .none:
                try? await provider.finish(transaction)
                try? await ledger.markFinished(transaction.transactionID)
            }
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

    /// Records that the store took `transaction` back: the delivery recorded for it, or else the one
    /// that holds its ``Delivery/fulfillmentKey`` (the original purchase of a non-consumable whose
    /// restored copy was found delivered, or the restored copy that was delivered in its place), so
    /// that a refund reaches what was delivered whichever of the purchase's transactions the store
    /// names.
    ///
    /// A consumable's revocation is recorded with the payout it takes back, as the deployment's
    /// ``Deployment/refundedConsumables`` says (``FulfillmentLedger/recordRevocation(_:at:refundedConsumables:)``).
    private func recordRevocation(of transaction: StoreTransaction) async throws {
        let date = transaction.revocationDate ?? clock.now
        if let delivered = try await ledger.delivery(for: transaction.transactionID),
            delivered.productType == .consumable
        {
            _ = try await ledger.recordRevocation(
                transaction.transactionID, at: date, refundedConsumables: catalog.deployment.refundedConsumables)
            return
        }
        if try await ledger.recordRevocation(transaction.transactionID, at: date) { return }
        if try await ledger.delivery(for: transaction.transactionID) != nil { return }
        // Only a purchase delivered once for all its transactions can be held by another one.
        guard let product = catalog.product(withID: transaction.productID),
            product.type == .nonConsumable || product.type == .nonRenewing
        else { return }
        let key = Delivery.fulfillmentKey(
            transactionID: transaction.transactionID, originalTransactionID: transaction.originalTransactionID,
            productType: product.type)
        let contents = try await ledger.contents()
        for delivery in contents.deliveries where delivery.fulfillmentKey == key {
            _ = try await ledger.recordRevocation(delivery.transactionID, at: date)
        }
    }

    /// When what `transaction` of `product` grants ends, as its delivery records it: the store's date,
    /// or for a product whose store states none, its duration or period from the purchase.
    private static func deliveredExpiration(of transaction: StoreTransaction, _ product: Product) -> Date? {
        if let end = transaction.expirationDate { return end }
        if product.type == .nonRenewing, let duration = product.duration {
            return duration.added(to: transaction.purchaseDate)
        }
        if product.type == .autoRenewable, let period = product.subscription?.period {
            return period.added(to: transaction.purchaseDate)
        }
        return nil
    }

    private func makeDelivery(for transaction: StoreTransaction) async throws -> Delivery {
        guard let product = catalog.product(withID: transaction.productID) else {
            throw PurchaseError(.productUnavailable, detail: "not in the catalog", productID: transaction.productID)
        }
        // A restore brings back ownership, never currency a delivery of the same purchase already
        // credited: the original's, or an earlier restore's (after a reinstall, a subscription's
        // current period comes back with every restore).
        var creditsPayouts = true
        if transaction.state == .restored, transaction.originalID != transaction.id, !product.payouts.isEmpty {
            let original = transaction.originalTransactionID
            if try await ledger.delivery(for: original) != nil {
                creditsPayouts = false
            } else {
                let deliveries = try await ledger.contents().deliveries
                creditsPayouts = !deliveries.contains { $0.originalTransactionID == original }
            }
        }
        var credits: [String: Int] = [:]
        if creditsPayouts {
            guard let units = Self.credits(of: product, transaction.quantity) else {
                throw Self.creditsOverflow(productID: product.productID, quantity: transaction.quantity)
            }
            credits = units
        }
        let expiration = Self.deliveredExpiration(of: transaction, product)
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
            deliveredAt: clock.now,
            appAccountToken: transaction.appAccountToken
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

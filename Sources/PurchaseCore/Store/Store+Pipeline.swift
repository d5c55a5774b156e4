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

    /// The rules that turn a verified transaction into ledger changes, shared with code that applies
    /// a store's transactions without a `Store`.
    var fulfillment: TransactionFulfillment { TransactionFulfillment(catalog: catalog, ledger: ledger) }

    /// Records the end of a delivered transaction the store reports ending earlier than delivered
    /// (see ``TransactionFulfillment/recordEarlierExpiration(of:)``).
    ///
    /// - Returns: whether the ledger changed.
    private func recordEarlierExpiration(of transaction: StoreTransaction) async throws -> Bool {
        try await fulfillment.recordEarlierExpiration(of: transaction)
    }

    /// Records that the store took `transaction` back (see
    /// ``TransactionFulfillment/recordRevocation(of:at:)``), at its revocation date or now.
    private func recordRevocation(of transaction: StoreTransaction) async throws {
        try await fulfillment.recordRevocation(of: transaction, at: transaction.revocationDate ?? clock.now)
    }

    private func makeDelivery(for transaction: StoreTransaction) async throws -> Delivery {
        try await fulfillment.delivery(for: transaction, deliveredAt: clock.now)
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

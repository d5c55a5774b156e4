// The store's side of the Play Developer API: the purchases it names and the acknowledgements and
// consumptions made through it, by the same rules as the app's.
extension SimulatedGooglePlay {
    /// Makes the Play Developer API accept `token` as its OAuth access token (and refuse the one before).
    ///
    /// - Parameter token: the access token requests must carry as `Authorization: Bearer <token>`.
    public func setDeveloperAPIAccessToken(_ token: String) {
        state.developerAPIAccessToken = token
    }

    /// Whether `token` is the access token the Play Developer API accepts (compared in constant time).
    func acceptsAccessToken(_ token: Substring) -> Bool {
        let expected = Array(state.developerAPIAccessToken.utf8)
        let given = Array(token.utf8)
        guard !expected.isEmpty, expected.count == given.count else { return false }
        var difference: UInt8 = 0
        for index in expected.indices { difference |= expected[index] ^ given[index] }
        return difference == 0
    }

    /// The purchase `token` of the app `packageName` (not found for another app's), after settling what
    /// came due; with `productId`, it must be that product's of `type` (Play answers 400 otherwise).
    func apiRecord(
        _ token: String, packageName: String, productId: String? = nil, type: PlayProductType? = nil
    ) throws(PlayDeveloperAPIError) -> PlayPurchaseRecord {
        settleDueChanges()
        guard packageName == self.packageName, let record = state.purchases[token] else { throw .tokenNotFound }
        if let productId, record.productId != productId {
            throw .invalidArgument("The purchase token does not match the product ID.")
        }
        if let type, record.productType != type {
            throw .invalidArgument(
                type == .subs
                    ? "The purchase token is not of a subscription."
                    : "The purchase token is not of a one-time product.")
        }
        return record
    }

    /// Every voided purchase, oldest first, after settling what came due, and the clock's time.
    func apiVoidedPurchases() -> (voided: [PlayVoidedPurchase], now: Int64) {
        settleDueChanges()
        return (state.voidedPurchases, now)
    }

    /// `purchases.products.acknowledge` and `purchases.subscriptions.acknowledge`: as the app's
    /// acknowledgement, the purchase is kept past three days; acknowledging twice is not an error. A
    /// pending, cancelled, revoked or expired purchase cannot be acknowledged (409).
    func apiAcknowledge(
        _ token: String, packageName: String, productId: String, type: PlayProductType
    ) throws(PlayDeveloperAPIError) {
        var record = try apiRecord(token, packageName: packageName, productId: productId, type: type)
        try checkActionable(record)
        guard !record.acknowledged else { return }
        record.acknowledged = true
        state.purchases[token] = record
        log(.acknowledged, record, at: now)
    }

    /// `purchases.products.consume`: as the app's consumption, it acknowledges and frees the product to be
    /// bought again; a purchase consumed already cannot be consumed again (409).
    func apiConsume(_ token: String, packageName: String, productId: String) throws(PlayDeveloperAPIError) {
        var record = try apiRecord(token, packageName: packageName, productId: productId, type: .inapp)
        try checkActionable(record)
        guard !record.consumed else { throw .failedPrecondition("The purchase has already been consumed.") }
        record.consumed = true
        record.acknowledged = true
        state.purchases[token] = record
        log(.consumed, record, at: now)
    }

    /// Refuses a purchase that is not paid, or that Play took back or that ended.
    private func checkActionable(_ record: PlayPurchaseRecord) throws(PlayDeveloperAPIError) {
        switch record.state {
        case .pending: throw .failedPrecondition("The purchase is pending; it cannot be acknowledged or consumed yet.")
        case .pendingCanceled: throw .failedPrecondition("The purchase was canceled before it was paid.")
        case .purchased: break
        }
        if record.revoked || record.subscription?.state == .expired {
            throw .failedPrecondition("The purchase is no longer valid.")
        }
    }
}

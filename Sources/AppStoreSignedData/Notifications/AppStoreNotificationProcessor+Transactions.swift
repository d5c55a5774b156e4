import PurchaseCore

extension AppStoreNotificationProcessor {
    /// Applies one verified signed transaction to the ledger by the rules a notification carrying it
    /// follows (see the type's documentation): delivered once to the account its app account token
    /// names, then revoked, ended by an upgrade, or ended earlier as its payload says. Nothing is
    /// recorded in the notification log: a reconciliation from the App Store Server API's history
    /// uses it for each transaction it pulled.
    ///
    /// - Parameter payload: the payload of a signed transaction the caller verified.
    /// - Returns: what changed; empty when the ledger already held it all.
    /// - Throws: ``NotificationProcessingError``: `incompleteNotification` (the payload lacks its
    ///   identifier, product, purchase date or a known type), `unknownProduct`, `undeliverable`,
    ///   `ledgerFailed`.
    public func applyTransaction(_ payload: TransactionPayload) async throws(NotificationProcessingError)
        -> NotificationChanges
    {
        let transaction = try storeTransaction(payload)
        return try await fulfillmentCall { try await apply(transaction, isUpgraded: payload.isUpgraded == true) }
    }
}

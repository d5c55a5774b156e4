public import Foundation

// MARK: - Entitlements and balances

/// Entitlements and balances, per account of the ledger: a purchase made with
/// ``PurchaseOptions/appAccountToken`` is delivered to that account, and what one account owns or
/// spends never shows in another's.
extension Store {
    /// What the default account owns now (see ``entitlements(for:)``).
    ///
    /// - Throws: ``PurchaseError/Code/ledgerIOFailed`` when the ledger cannot be read.
    public func entitlements() async throws -> Entitlements {
        try await entitlements(for: nil)
    }

    /// What one account owns now; each store's subscriptions get the billing grace period the store
    /// states now (``StoreProvider/billingGracePeriod()``), or the store's `gracePeriod`.
    ///
    /// - Parameter account: the app account token the account's purchases carried; `nil` for the
    ///   default account (purchases made without one).
    /// - Throws: ``PurchaseError/Code/ledgerIOFailed`` when the ledger cannot be read.
    public func entitlements(for account: UUID?) async throws -> Entitlements {
        let contents = try await ledger.holdings(for: account)
        var gracePeriods: [String: TimeInterval] = [:]
        for provider in providers {
            if let grace = await provider.billingGracePeriod() { gracePeriods[provider.storeName] = grace }
        }
        return Entitlements.compute(
            from: contents, catalog: catalog, at: clock.now, gracePeriod: gracePeriod, gracePeriods: gracePeriods)
    }

    /// Takes units from a balance of one account (spending gems, using a consumable).
    ///
    /// - Parameters:
    ///   - balance: the payout name.
    ///   - quantity: the units to take; positive.
    ///   - account: the account's app account token; `nil` (the default) for the default account.
    /// - Returns: the account's balance after the spend.
    /// - Throws: ``PurchaseError/Code/insufficientBalance`` when the account's balance holds fewer
    ///   units (another account's units never count).
    public func spend(_ balance: String, quantity: Int, account: UUID? = nil) async throws -> Int {
        try await ledger.spend(balance, quantity: quantity, account: account)
    }
}

public import Foundation

// MARK: - Spends with an identifier

extension Store {
    /// Takes units from a balance of one account once for `spendID`, however often it is called with
    /// that identifier: the first call takes them, later calls answer that first spend's result with
    /// ``SpendResult/replayed`` `true` (see ``IdempotentSpending`` for what the ledger guarantees).
    ///
    /// - Parameters:
    ///   - balance: the payout name.
    ///   - quantity: the units to take; positive.
    ///   - account: the account's app account token; `nil` (the default) for the default account.
    ///   - spendID: the spend's identifier, unique among the account's spends.
    /// - Returns: the balance left after the spend `spendID` names, and whether this call replayed it.
    /// - Throws: ``PurchaseError/Code/unsupported`` when the deployment's ledger does not record spend
    ///   identifiers (it does not adopt ``IdempotentSpending``);
    ///   ``PurchaseError/Code/insufficientBalance`` when the account's balance holds fewer units
    ///   (nothing recorded: the identifier can be used again); ``PurchaseError/Code/spendIDConflict``
    ///   when `spendID` names a spend of another balance or quantity of the account.
    public func spend(
        _ balance: String, quantity: Int, account: UUID? = nil, spendID: SpendID
    ) async throws -> SpendResult {
        guard let ledger = ledger as? any IdempotentSpending else {
            throw PurchaseError(
                .unsupported, detail: "the deployment's ledger does not record spend identifiers (IdempotentSpending)")
        }
        return try await ledger.spend(balance, quantity: quantity, account: account, spendID: spendID)
    }
}

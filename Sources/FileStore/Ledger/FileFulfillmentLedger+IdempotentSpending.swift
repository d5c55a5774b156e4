public import Foundation
public import PurchaseCore

/// The file ledger records spends with an identifier (record tag 10): the check of the identifier,
/// of the balance, and the record of the units taken with the identifier are one journal commit, which
/// holds the cross-process lock after catching up with the other processes, so exactly one caller in
/// any process takes the units for an identifier; durable (fsync) when the call returns; kept in
/// snapshots (version 6) and so across reopening and compaction. Code that predates tag 10 refuses to
/// open a journal holding one (an unknown tag fails the open), rather than reading balances without it.
extension FileFulfillmentLedger: SpendIDListing {
    /// Takes `quantity` units from a balance of one account once for `spendID` (atomically, across
    /// processes); a replay answers the first spend's result and writes nothing.
    ///
    /// - Throws: `PurchaseError.Code.clientInvalid` for a quantity that is not positive;
    ///   `insufficientBalance` when the balance holds fewer units (nothing written);
    ///   `spendIDConflict` when `spendID` names a spend of another balance or quantity;
    ///   `ledgerIOFailed` when the journal cannot be written.
    public func spend(_ balance: String, quantity: Int, account: UUID?, spendID: SpendID) async throws -> SpendResult {
        guard quantity > 0 else {
            throw PurchaseError(.clientInvalid, detail: "spend quantity must be positive, got \(quantity)")
        }
        return try await perform("the ledger cannot record a spend") { state in
            if let recorded = state.recordedSpend(spendID, account: account) {
                return ([], try recorded.replay(balance, quantity: quantity, spendID: spendID))
            }
            let available = state.balances(for: account)[balance, default: 0]
            guard available >= quantity else {
                throw PurchaseError(.insufficientBalance, detail: "\(balance): have \(available), need \(quantity)")
            }
            let spend = RecordedSpend(balance: balance, quantity: quantity, balanceAfter: available - quantity)
            return (
                [.identifiedSpend(spendID, spend, account: account)],
                SpendResult(balance: spend.balanceAfter, replayed: false)
            )
        }
    }

    /// Every spend recorded with an identifier, after catching up with every process.
    public func recordedSpends() async throws -> [IdentifiedSpend] {
        try await read { state in
            state.spendIDs.flatMap { account, spends in
                spends.map { IdentifiedSpend(account: account, spendID: $0.key, spend: $0.value) }
            }
        }
    }
}

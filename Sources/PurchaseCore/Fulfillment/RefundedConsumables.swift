/// What a deployment does with the units a consumable credited when the store refunds it (the
/// catalog's `Deployment` key `RefundedConsumables`).
///
/// Either way the ledger records the revocation with its ``RevokedPayout``, once.
public enum RefundedConsumables: String, Sendable, Hashable, CaseIterable, Codable {
    /// Takes the credited units back from their balances, never below zero; what was already spent
    /// is recorded as the payout's ``RevokedPayout/shortfall``. The default.
    case debit = "Debit"
    /// Leaves the balances as they are: the person keeps what the refunded purchase credited.
    case keep = "Keep"
}

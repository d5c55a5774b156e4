/// What a ledger took back from balances when the store refunded a delivered consumable, recorded
/// with the revocation (``LedgerContents/revokedPayouts``).
///
/// Guarantees: for every balance, ``debited`` is between 0 and ``credited``, and ``shortfall`` is
/// what remains (``credited`` less ``debited``) under ``RefundedConsumables/debit``; under
/// ``RefundedConsumables/keep`` nothing is debited and there is no shortfall.
public struct RevokedPayout: Sendable, Hashable, Codable {
    /// What the deployment did with the units (its `RefundedConsumables` setting at the refund).
    public var treatment: RefundedConsumables
    /// The units the refunded delivery credited, by balance (its ``Delivery/credits``).
    public var credited: [String: Int]
    /// The units taken back, by balance; only balances that lost units.
    public var debited: [String: Int]

    /// Creates a record; `debited` is clamped to `0...credited` per balance, and to nothing for
    /// ``RefundedConsumables/keep``.
    public init(treatment: RefundedConsumables, credited: [String: Int], debited: [String: Int]) {
        self.treatment = treatment
        self.credited = credited
        var clamped: [String: Int] = [:]
        if treatment == .debit {
            for (name, units) in debited {
                let limit = max(0, credited[name, default: 0])
                let value = min(max(0, units), limit)
                if value > 0 { clamped[name] = value }
            }
        }
        self.debited = clamped
    }

    /// The payout of refunding a delivery that credited `credited`, with the balances as they stand
    /// before the refund: under ``RefundedConsumables/debit`` each balance loses the credited units
    /// but never goes below zero (a balance already below zero loses nothing).
    public init(revoking credited: [String: Int], from balances: [String: Int], treatment: RefundedConsumables) {
        var debited: [String: Int] = [:]
        if treatment == .debit {
            for (name, units) in credited {
                debited[name] = min(max(0, units), max(0, balances[name, default: 0]))
            }
        }
        self.init(treatment: treatment, credited: credited, debited: debited)
    }

    /// The credited units that could not be taken back because they were already spent, by balance;
    /// only balances that fell short, and none under ``RefundedConsumables/keep``.
    public var shortfall: [String: Int] {
        guard treatment == .debit else { return [:] }
        var result: [String: Int] = [:]
        for (name, units) in credited where units > debited[name, default: 0] {
            result[name] = units - debited[name, default: 0]
        }
        return result
    }

    /// The units the refunded delivery still counts for in its balances: what it credited less what
    /// was taken back (the shortfall, or everything under ``RefundedConsumables/keep``).
    public var retained: [String: Int] {
        var result: [String: Int] = [:]
        for (name, units) in credited {
            let left = units - debited[name, default: 0]
            if left != 0 { result[name] = left }
        }
        return result
    }
}

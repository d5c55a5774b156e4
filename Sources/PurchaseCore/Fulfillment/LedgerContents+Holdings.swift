import Foundation

// MARK: - Holdings

extension LedgerContents {
    /// Whether `delivery` counts for its account's balances alone: a consumable that grants no
    /// entitlement. Unless it is revoked, a holdings view (``FulfillmentLedger/holdings(for:)``)
    /// leaves it out and keeps its credits in ``foldedCredits``.
    public static func countsForBalancesOnly(_ delivery: Delivery) -> Bool {
        delivery.productType == .consumable && delivery.entitlements.isEmpty
    }

    /// What `delivery` adds to its account's balances in these contents: its credits; once revoked,
    /// the units its ``revokedPayouts`` record retained, or nothing without one.
    public func contribution(of delivery: Delivery) -> [String: Int] {
        guard revocations[delivery.transactionID] != nil else { return delivery.credits }
        return revokedPayouts[delivery.transactionID]?.retained ?? [:]
    }

    /// This view of one account (``view(for:)``, ``FulfillmentLedger/contents(for:)``) as a holdings
    /// view: the deliveries that count for balances alone and were not revoked are left out, their
    /// credits added to ``foldedCredits``; finished marks are dropped (a holdings view is not
    /// history). Entitlements and balances computed from it equal those computed from `self`.
    public func holdings() -> LedgerContents {
        var result = self
        var kept: [Delivery] = []
        for delivery in deliveries {
            if delivery.appAccountToken == account, Self.countsForBalancesOnly(delivery),
                revocations[delivery.transactionID] == nil
            {
                result.foldedCredits.merge(delivery.credits) { Self.sum($0, $1) }
            } else {
                kept.append(delivery)
            }
        }
        result.deliveries = kept
        result.finished = []
        let keptIDs = Set(kept.map(\.transactionID))
        result.revocations = revocations.filter { keptIDs.contains($0.key) }
        result.revokedPayouts = revokedPayouts.filter { keptIDs.contains($0.key) }
        result.expirations = expirations.filter { keptIDs.contains($0.key) }
        result.foldedCredits = result.foldedCredits.filter { $0.value != 0 }
        return result
    }

    /// A holdings view a ledger read itself: `self` is a view of one account (``init(view:of:)``)
    /// holding the account's deliveries that grant something or were revoked, with their
    /// revocations, payouts and expirations, and the account's spends; `credited` is what all the
    /// account's deliveries credited less what revocations took back, by balance, as the ledger
    /// keeps it. The result's ``foldedCredits`` are `credited` less what the held deliveries
    /// contribute, so that its balances are the account's.
    ///
    /// - Parameter credited: the account's units credited, by balance.
    public func holdings(credited: [String: Int]) -> LedgerContents {
        var result = self
        var folded = credited
        for delivery in deliveries where delivery.appAccountToken == account {
            for (name, amount) in contribution(of: delivery) {
                folded[name] = Self.sum(folded[name, default: 0], amount == .min ? .max : -amount)
            }
        }
        result.foldedCredits = folded.filter { $0.value != 0 }
        result.finished = []
        return result
    }

    private static func sum(_ value: Int, _ amount: Int) -> Int {
        let (total, overflow) = value.addingReportingOverflow(amount)
        return overflow ? (amount > 0 ? .max : .min) : total
    }
}

import Foundation
import PurchaseCore

// The account's side of Family Sharing: what it shares, and the shares it receives and loses.
extension PaymentQueue {
    /// The family the account belongs to and its place there, set by ``Family/join(_:as:)``; the
    /// account's journal keeps the place (`nil`: it left).
    func setFamily(_ family: Family?, membership: FamilyMembershipRecord?) async {
        await prepare()
        familyMembership = family.flatMap { family in membership.map { (family, $0.memberName) } }
        if account.family != membership { await commit([.family(membership)], callbacks: []) }
    }

    /// The account's place in a family as its journal kept it.
    func savedFamilyMembership() async -> FamilyMembershipRecord? {
        await prepare()
        return account.family
    }

    /// The charged transactions among `records` the family shares (the account's own purchases and
    /// renewals of `FamilyShareable` non-consumables and auto-renewable subscriptions, with their
    /// later changes), as the family hands them on.
    func familyPurchases(in records: [AccountRecord]) -> [FamilyPurchase] {
        guard let (_, name) = familyMembership else { return [] }
        return records.compactMap { record in
            guard case .put(let transaction) = record, isFamilyShareable(transaction) else { return nil }
            return FamilyPurchase(transaction, memberName: name)
        }
    }

    /// Hands `purchases` to the family, when the account is in one.
    func shareWithFamily(_ purchases: [FamilyPurchase]) async {
        guard !purchases.isEmpty, let (family, name) = familyMembership else { return }
        await family.share(purchases, from: name)
    }

    private func isFamilyShareable(_ transaction: AccountTransaction) -> Bool {
        transaction.familySource == nil && transaction.state == .purchased
            && (transaction.productType == .nonConsumable || transaction.productType == .autoRenewable)
            && productsByIdentifier[transaction.productIdentifier]?.familyShareable == true
    }

    /// What the account shares now, for a member who joins: each non-consumable's purchases not
    /// refunded, and each subscription's latest period while it gives access.
    func familyShareablePurchases(memberName: String) async -> [FamilyPurchase] {
        await prepare()
        let now = clock.now.timeIntervalSince1970
        let latest = Set(account.subscriptions.values.filter { !$0.revoked }.map(\.latestNumber))
        return account.transactions.keys.sorted().compactMap { account.transactions[$0] }.filter { transaction in
            guard isFamilyShareable(transaction), transaction.revocation == nil else { return false }
            if transaction.productType == .nonConsumable { return true }
            return latest.contains(transaction.number) && (transaction.expiration ?? 0) > now
        }.map { FamilyPurchase($0, memberName: memberName) }
    }

    /// A family member's purchases reach the account: a new one becomes a family-shared purchased
    /// transaction told to observers (the app delivers it as any purchase); one the account has follows
    /// the purchaser's (its period's end, auto-renew, and a refund, told as a revocation).
    func receiveFamilyPurchases(_ purchases: [FamilyPurchase]) async {
        await prepare()
        var records: [AccountRecord] = []
        var added: [AccountTransaction] = []
        var revoked: [AccountTransaction] = []
        for purchase in purchases {
            if var copy = account.transactions.values.first(where: { $0.familySource == purchase.key }) {
                let before = copy
                copy.expiration = purchase.expiration
                copy.autoRenew = purchase.autoRenew
                if copy.revocation == nil, let revocation = purchase.revocation {
                    copy.revocation = revocation
                    copy.revokedForAppIssue = purchase.revokedForAppIssue
                    revoked.append(copy)
                }
                if copy != before {
                    records.append(.put(copy))
                    account.apply(.put(copy))
                }
                continue
            }
            guard purchase.revocation == nil else { continue }
            let number = account.nextNumber
            account.nextNumber += 1
            let original = account.transactions.values.first {
                $0.familySource?.hasPrefix(purchase.originalPrefix) == true
            }
            var copy = AccountTransaction(
                number: number, originalNumber: original?.originalNumber ?? number,
                productIdentifier: purchase.productIdentifier, productType: purchase.productType, quantity: 1,
                state: .purchased, date: purchase.date, originalDate: purchase.originalDate)
            copy.expiration = purchase.expiration
            copy.autoRenew = purchase.autoRenew
            copy.familySource = purchase.key
            records.append(.put(copy))
            account.apply(.put(copy))
            added.append(copy)
        }
        await commit(
            records, callbacks: revocationCallbacks(revoked, added: added),
            hints: CommitHints(revocations: Set(revoked.map(\.number)), familyShares: Set(added.map(\.number))))
    }

    /// Revokes now the family shares `matching` says (the purchaser stopped sharing, or someone left).
    func revokeFamilyPurchases(matching: (AccountTransaction) -> Bool) async {
        await prepare()
        let now = clock.now.timeIntervalSince1970
        var revoked: [AccountTransaction] = []
        for number in account.transactions.keys.sorted() {
            guard var copy = account.transactions[number], copy.familySource != nil, copy.revocation == nil,
                copy.state == .purchased, matching(copy)
            else { continue }
            copy.revocation = now
            revoked.append(copy)
        }
        guard !revoked.isEmpty else { return }
        await commit(revoked.map { .put($0) }, callbacks: revocationCallbacks(revoked, added: []))
    }

    private func revocationCallbacks(_ revoked: [AccountTransaction], added: [AccountTransaction])
        -> [(@Sendable () -> Void)?]
    {
        let addedValues = added.map(paymentTransaction)
        let revokedValues = revoked.map(paymentTransaction)
        var products: [String] = []
        for transaction in revoked where !products.contains(transaction.productIdentifier) {
            products.append(transaction.productIdentifier)
        }
        let revokedProducts = products
        return [
            addedValues.isEmpty ? nil : tell { $0.updatedTransactions(addedValues) },
            revokedValues.isEmpty ? nil : tell { $0.revokedTransactions(revokedValues) },
            revokedProducts.isEmpty ? nil : tell { $0.didRevokeEntitlements(forProductIdentifiers: revokedProducts) },
        ]
    }
}

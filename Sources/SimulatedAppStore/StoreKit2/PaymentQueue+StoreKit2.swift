import AppStoreSignedData
import Foundation
import PurchaseCore

/// Which of the account's transactions a StoreKit 2 query asks for.
enum StoreKit2Selection: Sendable, Hashable {
    /// Every charged transaction the account keeps (`Transaction.all`).
    case all
    /// Charged transactions not finished yet (`Transaction.unfinished`).
    case unfinished
    /// What the person is entitled to now (`Transaction.currentEntitlements`).
    case currentEntitlements
    /// The newest transaction of a product, App Store identifier (`Transaction.latest(for:)`).
    case latest(String)
    /// One transaction, by identifier.
    case identifier(String)
}

/// A subscription's status as signed data: its state code, its latest transaction and its renewal
/// info, both compact JWS.
struct SignedStatus: Sendable {
    var status: AppStoreSubscriptionStatus
    var transaction: String
    var renewalInfo: String
}

// The account as StoreKit 2 sees it: queries over the same records the payment queue keeps, each
// answer signed now.
extension PaymentQueue {
    /// The signed transactions `selection` picks, oldest first, after the queue did what came due
    /// by its clock (renewals, grace period ends; not for one transaction by its identifier).
    ///
    /// - Throws: ``SimulatedSignedDataError`` without ``signedData`` or when signing fails.
    func storeKit2Transactions(_ selection: StoreKit2Selection) async throws(SimulatedSignedDataError) -> [String] {
        guard let signedData else { throw .notEnabled }
        if case .identifier = selection { await prepare() } else { await tick() }
        let now = clock.now.timeIntervalSince1970
        let chosen = storeKit2Numbers(selection, now: now)
        var signed: [String] = []
        for number in chosen {
            guard let transaction = knownTransaction(number) else { continue }
            signed.append(
                try signedData.sign(transactionPayload(transaction, identity: signedData.identity, now: now)))
        }
        return signed
    }

    /// The numbers of the transactions `selection` picks, ascending.
    private func storeKit2Numbers(_ selection: StoreKit2Selection, now: Double) -> [UInt64] {
        let charged = account.transactions.values.filter { $0.state == .purchased }
        switch selection {
        case .all:
            return charged.map(\.number).sorted()
        case .unfinished:
            return account.unfinished.filter { account.transactions[$0]?.state == .purchased }.sorted()
        case .latest(let productIdentifier):
            return charged.filter { $0.productIdentifier == productIdentifier }.map(\.number).max().map { [$0] } ?? []
        case .identifier(let identifier):
            guard let number = Self.number(identifier), let known = knownTransaction(number),
                known.state == .purchased
            else { return [] }
            return [number]
        case .currentEntitlements:
            return entitlementNumbers(charged: charged, now: now).sorted()
        }
    }

    /// `Transaction.currentEntitlements`: for each non-consumable and non-renewing subscription its
    /// latest transaction not revoked; for each subscription group the latest transaction of its
    /// subscription that is subscribed or in a grace period (the newest such when several are).
    /// Consumables never appear, as Apple documents (an unfinished one is in `Transaction.unfinished`).
    private func entitlementNumbers(charged: [AccountTransaction], now: Double) -> [UInt64] {
        var numbers: [UInt64] = []
        var latestByProduct: [String: AccountTransaction] = [:]
        for transaction in charged where transaction.revocation == nil {
            switch transaction.productType {
            case .consumable:
                continue
            case .nonConsumable, .nonRenewing:
                if let known = latestByProduct[transaction.productIdentifier], known.number > transaction.number {
                    continue
                }
                latestByProduct[transaction.productIdentifier] = transaction
            case .autoRenewable:
                continue
            }
        }
        numbers.append(contentsOf: latestByProduct.values.map(\.number))
        var byGroup: [String: SubscriptionRecord] = [:]
        for subscription in account.subscriptions.values {
            let code = statusCode(subscription, now: now)
            guard code == .active || code == .gracePeriod,
                account.transactions[subscription.latestNumber]?.revocation == nil
            else { continue }
            let group =
                productsByIdentifier[subscription.productIdentifier]?.subscription?.group
                ?? subscription.productIdentifier
            if let known = byGroup[group], known.latestNumber > subscription.latestNumber { continue }
            byGroup[group] = subscription
        }
        numbers.append(contentsOf: byGroup.values.map(\.latestNumber))
        return numbers
    }

    /// `Product.SubscriptionInfo.status(for:)`: the statuses of a subscription group (its
    /// identifier), one for the account's own newest subscription in the group and one for the newest
    /// a family member shares, each with its latest transaction and renewal info, signed now.
    ///
    /// - Throws: ``SimulatedSignedDataError`` without ``signedData`` or when signing fails.
    func storeKit2Statuses(group: String) async throws(SimulatedSignedDataError) -> [SignedStatus] {
        guard let signedData else { throw .notEnabled }
        await tick()
        let now = clock.now.timeIntervalSince1970
        var newest: [Bool: SubscriptionRecord] = [:]
        for subscription in account.subscriptions.values
        where productsByIdentifier[subscription.productIdentifier]?.subscription?.group == group {
            guard let latest = account.transactions[subscription.latestNumber] else { continue }
            if let known = newest[latest.isFamilyShared], known.originalNumber > subscription.originalNumber {
                continue
            }
            newest[latest.isFamilyShared] = subscription
        }
        var statuses: [SignedStatus] = []
        for shared in [false, true] {
            guard let subscription = newest[shared], let latest = account.transactions[subscription.latestNumber]
            else { continue }
            statuses.append(
                SignedStatus(
                    status: statusCode(subscription, now: now),
                    transaction: try signedData.sign(
                        transactionPayload(latest, identity: signedData.identity, now: now)),
                    renewalInfo: try signedData.sign(
                        renewalInfoPayload(subscription, identity: signedData.identity, now: now))))
        }
        return statuses
    }
}

import AppStoreSignedData
import Foundation
import PurchaseCore

/// The filters and order of a history request.
struct ServerHistoryFilter: Sendable {
    var productIDs: Set<String> = []
    var productTypes: Set<ProductType> = []
    var groups: Set<String> = []
    var familyShared: Bool?
    var revoked: Bool?
    /// Milliseconds: purchased at or after.
    var start: Int64?
    /// Milliseconds: purchased before.
    var end: Int64?
    var descending = false
}

/// A place in the history's order: when a transaction last changed (its purchase, or its refund or
/// revocation), in milliseconds, then its number.
struct ServerHistoryPosition: Sendable, Hashable, Comparable {
    var modified: Int64
    var number: UInt64

    static func < (lhs: ServerHistoryPosition, rhs: ServerHistoryPosition) -> Bool {
        (lhs.modified, lhs.number) < (rhs.modified, rhs.number)
    }
}

/// One page of history: the signed transactions, the position of the last one, whether more follow.
struct ServerHistoryPage: Sendable {
    var signed: [String]
    var last: ServerHistoryPosition?
    var hasMore: Bool
}

/// One subscription's entry in the statuses answer.
struct ServerSubscriptionStatus: Sendable {
    var group: String
    var status: AppStoreSubscriptionStatus
    var originalTransactionID: String
    var signedTransaction: String
    var signedRenewalInfo: String
}

/// What an extension of a renewal date came to.
enum ServerRenewalExtension: Sendable {
    /// No subscription has that original transaction.
    case notFound
    /// The subscription is not active (expired, in billing retry, revoked).
    case ineligible
    /// The subscription was extended twice in the last 365 days already.
    case limitReached
    /// The subscription reaches the account through Family Sharing.
    case familyShared
    /// Extended: the subscription, its latest transaction's web order line item, the new renewal date.
    case extended(originalTransactionID: String, webOrderLineItemID: String, renewalDate: Double)
}

// The account as the App Store Server API sees it: the same records the payment queue and the
// StoreKit 2 face read, each answer signed now.
extension PaymentQueue {
    /// Whether the account knows the transaction `identifier` (any of the customer's).
    func serverKnows(_ identifier: String) async -> Bool {
        await prepare()
        return Self.number(identifier).flatMap(knownTransaction) != nil
    }

    /// Every transaction of the customer's history with its place in the order, oldest change first:
    /// charged purchases and renewals in any state, refunded or not, finished or not (finished
    /// consumables as far as the account keeps them). As Apple's, the order is by the date each
    /// transaction last changed, so a refund moves a transaction after what a page already gave.
    private func historyPositions() -> [ServerHistoryPosition] {
        var transactions = account.transactions.values.filter { $0.state == .purchased }
        transactions += account.refundableConsumables.values
        return transactions.map { transaction in
            ServerHistoryPosition(
                modified: Self.date(max(transaction.date, transaction.revocation ?? transaction.date)).milliseconds,
                number: transaction.number)
        }.sorted()
    }

    private func matches(_ transaction: AccountTransaction, _ filter: ServerHistoryFilter) -> Bool {
        if !filter.productIDs.isEmpty, !filter.productIDs.contains(transaction.productIdentifier) { return false }
        if !filter.productTypes.isEmpty, !filter.productTypes.contains(transaction.productType) { return false }
        if !filter.groups.isEmpty {
            guard let group = productsByIdentifier[transaction.productIdentifier]?.subscription?.group,
                filter.groups.contains(group)
            else { return false }
        }
        if let shared = filter.familyShared, shared != transaction.isFamilyShared { return false }
        if let revoked = filter.revoked, revoked != (transaction.revocation != nil) { return false }
        let purchased = Self.date(transaction.date).milliseconds
        if let start = filter.start, purchased < start { return false }
        if let end = filter.end, purchased >= end { return false }
        return true
    }

    /// A page of the history after the position `after` (in the filter's order), after the queue did
    /// what came due by its clock.
    ///
    /// - Returns: `nil` when the account does not know `identifier`.
    func serverHistory(
        of identifier: String, after: ServerHistoryPosition?, filter: ServerHistoryFilter, pageSize: Int
    ) async throws(SimulatedSignedDataError) -> ServerHistoryPage? {
        guard let signedData else { throw .notEnabled }
        await tick()
        guard Self.number(identifier).flatMap(knownTransaction) != nil else { return nil }
        let now = clock.now.timeIntervalSince1970
        var positions = historyPositions()
        if filter.descending { positions.reverse() }
        if let after {
            positions = positions.filter { filter.descending ? $0 < after : after < $0 }
        }
        var signed: [String] = []
        var last: ServerHistoryPosition?
        var index = 0
        while index < positions.count, signed.count < pageSize {
            defer { index += 1 }
            guard let transaction = knownTransaction(positions[index].number), matches(transaction, filter) else {
                continue
            }
            signed.append(try signedData.sign(transactionPayload(transaction, identity: signedData.identity, now: now)))
            last = positions[index]
        }
        let hasMore = positions[index...].contains { position in
            knownTransaction(position.number).map { matches($0, filter) } ?? false
        }
        return ServerHistoryPage(signed: signed, last: last, hasMore: hasMore)
    }

    /// Every subscription of the customer with its status, latest transaction and renewal info,
    /// signed now, after the queue did what came due; only those in `statuses` when it is not empty.
    ///
    /// - Returns: `nil` when the account does not know `identifier`.
    func serverSubscriptionStatuses(of identifier: String, statuses: Set<AppStoreSubscriptionStatus>)
        async throws(SimulatedSignedDataError) -> [ServerSubscriptionStatus]?
    {
        guard let signedData else { throw .notEnabled }
        await tick()
        guard Self.number(identifier).flatMap(knownTransaction) != nil else { return nil }
        let now = clock.now.timeIntervalSince1970
        var entries: [ServerSubscriptionStatus] = []
        for original in account.subscriptions.keys.sorted() {
            guard let subscription = account.subscriptions[original],
                let latest = knownTransaction(subscription.latestNumber)
            else { continue }
            let status = statusCode(subscription, now: now)
            if !statuses.isEmpty, !statuses.contains(status) { continue }
            entries.append(
                ServerSubscriptionStatus(
                    group: productsByIdentifier[subscription.productIdentifier]?.subscription?.group
                        ?? subscription.productIdentifier,
                    status: status, originalTransactionID: Self.identifier(original),
                    signedTransaction: try signedData.sign(
                        transactionPayload(latest, identity: signedData.identity, now: now)),
                    signedRenewalInfo: try signedData.sign(
                        renewalInfoPayload(subscription, identity: signedData.identity, now: now))))
        }
        return entries
    }

    /// The signed transactions of the order `orderID` names (one purchase or renewal each).
    ///
    /// - Returns: `nil` when no transaction of the account has that order ID.
    func serverOrder(_ orderID: String) async throws(SimulatedSignedDataError) -> [String]? {
        guard let number = Self.orderNumber(orderID) else { return nil }
        return try await signedTransaction(Self.identifier(number)).map { [$0] }
    }

    /// The order ID on the customer's receipt for the transaction `identifier` (each purchase and
    /// each renewal is an order of its own), derived from its number.
    ///
    /// - Returns: `nil` when the account does not know the transaction.
    public func orderID(ofTransaction identifier: String) async -> String? {
        await prepare()
        guard let number = Self.number(identifier), knownTransaction(number) != nil else { return nil }
        return Self.orderIdentifier(number)
    }

    /// The offset of order numbers, so every order ID has at least nine characters after its `M`.
    private static let orderBase: UInt64 = 36 * 36 * 36 * 36 * 36 * 36 * 36 * 36

    /// `M` and the transaction number, offset, in uppercase base 36 (the shape of Apple's order IDs).
    static func orderIdentifier(_ number: UInt64) -> String {
        "M" + String(orderBase + number, radix: 36).uppercased()
    }

    /// The transaction number an order ID names, or `nil` when it is not one this store gives.
    static func orderNumber(_ orderID: String) -> UInt64? {
        guard orderID.hasPrefix("M"), orderID == orderID.uppercased(),
            let value = UInt64(orderID.dropFirst(), radix: 36), value > orderBase
        else { return nil }
        return value - orderBase
    }

    /// How many extensions a subscription may have in 365 days, as Apple allows.
    static let extensionsPerYear = 2

    /// Moves the renewal date of the subscription whose original transaction is `identifier` later
    /// by `days`: its latest period (and a change of plan waiting for the renewal) ends later, and the
    /// account's signed data shows it from now on; emits `RENEWAL_EXTENDED`. Only an active, paid
    /// period (not a free trial) of the account's own subscription is extended, at most twice in 365
    /// days (a family member's access is not extended with it). The extension is
    /// kept in the account with its request identifier: the same request again extends nothing and
    /// answers as the first time did.
    func extendRenewalDate(of identifier: String, days: Int, requestIdentifier: String)
        async throws(SimulatedSignedDataError) -> ServerRenewalExtension
    {
        guard let signedData else { throw .notEnabled }
        await tick()
        guard let original = Self.number(identifier), var subscription = account.subscriptions[original],
            var latest = account.transactions[subscription.latestNumber]
        else { return .notFound }
        if latest.isFamilyShared { return .familyShared }
        let now = clock.now.timeIntervalSince1970
        let earlier = account.renewalExtensions[original] ?? []
        if let done = earlier.first(where: { $0.requestIdentifier == requestIdentifier }) {
            return .extended(
                originalTransactionID: identifier,
                webOrderLineItemID: Self.webOrderLineItemIdentifier(subscription.latestNumber),
                renewalDate: done.renewalDate)
        }
        // Apple extends paid, active periods only: not a free trial, not an expired or retrying one.
        guard !subscription.revoked, statusCode(subscription, now: now) == .active,
            latest.offer?.paymentMode != .freeTrial
        else { return .ineligible }
        guard earlier.filter({ $0.date > now - 365 * 86_400 }).count < Self.extensionsPerYear else {
            return .limitReached
        }
        let seconds = Double(days) * 86_400
        subscription.expiration += seconds
        latest.expiration = latest.expiration.map { $0 + seconds }
        var records: [AccountRecord] = [.put(latest)]
        if let next = subscription.nextNumber, var waiting = account.transactions[next] {
            waiting.date += seconds
            waiting.expiration = waiting.expiration.map { $0 + seconds }
            records.append(.put(waiting))
        }
        records.append(.subscription(subscription))
        records.append(
            .renewalExtension(
                RenewalExtensionRecord(
                    originalNumber: original, requestIdentifier: requestIdentifier, date: now,
                    renewalDate: subscription.expiration)))
        await commit(records, callbacks: [])
        let notice = StoreNotice(.renewalExtended, transaction: latest.number, subscription: original)
        let prepared = try notification(notice, signedData: signedData, now: clock.now.timeIntervalSince1970)
        let ticket = noticeState.nextTicket
        noticeState.nextTicket += 1
        publish(NoticeBatch(ticket: ticket, notifications: [prepared]))
        return .extended(
            originalTransactionID: identifier, webOrderLineItemID: Self.webOrderLineItemIdentifier(latest.number),
            renewalDate: subscription.expiration)
    }
}

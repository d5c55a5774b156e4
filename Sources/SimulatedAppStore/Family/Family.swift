import PurchaseCore

/// A Family Sharing group of simulated App Store accounts: each member is a ``PaymentQueue`` (an
/// account with its own journal), and a purchase one member makes of a product the catalog marks
/// `FamilyShareable` (a non-consumable or an auto-renewable subscription; never a consumable) is
/// shared with every other member.
///
/// ## Semantics (Apple's Family Sharing, StoreKit shape)
/// - A shared purchase reaches each other member's queue as a transaction of its own (its own
///   identifier, the purchaser's dates, `in_app_ownership_type` `FAMILY_SHARED`,
///   ``PaymentTransaction/ownership`` `familyShared`), told to its observers
///   as purchased and kept in its account, so a restore brings it back and receipts list it. Each
///   renewal of a shared subscription reaches them the same way.
/// - Sharing starts when the purchase is made or, for purchases made before, when a member joins.
/// - The share is revoked (its `revocationDate` set now; observers told
///   ``PaymentTransactionObserver/revokedTransactions(_:)`` and
///   ``PaymentTransactionObserver/didRevokeEntitlements(forProductIdentifiers:)``, the App Store's
///   `REVOKE`) when the purchaser stops sharing it (``stopSharing(by:productIdentifier:)``), when the
///   purchaser or the member leaves the family (``leave(_:)``), and when the purchase is refunded.
/// - Products not marked `FamilyShareable` stay the purchaser's.
///
/// The family object lives in memory: whoever runs the accounts (a scenario) keeps it, and joins a
/// relaunched member's new queue again under the same name. Each member's account keeps its place in
/// the family (its name, what it stopped sharing) and the shares it received, so they survive
/// relaunches, and an account joining a new family object under the name it had shares as it did.
public actor Family {
    private struct Member {
        var queue: PaymentQueue
        /// Whether the member shares its purchases (`false` after stopping sharing of everything).
        var sharesPurchases = true
        /// Products whose sharing the member stopped.
        var stoppedProducts: Set<String> = []

        init(queue: PaymentQueue, saved: FamilyMembershipRecord?) {
            self.queue = queue
            if let saved {
                sharesPurchases = saved.sharesPurchases
                stoppedProducts = Set(saved.stoppedProducts)
            }
        }

        func shares(_ purchase: FamilyPurchase) -> Bool {
            sharesPurchases && !stoppedProducts.contains(purchase.productIdentifier)
        }

        /// What the member's account keeps of its place in the family.
        func record(_ name: String) -> FamilyMembershipRecord {
            FamilyMembershipRecord(
                memberName: name, sharesPurchases: sharesPurchases, stoppedProducts: stoppedProducts.sorted())
        }
    }

    private var members: [String: Member] = [:]
    private var order: [String] = []

    /// An empty family.
    public init() {}

    /// The members' names, in the order they joined.
    public var memberNames: [String] { order }

    /// `queue`'s account joins the family as `name` (or, for a name already in it, the member's
    /// relaunched queue replaces its previous one): the others' shared purchases reach it, and its own
    /// reach them.
    public func join(_ queue: PaymentQueue, as name: String) async {
        // An account that was in a family under this name shares as it did then.
        let saved = await queue.savedFamilyMembership().flatMap { $0.memberName == name ? $0 : nil }
        var member = members[name] ?? Member(queue: queue, saved: saved)
        member.queue = queue
        if members[name] == nil { order.append(name) }
        members[name] = member
        await queue.setFamily(self, membership: member.record(name))
        for otherName in order where otherName != name {
            guard let other = members[otherName] else { continue }
            let theirs = await other.queue.familyShareablePurchases(memberName: otherName).filter(other.shares)
            if !theirs.isEmpty { await queue.receiveFamilyPurchases(theirs) }
            let mine = await queue.familyShareablePurchases(memberName: name).filter(member.shares)
            if !mine.isEmpty { await other.queue.receiveFamilyPurchases(mine) }
        }
    }

    /// A member leaves: it loses every purchase the others shared with it, and they lose what it shared.
    ///
    /// - Returns: `false` when no member has that name.
    @discardableResult
    public func leave(_ name: String) async -> Bool {
        guard let leaving = members.removeValue(forKey: name) else { return false }
        order.removeAll { $0 == name }
        await leaving.queue.setFamily(nil, membership: nil)
        await leaving.queue.revokeFamilyPurchases { _ in true }
        for other in order.compactMap({ members[$0] }) {
            await other.queue.revokeFamilyPurchases { $0.sharedBy == name }
        }
        return true
    }

    /// The member `name` stops sharing its purchase of a product (Settings, Subscriptions, Share With
    /// Family off), or every purchase with `productIdentifier` `nil` (Purchase Sharing off): the
    /// others lose it now, and later purchases of it are not shared.
    ///
    /// - Returns: `false` when no member has that name.
    @discardableResult
    public func stopSharing(by name: String, productIdentifier: String? = nil) async -> Bool {
        guard var member = members[name] else { return false }
        if let productIdentifier {
            member.stoppedProducts.insert(productIdentifier)
        } else {
            member.sharesPurchases = false
        }
        members[name] = member
        await member.queue.setFamily(self, membership: member.record(name))
        for otherName in order where otherName != name {
            await members[otherName]?.queue.revokeFamilyPurchases { share in
                share.sharedBy == name && (productIdentifier == nil || share.productIdentifier == productIdentifier)
            }
        }
        return true
    }

    /// A member's queue made or changed charged purchases it may share: they reach the other members
    /// (new shares, renewals, refunds and changed expirations).
    func share(_ purchases: [FamilyPurchase], from name: String) async {
        guard let member = members[name] else { return }
        let shared = purchases.filter(member.shares)
        guard !shared.isEmpty else { return }
        for otherName in order where otherName != name {
            await members[otherName]?.queue.receiveFamilyPurchases(shared)
        }
    }
}

/// One charged transaction of a family member, as the family hands it to the other members.
struct FamilyPurchase: Sendable, Hashable {
    /// `<member>/<original number>/<number>`: names the purchaser's transaction within the family.
    var key: String
    /// `<member>/<original number>/`: what every transaction of the same original purchase starts with.
    var originalPrefix: String
    var productIdentifier: String
    var productType: ProductType
    var date: Double
    var originalDate: Double
    var expiration: Double?
    var revocation: Double?
    var revokedForAppIssue: Bool
    var autoRenew: UInt8

    init(_ transaction: AccountTransaction, memberName: String) {
        originalPrefix = "\(memberName)/\(transaction.originalNumber)/"
        key = originalPrefix + String(transaction.number)
        productIdentifier = transaction.productIdentifier
        productType = transaction.productType
        date = transaction.date
        originalDate = transaction.originalDate
        expiration = transaction.expiration
        revocation = transaction.revocation
        revokedForAppIssue = transaction.revokedForAppIssue
        autoRenew = transaction.autoRenew
    }
}

extension AccountTransaction {
    /// The member who shares it with the account (the first part of ``familySource``).
    var sharedBy: String? {
        familySource.flatMap { source in source.split(separator: "/", maxSplits: 1).first.map(String.init) }
    }
}

import AppStoreSignedData
import Foundation

/// One request body the clients post, with the ledger effect expected of it.
struct FaultItem: Sendable {
    enum Kind: String, Sendable, Hashable {
        /// `POST /v1/transactions`: delivers ``FaultItem/transactionID`` to ``FaultItem/account``.
        case transaction
        /// `POST /v1/apple/notifications`: delivers its transaction, and with ``FaultItem/revokes`` revokes it.
        case notification
        /// `POST /v1/accounts/{account}/balances/gems/spend` of ``FaultItem/quantity`` gems.
        case spend
    }

    var kind: Kind
    var path: String
    var body: Data
    var account: UUID
    /// The transaction delivered or revoked (nil for a spend).
    var transactionID: String?
    /// The notification's `notificationUUID`.
    var notificationUUID: String?
    /// Whether the notification is a refund.
    var revokes = false
    /// The gems a spend takes.
    var quantity = 0
    /// A spend's `Idempotency-Key`, sent with every attempt of every copy (nil: a spend without one).
    var spendKey: String?

    /// Whether the route needs the API key (every one but the store's notifications).
    var needsKey: Bool { kind != .notification }
}

/// A bounded set of signed transactions (consumables with payouts, a non-consumable, a subscription
/// and its renewal) over several accounts, App Store Server Notifications V2 for some of them (one-time
/// charges, refunds, a renewal), and spends (with an `Idempotency-Key` for every other account, without
/// one for the rest); with what the ledger must hold afterwards.
struct FaultWorkload: Sendable {
    var items: [FaultItem] = []
    var accounts: [UUID] = []
    /// The account each transaction belongs to.
    var owners: [String: UUID] = [:]
    /// The units each transaction credits, by balance.
    var credits: [String: [String: Int]] = [:]
    /// The transactions a refund notification revokes.
    var refunded: Set<String> = []

    /// The products used and the gems each credits (from `Catalog/Default.plist`).
    static let gems = ["com.example.gems.100": 100, "com.example.gems.550": 550, "com.example.gems.1200": 1200]

    /// Makes the workload for `accountCount` accounts; `generator` picks the account tokens.
    static func make(accounts accountCount: Int, using generator: inout some RandomNumberGenerator) throws
        -> FaultWorkload
    {
        var workload = FaultWorkload()
        let now = Date()
        let day: TimeInterval = 86400
        for number in 0..<accountCount {
            let account = UUID(uuid: randomUUIDBytes(using: &generator))
            workload.accounts.append(account)
            let prefix = "fault-\(number)-"
            // Consumables: posted by the app, one also charged through a notification, one refunded,
            // one known only through its notification.
            let hundred = try workload.transaction(
                prefix + "gems100", "com.example.gems.100", .consumable, account, purchased: now)
            try workload.post(hundred)
            try workload.notify(hundred, type: .oneTimeCharge, uuid: prefix + "charge-gems100")
            let pouch = try workload.transaction(
                prefix + "gems550", "com.example.gems.550", .consumable, account, purchased: now)
            try workload.post(pouch)
            var refundedPouch = pouch
            refundedPouch.revocationDate = AppStoreDate(now)
            refundedPouch.revocationReason = .other
            try workload.notify(refundedPouch, type: .refund, uuid: prefix + "refund-gems550")
            let chest = try workload.transaction(
                prefix + "gems1200", "com.example.gems.1200", .consumable, account, purchased: now)
            try workload.notify(chest, type: .oneTimeCharge, uuid: prefix + "charge-gems1200")
            // A non-consumable, refunded for every other account.
            let removeAds = try workload.transaction(
                prefix + "removeads", "com.example.removeads", .nonConsumable, account, purchased: now)
            try workload.post(removeAds)
            if number % 2 == 1 {
                var refund = removeAds
                refund.revocationDate = AppStoreDate(now)
                refund.revocationReason = .appIssue
                try workload.notify(refund, type: .refund, uuid: prefix + "refund-removeads")
            }
            // A subscription period that ended, posted by the app, and its renewal, through a notification.
            var first = try workload.transaction(
                prefix + "pro-1", "com.example.pro.monthly", .autoRenewable, account, purchased: now - 40 * day)
            first.expiresDate = AppStoreDate(now - 10 * day)
            try workload.post(first)
            var renewal = try workload.transaction(
                prefix + "pro-2", "com.example.pro.monthly", .autoRenewable, account, purchased: now - 10 * day)
            renewal.originalTransactionId = first.transactionId
            renewal.originalPurchaseDate = first.purchaseDate
            renewal.expiresDate = AppStoreDate(now + 20 * day)
            renewal.transactionReason = .renewal
            try workload.notify(renewal, type: .didRenew, uuid: prefix + "renew-pro")
            // Spends: some fit, some may not, depending on the order they meet the deliveries in. Every
            // other account's carry an Idempotency-Key, so that they are taken once however often sent.
            for (index, quantity) in [80, 300, 500, 1000].enumerated() {
                workload.items.append(
                    FaultItem(
                        kind: .spend, path: "/v1/accounts/\(account.uuidString)/balances/gems/spend",
                        body: try JSONSerialization.data(withJSONObject: ["quantity": quantity]), account: account,
                        quantity: quantity, spendKey: number % 2 == 1 ? prefix + "spend-\(index)" : nil))
            }
        }
        return workload
    }

    /// The payload of a transaction of `product` for `account`, recording its owner and credits.
    private mutating func transaction(
        _ id: String, _ product: String, _ type: TransactionType, _ account: UUID, purchased: Date
    ) throws -> TransactionPayload {
        var payload = TransactionPayload()
        payload.transactionId = id
        payload.originalTransactionId = id
        payload.bundleId = FaultCluster.bundleID
        payload.productId = product
        payload.purchaseDate = AppStoreDate(purchased)
        payload.originalPurchaseDate = AppStoreDate(purchased)
        payload.quantity = 1
        payload.type = type
        payload.appAccountToken = account
        payload.inAppOwnershipType = .purchased
        payload.environment = .sandbox
        payload.signedDate = AppStoreDate(Date())
        owners[id] = account
        credits[id] = Self.gems[product].map { ["gems": $0] } ?? [:]
        return payload
    }

    /// The app posting `payload` signed, for its account.
    private mutating func post(_ payload: TransactionPayload) throws {
        let account = try Self.account(of: payload)
        let body: [String: Any] = [
            "signedTransaction": try FaultCluster.signer.sign(payload), "appAccountToken": account.uuidString,
        ]
        items.append(
            FaultItem(
                kind: .transaction, path: "/v1/transactions", body: try JSONSerialization.data(withJSONObject: body),
                account: account, transactionID: payload.transactionId))
    }

    /// The App Store notifying `type` for `transaction`.
    private mutating func notify(_ transaction: TransactionPayload, type: NotificationType, uuid: String) throws {
        let account = try Self.account(of: transaction)
        var payload = NotificationPayload()
        payload.notificationUUID = uuid
        payload.notificationType = type
        payload.version = "2.0"
        payload.signedDate = AppStoreDate(Date())
        var data = NotificationData()
        data.bundleId = FaultCluster.bundleID
        data.environment = .sandbox
        data.signedTransactionInfo = try FaultCluster.signer.sign(transaction)
        payload.data = data
        let body = try JSONEncoder().encode(["signedPayload": try FaultCluster.signer.sign(payload)])
        let revokes = transaction.revocationDate != nil
        if revokes, let id = transaction.transactionId { refunded.insert(id) }
        items.append(
            FaultItem(
                kind: .notification, path: "/v1/apple/notifications", body: body, account: account,
                transactionID: transaction.transactionId, notificationUUID: uuid, revokes: revokes))
    }

    private static func account(of payload: TransactionPayload) throws -> UUID {
        guard let account = payload.appAccountToken else { throw FaultWorkloadError.noAccount }
        return account
    }

    private static func randomUUIDBytes(using generator: inout some RandomNumberGenerator) -> uuid_t {
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        bytes[6] = (bytes[6] & 0x0f) | 0x40
        bytes[8] = (bytes[8] & 0x3f) | 0x80
        return (
            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
            bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
        )
    }
}

enum FaultWorkloadError: Error {
    case noAccount
}

/// A generator seeded for a reproducible run (SplitMix64).
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

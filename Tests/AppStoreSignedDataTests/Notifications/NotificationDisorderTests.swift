import AppStoreSignedData
import FileStore
import Foundation
import PurchaseCore
import Testing

/// Exactly once under disorder: the same notifications, shuffled and repeated (a seeded shuffle, a
/// bounded number of copies), leave the ledger as processing them in order once each does.
struct NotificationDisorderTests {
    typealias F = NotificationFixtures

    static let alice = UUID(uuidString: "0C7A3B0E-5D2B-4F4B-8E55-2A9A51D7E001")!
    static let bob = UUID(uuidString: "0C7A3B0E-5D2B-4F4B-8E55-2A9A51D7E002")!

    /// A customer's history: gems bought and one refunded, a subscription renewed then upgraded,
    /// a non-consumable revoked, a pass for an account, a subscription of another account refunded,
    /// and notifications that change nothing.
    static let history: [VerifiedNotification] = {
        func at(_ days: Double) -> Date { F.start.addingTimeInterval(days * F.day) }
        let gems = F.transaction("10", product: "com.example.gems.100", type: .consumable, quantity: 2)
        var refundedGems = gems
        refundedGems.revocationDate = AppStoreDate(at(2))
        let basic = F.transaction("20", product: "basic.monthly", type: .autoRenewable, expires: at(30))
        let renewal = F.transaction(
            "21", product: "basic.monthly", type: .autoRenewable, original: "20", purchased: at(30), expires: at(60))
        let pro = F.transaction(
            "22", product: "pro.monthly", type: .autoRenewable, original: "20", purchased: at(40), expires: at(70))
        let ads = F.transaction("30", product: "remove.ads", type: .nonConsumable)
        let pass = F.transaction("40", product: "season.pass", type: .nonRenewing, account: alice)
        let bobs = F.transaction("50", product: "pro.monthly", type: .autoRenewable, expires: at(30), account: bob)
        return [
            F.notification("n01", .oneTimeCharge, transaction: gems),
            F.notification(
                "n02", .oneTimeCharge,
                transaction: F.transaction("11", product: "com.example.gems.100", type: .consumable)),
            F.notification("n03", .refund, transaction: refundedGems),
            F.notification("n04", .subscribed, .initialBuy, transaction: basic),
            F.notification("n05", .didRenew, transaction: renewal),
            F.notification("n06", .didChangeRenewalStatus, .autoRenewDisabled, transaction: renewal),
            F.notification("n07", .didChangeRenewalPref, .upgrade, transaction: pro),
            F.notification("n08", .expired, .voluntary, transaction: pro),
            F.notification("n09", .oneTimeCharge, transaction: ads),
            F.notification(
                "n10", .revoke,
                transaction: F.transaction("30", product: "remove.ads", type: .nonConsumable, revoked: at(5))),
            F.notification("n11", .oneTimeCharge, transaction: pass),
            F.notification("n12", .test),
            F.notification("n13", .didFailToRenew, .gracePeriod, transaction: pro),
            F.notification("n14", .consumptionRequest, transaction: gems),
            F.notification("n15", .subscribed, .initialBuy, transaction: bobs),
            F.notification(
                "n16", .refund,
                transaction: F.transaction(
                    "50", product: "pro.monthly", type: .autoRenewable, expires: at(30), revoked: at(3), account: bob)),
            F.notification("n17", .priceIncrease, .pending, transaction: renewal),
        ]
    }()

    /// `history` with `copies` notifications repeated, in an order drawn from `seed`.
    static func disordered(seed: UInt64, copies: Int) -> [VerifiedNotification] {
        var random = SplitMix64(seed: seed)
        var list = history
        for _ in 0..<copies { list.append(history[Int(random.next() % UInt64(history.count))]) }
        for index in stride(from: list.count - 1, to: 0, by: -1) {
            list.swapAt(index, Int(random.next() % UInt64(index + 1)))
        }
        return list
    }

    /// What a ledger holds after `notifications`: its contents with deliveries in transaction order,
    /// and which notifications it recorded.
    static func process(
        _ notifications: [VerifiedNotification], into ledger: any FulfillmentLedger & NotificationLog
    ) async throws -> (LedgerContents, Set<String>) {
        let processor = F.processor(ledger)
        for notification in notifications { _ = try await processor.apply(notification) }
        return try await state(of: ledger)
    }

    static func state(of ledger: any FulfillmentLedger & NotificationLog) async throws -> (LedgerContents, Set<String>)
    {
        var recorded: Set<String> = []
        for notification in history {
            let uuid = try #require(notification.payload.notificationUUID)
            if try await ledger.notificationRecorded(uuid) != nil { recorded.insert(uuid) }
        }
        return (F.normalized(try await ledger.contents()), recorded)
    }

    @Test func theHistoryInOrderEndsAsExpected() async throws {
        let (contents, recorded) = try await Self.process(Self.history, into: InMemoryFulfillmentLedger())
        #expect(recorded.count == Self.history.count)
        #expect(contents.deliveries.map(\.transactionID.id) == ["10", "11", "20", "21", "22", "30", "40", "50"])
        #expect(Set(contents.revocations.keys) == [F.id("10"), F.id("30"), F.id("50")])
        #expect(contents.expirations == [F.id("21"): F.start.addingTimeInterval(40 * F.day)])
        #expect(contents.balances == ["gems": 100])
        #expect(contents.view(for: Self.alice).deliveries.map(\.productID) == ["season.pass"])
    }

    @Test(arguments: 1...8 as ClosedRange<UInt64>)
    func shuffledAndRepeatedNotificationsLeaveTheInMemoryLedgerAsInOrder(seed: UInt64) async throws {
        let expected = try await Self.process(Self.history, into: InMemoryFulfillmentLedger())
        let list = Self.disordered(seed: seed, copies: 12)
        let actual = try await Self.process(list, into: InMemoryFulfillmentLedger())
        #expect(actual.0 == expected.0)
        #expect(actual.1 == expected.1)
    }

    @Test(arguments: 1...3 as ClosedRange<UInt64>)
    func shuffledAndRepeatedNotificationsLeaveTheFileLedgerAsInOrder(seed: UInt64) async throws {
        let expected = try await Self.process(Self.history, into: InMemoryFulfillmentLedger())
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notify-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var ledger = try FileFulfillmentLedger(stateDirectory: folder)
        let actual = try await Self.process(Self.disordered(seed: seed, copies: 12), into: ledger)
        #expect(actual.0 == expected.0)
        #expect(actual.1 == expected.1)
        await ledger.close()

        // Reopened, it holds the same, and the whole history again changes nothing.
        ledger = try FileFulfillmentLedger(stateDirectory: folder)
        #expect(try await Self.state(of: ledger) == actual)
        let processor = F.processor(ledger)
        for notification in Self.history {
            #expect(try await processor.apply(notification).outcome == .duplicate)
        }
        #expect(try await Self.state(of: ledger) == actual)
        await ledger.close()
    }

    /// Processors sharing one ledger, each given the history in its own order, concurrently.
    @Test func concurrentProcessorsInDifferentOrdersAgree() async throws {
        let expected = try await Self.process(Self.history, into: InMemoryFulfillmentLedger())
        let ledger = InMemoryFulfillmentLedger()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for seed in 1...4 as ClosedRange<UInt64> {
                let list = Self.disordered(seed: seed * 7, copies: 4)
                group.addTask {
                    let processor = F.processor(ledger)
                    for notification in list { _ = try await processor.apply(notification) }
                }
            }
            try await group.waitForAll()
        }
        let actual = try await Self.state(of: ledger)
        #expect(actual.0 == expected.0)
        #expect(actual.1 == expected.1)
    }
}

extension NotificationDisorderTests {
    /// Two file ledgers opened on one folder (as two server processes do), each with its processor
    /// and its own order of the history, concurrently: the ledger ends as in order once each.
    @Test func processorsOnLedgersSharingAFolderAgree() async throws {
        let expected = try await Self.process(Self.history, into: InMemoryFulfillmentLedger())
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notify-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let own = folder.appendingPathComponent("ledger")
        let ledgers = try (0..<2).map { _ in try FileFulfillmentLedger(directory: own) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, ledger) in ledgers.enumerated() {
                let list = Self.disordered(seed: UInt64(index) + 41, copies: 6)
                group.addTask {
                    let processor = F.processor(ledger)
                    for notification in list { _ = try await processor.apply(notification) }
                }
            }
            try await group.waitForAll()
        }
        for ledger in ledgers {
            let actual = try await Self.state(of: ledger)
            #expect(actual.0 == expected.0)
            #expect(actual.1 == expected.1)
        }
        for ledger in ledgers { await ledger.close() }
    }
}

/// A small seeded generator (SplitMix64), so a failing order can be replayed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

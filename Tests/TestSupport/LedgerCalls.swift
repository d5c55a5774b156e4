public import Foundation
public import PurchaseCore

/// Random sequences of ledger calls for differential tests: the same seed gives the same calls,
/// whose answers can be compared across ledgers.
public enum LedgerCalls {
    /// A small seeded generator (SplitMix64), so a failing sequence can be run again.
    public struct SeededGenerator: RandomNumberGenerator {
        /// The generator's state; the seed at first.
        public var state: UInt64
        /// A generator seeded with `state`.
        public init(state: UInt64) { self.state = state }
        /// The next number of the sequence.
        public mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// What one call answered, comparable across the two ledgers.
    public enum Answer: Hashable {
        case recorded(Bool)
        case payout(RevokedPayout?)
        case left(Int)
        case spent(SpendResult)
        case failed(Int)
        case done
    }

    /// The accounts the calls use: the default one and two others.
    public static let accounts: [UUID?] = [
        nil, UUID(uuidString: "00000000-0000-4000-8000-00000000000A"),
        UUID(uuidString: "00000000-0000-4000-8000-00000000000B"),
    ]

    /// What `call` answered, or the code of the error it threw.
    public static func answer(_ call: () async throws -> Answer) async -> Answer {
        do {
            return try await call()
        } catch let error as PurchaseError {
            return .failed(error.code.rawValue)
        } catch {
            return .failed(-1)
        }
    }

    /// One random call: a delivery of any kind (restores and repeats included), a spend (with an
    /// identifier or without), a revocation with or without a payout, an expiration, a finish mark or
    /// a notification.
    public static func randomCall(
        _ random: inout SeededGenerator
    ) -> @Sendable (any FulfillmentLedger & NotificationLog) async throws -> Answer {
        let id = "t\(Int.random(in: 0..<24, using: &random))"
        let account = accounts.randomElement(using: &random)!
        let offset = Double(Int.random(in: 0..<100_000, using: &random)) / 7.0
        let date = Deliveries.start.addingTimeInterval(offset)
        switch Int.random(in: 0..<13, using: &random) {
        case 0, 1, 2:
            let delivery = Deliveries.gems(id, units: Int.random(in: 1...20, using: &random), account: account)
            return { .recorded(try await $0.recordDelivery(delivery)) }
        case 3:
            let original = "t\(Int.random(in: 0..<24, using: &random))"
            let delivery = Deliveries.removeAds(id, original: original, account: account)
            return { .recorded(try await $0.recordDelivery(delivery)) }
        case 4:
            let delivery = Deliveries.subscription(id, original: "sub", expires: date, account: account)
            return { .recorded(try await $0.recordDelivery(delivery)) }
        case 5, 6:
            let name = Bool.random(using: &random) ? "gems" : "coins"
            let quantity = Int.random(in: 0...15, using: &random)
            return { .left(try await $0.spend(name, quantity: quantity, account: account)) }
        case 7:
            let treatment = RefundedConsumables.allCases.randomElement(using: &random)!
            return { ledger in
                .payout(
                    try await ledger.recordRevocation(
                        Deliveries.id(id), at: date, refundedConsumables: treatment))
            }
        case 8:
            return { .recorded(try await $0.recordRevocation(Deliveries.id(id), at: date)) }
        case 9:
            let end = Deliveries.start.addingTimeInterval(offset / 2)
            return { .recorded(try await $0.recordExpiration(Deliveries.id(id), at: end)) }
        case 10:
            return { ledger in
                try await ledger.markFinished(Deliveries.id(id))
                return .done
            }
        case 11:
            let name = Bool.random(using: &random) ? "gems" : "coins"
            let quantity = Int.random(in: 0...15, using: &random)
            let spendID = try! SpendID("s\(Int.random(in: 0..<8, using: &random))")
            return { ledger in
                guard let spender = ledger as? any IdempotentSpending else { return .failed(-2) }
                return .spent(try await spender.spend(name, quantity: quantity, account: account, spendID: spendID))
            }
        default:
            let notification = "n\(Int.random(in: 0..<6, using: &random))"
            return { .recorded(try await $0.recordNotification(notification, at: date)) }
        }
    }
}

extension LedgerCalls {
    /// How `ledger`'s holdings of `account` (`FulfillmentLedger.holdings(for:)`) differ from its
    /// contents for the account folded (`LedgerContents.holdings()`), or how their balances differ
    /// from those of the account's contents; `nil` when they agree.
    public static func holdingsDisagreement(
        of ledger: any FulfillmentLedger, account: UUID?
    ) async throws -> String? {
        let contents = try await ledger.contents(for: account)
        let holdings = try await ledger.holdings(for: account)
        if holdings != contents.holdings() {
            return "holdings \(holdings) differ from the folded contents \(contents.holdings())"
        }
        if holdings.balances != contents.balances {
            return "holdings' balances \(holdings.balances) differ from \(contents.balances)"
        }
        return nil
    }
}

import Foundation
import PurchaseCore
import Testing

@testable import SimulatedAppStore

/// The account records of subscription groups: an upgraded transaction and a change waiting for the
/// renewal round-trip, and records written before either existed read as before.
struct AccountGroupRecordTests {
    @Test func upgradedTransactionsAndWaitingChangesRoundTrip() throws {
        var transaction = AccountTransaction(
            number: 7, originalNumber: 7, productIdentifier: "basic", productType: .autoRenewable, quantity: 1,
            state: .purchased, date: 1_767_225_600, originalDate: 1_767_225_600)
        transaction.revocation = 1_767_830_400
        transaction.upgraded = true
        var subscription = SubscriptionRecord(
            originalNumber: 3, productIdentifier: "pro", latestNumber: 3, expiration: 1_769_904_000)
        subscription.nextNumber = 9
        subscription.nextProductIdentifier = "basic"
        for record in [AccountRecord.put(transaction), .subscription(subscription)] {
            var reader = BinaryReader(record.data)
            #expect(try AccountRecord(from: &reader) == record)
            #expect(reader.isAtEnd)
        }
        #expect(subscription.renewalProductIdentifier == "basic")
    }

    @Test func aSubscriptionRecordOfTheEarlierLayoutReadsWithNoWaitingChange() throws {
        // Tag 3 as written before waiting changes existed, followed by another record.
        var writer = BinaryWriter()
        writer.byte(3)
        writer.varint(3)
        writer.string("pro")
        writer.varint(4)
        writer.double(1_769_904_000)
        writer.byte(1)
        writer.byte(0)
        writer.optionalDouble(nil)
        writer.varint(0)
        AccountRecord.finish(4).encode(into: &writer)
        var reader = BinaryReader(writer.data)
        guard case .subscription(let subscription) = try AccountRecord(from: &reader) else {
            Issue.record("not a subscription record")
            return
        }
        #expect(subscription.nextNumber == nil)
        #expect(subscription.nextProductIdentifier == nil)
        #expect(subscription.renewalProductIdentifier == "pro")
        #expect(subscription.willAutoRenew)
        #expect(try AccountRecord(from: &reader) == .finish(4))
        #expect(reader.isAtEnd)
    }
}

import Foundation
import PurchaseCore
import Testing

@testable import SimulatedAppStore

struct AccountRecordTests {
    private func sampleTransaction() -> AccountTransaction {
        var transaction = AccountTransaction(
            number: 300, originalNumber: 12, productIdentifier: "com.example.ünïcode", productType: .autoRenewable,
            quantity: 1, state: .purchased, date: 1_767_225_600.5, originalDate: 1_767_000_000)
        transaction.expiration = 1_769_904_000
        transaction.autoRenew = 2
        transaction.applicationUsername = "user"
        return transaction
    }

    @Test func recordsRoundTrip() throws {
        var subscription = SubscriptionRecord(
            originalNumber: 12, productIdentifier: "p", latestNumber: 300, expiration: 1_769_904_000)
        subscription.billing = .gracePeriod
        subscription.billingIssueSince = 1_769_904_000
        var failed = sampleTransaction()
        failed.state = .failed
        failed.errorCode = -3
        failed.awaitingResolution = true
        let records: [AccountRecord] = [
            .put(sampleTransaction()), .put(failed), .finish(300), .subscription(subscription),
            .attempts(productIdentifier: "p", count: 4), .clear,
        ]
        for record in records {
            var reader = BinaryReader(record.data)
            #expect(try AccountRecord(from: &reader) == record)
            #expect(reader.isAtEnd)
        }
    }

    @Test func recordsAreCompact() {
        #expect(AccountRecord.put(sampleTransaction()).data.count < 80)
        #expect(AccountRecord.finish(300).data.count == 3)
    }

    @Test func snapshotRebuildsTheAccount() throws {
        var account = SimulatedAccount()
        account.apply(.put(sampleTransaction()))
        account.apply(
            .subscription(
                SubscriptionRecord(originalNumber: 12, productIdentifier: "p", latestNumber: 300, expiration: 5)))
        account.apply(.attempts(productIdentifier: "p", count: 2))
        let rebuilt = try SimulatedAccount(snapshot: try account.snapshot())
        #expect(rebuilt.transactions == account.transactions)
        #expect(rebuilt.unfinished == account.unfinished)
        #expect(rebuilt.subscriptions == account.subscriptions)
        #expect(rebuilt.attempts == account.attempts)
        #expect(rebuilt.nextNumber == 301)
    }

    @Test func anEarlyExpiryNoticeIsKeptUntilCleared() throws {
        var noticed = sampleTransaction()
        noticed.finished = true
        noticed.expiryNoticePending = true
        var reader = BinaryReader(AccountRecord.put(noticed).data)
        #expect(try AccountRecord(from: &reader) == .put(noticed))

        var account = SimulatedAccount()
        account.apply(.put(noticed))
        #expect(account.expiryNotices == [300] && account.unfinished.isEmpty)
        let rebuilt = try SimulatedAccount(snapshot: try account.snapshot())
        #expect(rebuilt.expiryNotices == [300])
        noticed.expiryNoticePending = false
        account.apply(.put(noticed))
        #expect(account.expiryNotices.isEmpty)
    }

    @Test func finishedConsumablesAreForgotten() {
        var account = SimulatedAccount()
        var gems = sampleTransaction()
        gems.productType = .consumable
        account.apply(.put(gems))
        #expect(account.unfinished == [300])
        account.apply(.finish(300))
        #expect(account.transactions.isEmpty)
        #expect(account.unfinished.isEmpty)
    }

    @Test(arguments: [Data(), Data([1]), Data([9, 1, 2]), Data([1, 0x80]), Data([4, 200, 1])])
    func damagedRecordsThrowInsteadOfTrapping(bytes: Data) {
        var account = SimulatedAccount()
        #expect(throws: (any Error).self) { try account.apply(bytes) }
    }
}

import AppStoreServerAPI
import AppStoreSignedData
import Foundation
import PurchaseCore
import SimulatedAppStore
import Testing

/// Every endpoint of the client against the simulated App Store's server API.
struct ClientEndpointTests {
    @Test func historyPagesByRevisionUntilNothingMore() async throws {
        let fixture = try ServerAPIFixture()
        var bought: [String] = []
        for _ in 0..<23 { bought.append(try await fixture.buy(ServerAPITesting.gems)) }
        bought.append(try await fixture.buy(ServerAPITesting.noAds))
        let first = try await fixture.client.transactionHistory(for: bought[0])
        #expect(first.signedTransactions?.count == 20)
        #expect(first.hasMore == true)
        #expect(first.bundleId == ServerAPITesting.bundleID)
        #expect(first.environment == .localTesting)
        let second = try await fixture.client.transactionHistory(for: bought[0], revision: first.revision)
        #expect(second.signedTransactions?.count == 4)
        #expect(second.hasMore == false)
        let third = try await fixture.client.transactionHistory(for: bought[0], revision: second.revision)
        #expect(third.signedTransactions?.isEmpty == true)
        let pages = (first.signedTransactions ?? []) + (second.signedTransactions ?? [])
        #expect(try pages.map { try ServerAPITesting.transaction($0).transactionId } == bought)
        #expect(try await fixture.client.wholeTransactionHistory(for: bought[5]).count == 24)
        // A purchase made after the last page is found with its revision.
        let later = try await fixture.buy(ServerAPITesting.monthly)
        let fourth = try await fixture.client.transactionHistory(for: bought[0], revision: second.revision)
        #expect(try fourth.signedTransactions?.map { try ServerAPITesting.transaction($0).transactionId } == [later])
        // So is a refund of an old purchase: the history is ordered by when each transaction last changed.
        fixture.clock.advance(by: 60)
        await fixture.queue.refundTransaction(bought[3])
        let fifth = try await fixture.client.transactionHistory(for: bought[0], revision: fourth.revision)
        let refunded = try (fifth.signedTransactions ?? []).map { try ServerAPITesting.transaction($0) }
        #expect(refunded.map(\.transactionId) == [bought[3]])
        #expect(refunded.first?.revocationDate != nil)
        await fixture.close()
    }

    @Test func historyFiltersAndSortsAsAsked() async throws {
        let fixture = try ServerAPIFixture()
        let gems = try await fixture.buy(ServerAPITesting.gems)
        let noAds = try await fixture.buy(ServerAPITesting.noAds)
        await fixture.queue.refundTransaction(gems)
        var query = TransactionHistoryQuery()
        query.productTypes = ["NON_CONSUMABLE"]
        let nonConsumables = try await fixture.client.wholeTransactionHistory(for: gems, query: query)
        #expect(try nonConsumables.map { try ServerAPITesting.transaction($0).transactionId } == [noAds])
        query = TransactionHistoryQuery()
        query.revoked = true
        let revoked = try await fixture.client.wholeTransactionHistory(for: gems, query: query)
        #expect(try revoked.map { try ServerAPITesting.transaction($0).revocationDate != nil } == [true])
        query = TransactionHistoryQuery()
        query.sort = .descending
        let newestFirst = try await fixture.client.wholeTransactionHistory(for: gems, query: query)
        #expect(try newestFirst.map { try ServerAPITesting.transaction($0).transactionId } == [noAds, gems])
        query = TransactionHistoryQuery()
        query.productTypes = ["GADGET"]
        await #expect {
            try await fixture.client.transactionHistory(for: gems, query: query)
        } throws: { error in
            (error as? AppStoreServerAPIError)?.apiErrorCode == 4_000_022
        }
        await fixture.close()
    }

    @Test func subscriptionStatusesGroupTheLatestTransactionWithItsRenewalInfo() async throws {
        let fixture = try ServerAPIFixture()
        let original = try await fixture.buy(ServerAPITesting.monthly)
        let statuses = try await fixture.client.allSubscriptionStatuses(for: original)
        let group = try #require(statuses.data?.first)
        #expect(group.subscriptionGroupIdentifier == "pro")
        let item = try #require(group.lastTransactions?.first)
        #expect(item.status == .active)
        #expect(item.originalTransactionId == original)
        #expect(try ServerAPITesting.transaction(item.signedTransactionInfo).productId == ServerAPITesting.monthly)
        let renewal = try ServerAPITesting.verifier().verifyRenewalInfo(try #require(item.signedRenewalInfo))
        #expect(renewal.payload.originalTransactionId == original)
        let expired = try await fixture.client.allSubscriptionStatuses(for: original, statuses: [.expired])
        #expect(expired.data?.isEmpty == true)
        await fixture.close()
    }

    @Test func transactionInfoAndOrderLookup() async throws {
        let fixture = try ServerAPIFixture()
        let id = try await fixture.buy(ServerAPITesting.noAds)
        let info = try await fixture.client.transactionInfo(id)
        #expect(try ServerAPITesting.transaction(info.signedTransactionInfo).transactionId == id)
        let orderID = try #require(await fixture.queue.orderID(ofTransaction: id))
        let order = try await fixture.client.lookUpOrder(orderID)
        #expect(order.isValid)
        #expect(try order.signedTransactions?.map { try ServerAPITesting.transaction($0).transactionId } == [id])
        let unknown = try await fixture.client.lookUpOrder("MZZZZZZZZZZ1")
        #expect(unknown.status == 1)
        #expect(unknown.signedTransactions?.isEmpty == true)
        await fixture.close()
    }

    @Test func extendingARenewalDateMovesItAndEmitsRenewalExtended() async throws {
        let fixture = try ServerAPIFixture()
        let original = try await fixture.buy(ServerAPITesting.monthly)
        let before = try ServerAPITesting.transaction(
            try await fixture.client.transactionInfo(original).signedTransactionInfo)
        let sequence = fixture.queue.signedData?.notifications.lastSequence ?? 0
        let answer = try await fixture.client.extendRenewalDate(
            originalTransactionID: original,
            request: ExtendRenewalDateRequest(
                extendByDays: 7, extendReasonCode: 1, requestIdentifier: UUID().uuidString))
        #expect(answer.success == true)
        #expect(answer.originalTransactionId == original)
        let oldEnd = try #require(before.expiresDate)
        #expect(answer.effectiveDate?.milliseconds == oldEnd.milliseconds + 7 * 86_400_000)
        let after = try ServerAPITesting.transaction(
            try await fixture.client.transactionInfo(original).signedTransactionInfo)
        #expect(after.expiresDate == answer.effectiveDate)
        let sent = fixture.queue.notifications(after: sequence)
        #expect(sent.map(\.payload.notificationType) == [.renewalExtended])
        await #expect {
            try await fixture.client.extendRenewalDate(
                originalTransactionID: original,
                request: ExtendRenewalDateRequest(extendByDays: 91, extendReasonCode: 1, requestIdentifier: "r"))
        } throws: { error in
            (error as? AppStoreServerAPIError)?.apiErrorCode == 4_000_009
        }
        await fixture.close()
    }

    @Test func aTestNotificationIsEmittedAndItsStatusReported() async throws {
        let fixture = try ServerAPIFixture()
        let token = try #require(try await fixture.client.requestTestNotification().testNotificationToken)
        let status = try await fixture.client.testNotificationStatus(token)
        let payload = try ServerAPITesting.verifier().verifyNotification(try #require(status.signedPayload)).payload
        #expect(payload.notificationType == .test)
        #expect(status.sendAttempts?.map(\.sendAttemptResult) == ["SUCCESS"])
        await #expect {
            try await fixture.client.testNotificationStatus("unknown-token")
        } throws: { error in
            (error as? AppStoreServerAPIError)?.apiErrorCode == 4_040_008
        }
        await fixture.close()
    }
}

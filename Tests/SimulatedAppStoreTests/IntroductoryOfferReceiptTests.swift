import Foundation
import PurchaseCore
import Testing

@testable import SimulatedAppStore

/// Transactions charged at an introductory offer say so, as the App Store's do: the transaction
/// carries the offer (StoreKit 2's `Transaction.offer`), receipts and verifyReceipt answers say
/// `is_trial_period` for a free trial and `is_in_intro_offer_period` for a reduced price, and the
/// renewals at the regular price say `false` to both.
struct IntroductoryOfferReceiptTests {
    private static let week: TimeInterval = 7 * 86_400

    @Test func aFreeTrialIsATrialPeriodAndItsRenewalIsNot() async throws {
        let store = try ReceiptStore(seed: "intro")
        let trial = try await store.buy(TestCatalog.trial)
        #expect(trial.offer == TransactionOffer(kind: .introductory, paymentMode: .freeTrial))
        let signed = try ReceiptValidator(publicKey: store.key.publicKey).validate(try #require(trial.verificationData))
        let entry = try #require(signed.inApp.first { $0.transactionID == trial.id })
        #expect(entry.isTrialPeriod == true)
        #expect(entry.isInIntroOfferPeriod == false)

        await store.queue.advanceTime(by: Self.week + 1)
        let response = try await store.verify(try await store.provider.issueReceipt())
        #expect(response.status == .valid)
        let entries = response.latestReceiptInfo.sorted { $0.purchaseDate < $1.purchaseDate }
        #expect(entries.map(\.isTrialPeriod) == [true, false])
        #expect(entries.map(\.isInIntroOfferPeriod) == [false, false])
        let body = String(decoding: response.jsonData(), as: UTF8.self)
        #expect(body.contains("\"is_trial_period\":\"true\""))
        #expect(body.contains("\"is_trial_period\":\"false\""))
        let renewals = await store.queue.accountTransactions.filter { $0.id != trial.id }
        #expect(renewals.count == 1)
        #expect(renewals.allSatisfy { $0.offer == nil })
    }

    @Test func payAsYouGoIsAnIntroOfferPeriodForEachOfItsPeriods() async throws {
        let store = try ReceiptStore(seed: "intro")
        let first = try await store.buy(TestCatalog.payAsYouGo)
        #expect(first.offer == TransactionOffer(kind: .introductory, paymentMode: .payAsYouGo))
        // Two offer weeks, then a month at the regular price.
        await store.queue.advanceTime(by: 2 * Self.week + 1)
        let response = try await store.verify(try await store.provider.issueReceipt())
        let entries = response.receipt?.inApp.sorted { $0.purchaseDate < $1.purchaseDate } ?? []
        #expect(entries.map(\.isInIntroOfferPeriod) == [true, true, false])
        #expect(entries.map(\.isTrialPeriod) == [false, false, false])
        let offers = await store.queue.accountTransactions.sorted { $0.id < $1.id }.map(\.offer?.paymentMode)
        #expect(offers == [.payAsYouGo, .payAsYouGo, nil])
    }

    @Test func aSecondSubscriptionOfTheGroupHasNoOffer() async throws {
        let store = try ReceiptStore(seed: "intro")
        let trial = try await store.buy(TestCatalog.trial)
        #expect(await store.queue.disableAutoRenewForTransaction(trial.originalID))
        await store.queue.advanceTime(by: Self.week + 1)
        let again = try await store.buy(TestCatalog.trial)
        #expect(again.offer == nil)
        let entry = ReceiptTransaction(again)
        #expect(entry.isTrialPeriod == false)
        #expect(entry.isInIntroOfferPeriod == false)
    }

    @Test func theOfferSurvivesTheAccountsRecords() throws {
        var transaction = AccountTransaction(
            number: 7, originalNumber: 7, productIdentifier: "p", productType: .autoRenewable, quantity: 1,
            state: .purchased, date: 1_767_225_600, originalDate: 1_767_225_600)
        transaction.offer = TransactionOffer(kind: .promotional, id: "winback", paymentMode: .payUpFront)
        transaction.upgraded = true
        var subscription = SubscriptionRecord(
            originalNumber: 7, productIdentifier: "p", latestNumber: 7, expiration: 1_769_904_000)
        subscription.introPeriodsLeft = 2
        subscription.periodOffer = TransactionOffer(kind: .code, id: "SPRING", paymentMode: .payAsYouGo)
        subscription.nextNumber = 9
        subscription.nextProductIdentifier = "q"
        for record in [AccountRecord.put(transaction), .subscription(subscription)] {
            var reader = BinaryReader(record.data)
            #expect(try AccountRecord(from: &reader) == record)
            #expect(reader.isAtEnd)
        }
    }
}

import Foundation
import PurchaseCore
import Testing

@testable import SimulatedAppStore

/// The account records of prices and family sharing: a transaction's price and family source, a
/// subscription's price increase, a changed price and the account's place in a family round-trip,
/// each field present or not.
struct AccountPriceRecordTests {
    private let price = Price(amount: Decimal(string: "12.49")!, currencyCode: "EUR")

    @Test(arguments: [(true, false), (false, true), (true, true)])
    func aTransactionsPriceAndFamilySourceRoundTrip(hasPrice: Bool, shared: Bool) throws {
        var transaction = AccountTransaction(
            number: 7, originalNumber: 7, productIdentifier: "pro", productType: .autoRenewable, quantity: 1,
            state: .purchased, date: 1_767_225_600, originalDate: 1_767_225_600)
        transaction.upgraded = true
        transaction.price = hasPrice ? price : nil
        transaction.familySource = shared ? "alex/3/4" : nil
        let record = AccountRecord.put(transaction)
        var reader = BinaryReader(record.data)
        #expect(try AccountRecord(from: &reader) == record)
        #expect(reader.isAtEnd)
    }

    @Test func aSubscriptionsPriceIncreaseAChangedPriceAndAFamilyPlaceRoundTrip() throws {
        var subscription = SubscriptionRecord(
            originalNumber: 3, productIdentifier: "pro", latestNumber: 3, expiration: 1_769_904_000)
        subscription.nextNumber = 9
        subscription.nextProductIdentifier = "basic"
        subscription.renewalPrice = Price(amount: 5, currencyCode: "EUR")
        subscription.raisedPrice = price
        subscription.priceConsent = .declined
        subscription.consentSheet = .heldByApp
        subscription.endedForPriceIncrease = true
        var declinedOnly = subscription
        declinedOnly.renewalPrice = nil
        declinedOnly.raisedPrice = nil
        let records: [AccountRecord] = [
            .subscription(subscription), .subscription(declinedOnly),
            .priceChange(productIdentifier: "pro", storefront: "DEU", price: price),
            .family(FamilyMembershipRecord(memberName: "sam", sharesPurchases: false, stoppedProducts: ["a", "b"])),
            .family(nil),
        ]
        for record in records {
            var reader = BinaryReader(record.data)
            #expect(try AccountRecord(from: &reader) == record)
            #expect(reader.isAtEnd)
        }
    }

    @Test func aSnapshotKeepsChangedPrices() throws {
        var account = SimulatedAccount()
        account.apply(.priceChange(productIdentifier: "pro", storefront: "DEU", price: price))
        let reopened = try SimulatedAccount(snapshot: try account.snapshot())
        #expect(reopened.priceChanges == account.priceChanges)
        #expect(reopened.priceChanges[SimulatedAccount.priceKey("pro", storefront: "DEU")] == price)
    }
}

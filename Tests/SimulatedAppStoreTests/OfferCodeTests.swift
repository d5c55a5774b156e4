import Foundation
import PurchaseCore
import Testing

@testable import SimulatedAppStore

/// One-time offer codes: a code the catalog declares is redeemed once, at its terms, through the
/// whole purchase flow; a second redemption and an unknown code are refused with their messages.
struct OfferCodeTests {
    @Test func aCodeIsRedeemedOnceAtItsTerms() async throws {
        let store = try ReceiptStore(seed: "codes", controls: OfferCatalog.controls, catalog: OfferCatalog.make())
        let start = store.clock.now
        let result = try await store.provider.redeemOfferCode("spring-a")
        guard case .purchased(let transaction) = result else {
            Issue.record("expected a purchase, got \(result)")
            return
        }
        #expect(transaction.productID == OfferCatalog.plus)
        #expect(transaction.offer == TransactionOffer(kind: .code, id: "spring", paymentMode: .payUpFront))
        // Paid up front for three months.
        #expect(
            transaction.expirationDate == SessionControls().periodEnd(SubscriptionPeriod("P1M")!, count: 3, from: start)
        )
        let entry = ReceiptTransaction(transaction)
        #expect(entry.offerCodeRefName == "spring")
        #expect(entry.promotionalOfferID == nil)
        await #expect {
            _ = try await store.provider.redeemOfferCode("SPRING-A")
        } throws: { error in
            (error as? PurchaseError)?.reason == .offerCodeRedeemed
        }
        await #expect {
            _ = try await store.provider.redeemOfferCode("WINTER")
        } throws: { error in
            (error as? PurchaseError)?.reason == .offerCodeInvalid
        }
        // The other code of the batch still works; a current subscriber gets it from the next renewal.
        let other = await store.queue.redeemOfferCode("SPRING-B")
        #expect(other.map(\.transactionState) == .success(.purchased))
        #expect(other.map(\.offer) == .success(nil))
    }

    @Test func theStoreDeliversARedeemedCode() async throws {
        let harness = try await StoreHarness(catalog: OfferCatalog.make())
        guard case .purchased(let transaction) = await harness.store.redeemOfferCode("SPRING-B") else {
            Issue.record("the code was not redeemed")
            return
        }
        #expect(transaction.offer?.kind == .code)
        #expect(try await harness.deliveries().map(\.productID) == [OfferCatalog.plus])
        guard case .failed(let error) = await harness.store.redeemOfferCode("spring-b") else {
            Issue.record("the code was redeemed twice")
            return
        }
        #expect(Message(error: error).key == .offerCodeRedeemed)
        guard case .failed(let unknown) = await harness.store.redeemOfferCode("nope") else {
            Issue.record("an unknown code was redeemed")
            return
        }
        #expect(Message(error: unknown).key == .offerCodeInvalid)
    }

    @Test func aRedeemedCodeSurvivesTheAccountsSnapshot() throws {
        var account = SimulatedAccount()
        account.apply(.offerCode("SPRING-A"))
        let rebuilt = try SimulatedAccount(snapshot: try account.snapshot())
        #expect(rebuilt.redeemedOfferCodes == ["SPRING-A"])
        var reader = BinaryReader(AccountRecord.offerCode("SPRING-A").data)
        #expect(try AccountRecord(from: &reader) == .offerCode("SPRING-A"))
    }
}

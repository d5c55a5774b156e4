import Foundation
import PurchaseCore
import Testing

@testable import SimulatedAppStore

/// Promotional offers as the App Store takes them: a signature by the app's subscription key over the
/// offer's fields, a nonce used once, a signature at most 24 hours old, for existing or lapsed
/// subscribers of the group; an accepted offer charges its terms, then the regular price.
struct PromotionalOfferTests {
    private static let month: TimeInterval = 31 * 86_400

    /// A store whose account held Plus and let it lapse.
    private func lapsedStore(persistence: PaymentQueue.Persistence = .inMemory) async throws -> ReceiptStore {
        let store = try ReceiptStore(seed: "offers", controls: OfferCatalog.controls, catalog: OfferCatalog.make())
        let first = try await store.buy(OfferCatalog.plus)
        #expect(await store.queue.disableAutoRenewForTransaction(first.originalID))
        await store.queue.advanceTime(by: 8 * 86_400)
        return store
    }

    private func sign(
        _ offerID: String, in store: ReceiptStore, nonce: UUID = UUID(), age: TimeInterval = 0,
        signer: PromotionalOfferSigner = OfferCatalog.signer
    ) throws -> SignedPromotionalOffer {
        try signer.sign(
            productIdentifier: OfferCatalog.plus, offerID: offerID, nonce: nonce,
            timestamp: OfferCatalog.milliseconds(store.clock.now.addingTimeInterval(-age)))
    }

    /// The code of the StoreKit error the queue fails `offer`'s payment with (`nil`: purchased).
    private func refusal(_ offer: SignedPromotionalOffer, in store: ReceiptStore) async -> StoreKitError.Code? {
        let payment = Payment(productIdentifier: OfferCatalog.plus, paymentDiscount: offer)
        let outcome = await store.queue.addPayment(payment, answeredTo: nil).outcome
        return outcome.transactionState == .purchased ? nil : outcome.error?.code
    }

    @Test func anAcceptedOfferChargesItsPeriodsThenTheRegularPrice() async throws {
        let store = try await lapsedStore()
        let offer = try sign("winback", in: store)
        let result = try await store.provider.purchase(
            PurchaseRequest(productID: OfferCatalog.plus, promotionalOffer: offer))
        guard case .purchased(let transaction) = result else {
            Issue.record("expected a purchase, got \(result)")
            return
        }
        let winback = TransactionOffer(kind: .promotional, id: "winback", paymentMode: .payAsYouGo)
        #expect(transaction.offer == winback)
        let entry = ReceiptTransaction(transaction)
        #expect(entry.promotionalOfferID == "winback")
        #expect(entry.isTrialPeriod == false && entry.isInIntroOfferPeriod == false)
        await store.queue.advanceTime(by: 2 * Self.month)
        let charged = await store.queue.accountTransactions.filter {
            $0.originalTransactionIdentifier == transaction.originalID
        }
        .sorted { $0.id < $1.id }
        #expect(charged.map(\.offer) == [winback, winback, nil])
        let response = try await store.verify(try await store.provider.issueReceipt())
        let body = String(decoding: response.jsonData(), as: UTF8.self)
        #expect(body.contains("\"promotional_offer_id\":\"winback\""))
    }

    @Test func aFreeOfferLastsItsPeriodFromNow() async throws {
        let store = try await lapsedStore()
        let start = store.clock.now
        let result = try await store.provider.purchase(
            PurchaseRequest(productID: OfferCatalog.plus, promotionalOffer: try sign("free-month", in: store)))
        guard case .purchased(let transaction) = result else {
            Issue.record("expected a purchase, got \(result)")
            return
        }
        #expect(transaction.offer?.paymentMode == .freeTrial)
        let expected = SessionControls().periodEnd(SubscriptionPeriod("P1M")!, from: start)
        #expect(transaction.expirationDate == expected)
    }

    @Test func theStoreRefusesWhatItCannotTrust() async throws {
        let store = try await lapsedStore()
        // Another key under the same identifier.
        let stranger = PromotionalOfferSigner(
            keyID: OfferCatalog.keyID, key: ReceiptSigningKey(seed: Array("stranger".utf8)),
            bundleID: OfferCatalog.bundleID)
        #expect(await refusal(try sign("winback", in: store, signer: stranger), in: store) == .invalidSignature)
        // A key the store does not know.
        let unknown = PromotionalOfferSigner(keyID: "KEY9", key: OfferCatalog.key, bundleID: OfferCatalog.bundleID)
        #expect(await refusal(try sign("winback", in: store, signer: unknown), in: store) == .invalidSignature)
        // A field changed after signing.
        var changed = try sign("winback", in: store)
        changed.timestamp += 1
        #expect(await refusal(changed, in: store) == .invalidSignature)
        var renamed = try sign("free-month", in: store)
        renamed.offerID = "winback"
        #expect(await refusal(renamed, in: store) == .invalidSignature)
        // Signed for another app.
        let otherApp = PromotionalOfferSigner(
            keyID: OfferCatalog.keyID, key: OfferCatalog.key, bundleID: "com.example.other")
        #expect(await refusal(try sign("winback", in: store, signer: otherApp), in: store) == .invalidSignature)
        // Too old, and from the future.
        #expect(await refusal(try sign("winback", in: store, age: 24 * 3600 + 1), in: store) == .invalidSignature)
        #expect(await refusal(try sign("winback", in: store, age: -3600), in: store) == .invalidSignature)
        // An offer the product does not declare.
        #expect(await refusal(try sign("nope", in: store), in: store) == .invalidOfferIdentifier)
        // Parameters missing.
        var bare = try sign("winback", in: store)
        bare.signature = Data()
        #expect(await refusal(bare, in: store) == .missingOfferParams)
        // A paid offer without a price in the storefront.
        #expect(await refusal(try sign("unpriced", in: store), in: store) == .invalidOfferPrice)
        // A signature almost a day old still serves.
        #expect(await refusal(try sign("winback", in: store, age: 24 * 3600 - 60), in: store) == nil)
    }

    @Test func aNonceServesOnce() async throws {
        let store = try await lapsedStore()
        let offer = try sign("winback", in: store)
        #expect(await refusal(offer, in: store) == nil)
        #expect(await refusal(offer, in: store) == .invalidSignature)
    }

    @Test func anAskToBuyApprovalIsChargedAtTheOfferAndItsNonceIsUsedWhenAsked() async throws {
        let store = try await lapsedStore()
        await store.queue.updateControls { $0.askToBuyEnabled = true }
        let offer = try sign("winback", in: store)
        let payment = Payment(productIdentifier: OfferCatalog.plus, paymentDiscount: offer)
        let deferred = await store.queue.addPayment(payment, answeredTo: nil).outcome
        #expect(deferred.transactionState == .deferred)
        #expect(await refusal(offer, in: store) == .invalidSignature)
        await store.queue.updateControls { $0.askToBuyEnabled = false }
        let approved = try #require(await store.queue.approveAskToBuy(deferred.id))
        #expect(approved.transactionState == .purchased)
        #expect(approved.offer == TransactionOffer(kind: .promotional, id: "winback", paymentMode: .payAsYouGo))
        #expect(approved.price?.amount == Decimal(string: "1.99"))
    }

    @Test func aNonceStaysUsedAfterARelaunch() async throws {
        let folder = try TestCatalog.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = SimulationClock()
        let nonce = UUID()
        var queue = try PaymentQueue(
            catalog: OfferCatalog.make(), controls: OfferCatalog.controls, persistence: .journal(directory: folder),
            clock: clock)
        _ = await queue.addPayment(Payment(productIdentifier: OfferCatalog.plus), answeredTo: nil)
        let offer = try OfferCatalog.signer.sign(
            productIdentifier: OfferCatalog.plus, offerID: "winback", nonce: nonce,
            timestamp: OfferCatalog.milliseconds(clock.now))
        let accepted = await queue.addPayment(
            Payment(productIdentifier: OfferCatalog.plus, paymentDiscount: offer), answeredTo: nil)
        #expect(accepted.outcome.transactionState == .purchased)
        await queue.close()
        queue = try PaymentQueue(
            catalog: OfferCatalog.make(), controls: OfferCatalog.controls, persistence: .journal(directory: folder),
            clock: clock)
        let again = await queue.addPayment(
            Payment(productIdentifier: OfferCatalog.plus, paymentDiscount: offer), answeredTo: nil)
        #expect(again.outcome.error?.code == .invalidSignature)
        await queue.close()
    }

    @Test func aPersonWhoNeverSubscribedIsIneligible() async throws {
        let store = try ReceiptStore(seed: "offers", controls: OfferCatalog.controls, catalog: OfferCatalog.make())
        #expect(await refusal(try sign("winback", in: store), in: store) == .ineligibleForOffer)
    }

    @Test func aCurrentSubscriberGetsTheOfferFromTheNextRenewal() async throws {
        let store = try ReceiptStore(seed: "offers", controls: OfferCatalog.controls, catalog: OfferCatalog.make())
        let first = try await store.buy(OfferCatalog.plus)
        #expect(await refusal(try sign("winback", in: store), in: store) == nil)
        // The week's trial, then two months at the offer, then the regular price.
        await store.queue.advanceTime(by: 7 * 86_400 + 2 * Self.month + 1)
        let offers = await store.queue.accountTransactions
            .filter { $0.originalTransactionIdentifier == first.originalID && $0.id != first.id }
            .sorted { $0.id < $1.id }.map(\.offer?.kind)
        #expect(offers == [nil, .promotional, .promotional, nil])
    }

    @Test func refusalsReadAsTheirMessages() {
        #expect(Message(error: PurchaseError.storeKit(code: 12)).key == .offerNotVerified)
        #expect(Message(error: PurchaseError.storeKit(code: 11)).key == .offerUnavailable)
        #expect(Message(error: PurchaseError.storeKit(code: 18)).key == .ineligibleForOffer)
        #expect(PurchaseError.storeKit(code: 12).code == .paymentInvalid)
    }

    @Test func anAcceptedNonceSurvivesTheAccountsSnapshot() throws {
        var account = SimulatedAccount()
        let nonce = UUID()
        account.apply(.offerNonce(nonce))
        let rebuilt = try SimulatedAccount(snapshot: try account.snapshot())
        #expect(rebuilt.offerNonces == [nonce])
        var reader = BinaryReader(AccountRecord.offerNonce(nonce).data)
        #expect(try AccountRecord(from: &reader) == .offerNonce(nonce))
    }
}

import Foundation
import PurchaseCore
import SimulatedAppStore
import Testing

/// Family Sharing between two simulated accounts: what is shared, how it reaches the other member,
/// and when it is revoked.
struct FamilySharingTests {
    /// The test catalog with `noAds` and `monthly` shareable (`levels` and `gems` are not).
    static func catalog() -> Catalog {
        let catalog = TestCatalog.make()
        let products = catalog.products.map { product in
            var product = product
            product.familyShareable = [TestCatalog.noAds, TestCatalog.monthly].contains(product.productID)
            return product
        }
        return Catalog(deployment: catalog.deployment, storefronts: catalog.storefronts, products: products)
    }

    struct Account {
        let queue: PaymentQueue
        let observer = RecordingObserver()
    }

    /// Two accounts on one clock, `alex` and `sam`, in one family.
    private func family(clock: SimulationClock = SimulationClock()) async throws -> (Family, Account, Account) {
        let alex = Account(queue: try PaymentQueue(catalog: Self.catalog(), clock: clock))
        let sam = Account(queue: try PaymentQueue(catalog: Self.catalog(), clock: clock))
        await alex.queue.add(alex.observer)
        await sam.queue.add(sam.observer)
        let family = Family()
        await family.join(alex.queue, as: "alex")
        await family.join(sam.queue, as: "sam")
        return (family, alex, sam)
    }

    private func settle(_ accounts: Account...) async {
        for account in accounts { await account.queue.waitForCallbacks() }
    }

    @Test func aShareablePurchaseReachesTheOtherMemberAsFamilyShared() async throws {
        let (_, alex, sam) = try await family()
        let bought = await alex.queue.buy(TestCatalog.noAds)
        await alex.queue.buy(TestCatalog.gems)
        await alex.queue.buy(TestCatalog.levels)
        await settle(alex, sam)
        let shared = sam.observer.updates
        #expect(shared.map(\.payment.productIdentifier) == [TestCatalog.noAds])
        let copy = try #require(shared.first)
        #expect(copy.ownership == .familyShared)
        #expect(copy.transactionState == .purchased)
        #expect(copy.originalTransactionIdentifier == copy.id)
        #expect(copy.transactionDate == alex.observer.latest(bought.id)?.transactionDate)
        #expect(copy.price == nil)
        #expect(alex.observer.latest(bought.id)?.ownership == .purchased)
        // The purchaser's queue never receives its own purchase back.
        #expect(alex.observer.updates.allSatisfy { $0.ownership == .purchased })
    }

    @Test func aRefundRevokesTheShare() async throws {
        let (_, alex, sam) = try await family()
        let bought = await alex.queue.buy(TestCatalog.noAds)
        await settle(alex, sam)
        #expect(await alex.queue.refundTransaction(bought.id, reason: .developerIssue) != nil)
        await settle(alex, sam)
        #expect(sam.observer.log.suffix(2) == ["revoked:\(TestCatalog.noAds)", "revokedProduct:\(TestCatalog.noAds)"])
        let revoked = try #require(await sam.queue.accountTransactions.first)
        #expect(revoked.revocationDate != nil)
        #expect(revoked.ownership == .familyShared)
        // A share revoked by the purchaser's refund carries the refund's reason.
        #expect(revoked.revocationReason == .developerIssue)
    }

    @Test func stoppingSharingAndLeavingRevokeAndStopLaterShares() async throws {
        let (family, alex, sam) = try await family()
        await alex.queue.buy(TestCatalog.noAds)
        await settle(alex, sam)
        #expect(await family.stopSharing(by: "alex", productIdentifier: TestCatalog.noAds))
        await settle(alex, sam)
        #expect(sam.observer.log.contains("revoked:\(TestCatalog.noAds)"))
        await alex.queue.buy(TestCatalog.monthly)
        await settle(alex, sam)
        #expect(sam.observer.updates.map(\.payment.productIdentifier) == [TestCatalog.noAds, TestCatalog.monthly])
        #expect(await family.leave("sam"))
        await settle(alex, sam)
        let shares = await sam.queue.accountTransactions
        #expect(shares.count == 2)
        #expect(shares.allSatisfy { $0.revocationDate != nil })
        // Revoked by leaving or by stopped sharing: reason 0, as Apple gives it.
        #expect(shares.allSatisfy { $0.revocationReason == .other })
        await alex.queue.forceRenewalOfSubscription(productIdentifier: TestCatalog.monthly)
        await settle(alex, sam)
        #expect(sam.observer.updates.count == 2)
        #expect(await family.memberNames == ["alex"])
    }

    @Test func aMemberWhoJoinsLaterGetsWhatIsSharedAndRenewalsFollow() async throws {
        let clock = SimulationClock()
        let alex = Account(queue: try PaymentQueue(catalog: Self.catalog(), clock: clock))
        await alex.queue.add(alex.observer)
        let family = Family()
        await family.join(alex.queue, as: "alex")
        await alex.queue.buy(TestCatalog.noAds)
        await alex.queue.buy(TestCatalog.monthly)
        let sam = Account(queue: try PaymentQueue(catalog: Self.catalog(), clock: clock))
        await sam.queue.add(sam.observer)
        await family.join(sam.queue, as: "sam")
        await settle(alex, sam)
        #expect(Set(sam.observer.updates.map(\.payment.productIdentifier)) == [TestCatalog.noAds, TestCatalog.monthly])
        await alex.queue.advanceTime(by: 31 * 86_400)
        await settle(alex, sam)
        let periods = sam.observer.updates.filter { $0.payment.productIdentifier == TestCatalog.monthly }
        #expect(periods.count == 2)
        #expect(Set(periods.map(\.originalTransactionIdentifier)).count == 1)
        #expect(periods.last?.expirationDate == alex.observer.updates.last?.expirationDate)
        // A restore brings the shares back, still family-shared.
        await sam.queue.restoreCompletedTransactions()
        await settle(sam)
        let restored = sam.observer.updates.filter { $0.transactionState == .restored }
        #expect(restored.count == 2)
        #expect(restored.allSatisfy { $0.ownership == .familyShared })
    }

    @Test func theMembersReceiptSaysFamilyShared() async throws {
        let clock = SimulationClock()
        let key = ReceiptSigningKey(seed: Array("family".utf8))
        let alex = try PaymentQueue(catalog: Self.catalog(), clock: clock)
        let sam = SimulatedAppStoreProvider(
            queue: try PaymentQueue(catalog: Self.catalog(), clock: clock), receipts: SimulatedReceipts(signingKey: key)
        )
        let family = Family()
        await family.join(alex, as: "alex")
        await family.join(sam.queue, as: "sam")
        await alex.buy(TestCatalog.noAds)
        let receipt = try ReceiptValidator(publicKey: key.publicKey).validate(try await sam.issueReceipt())
        #expect(receipt.inApp.map(\.inAppOwnershipType) == ["FAMILY_SHARED"])
        #expect(receipt.inApp.first?.price == nil)
        let unfinished = try await sam.unfinishedTransactions()
        #expect(unfinished.map(\.ownership) == [.familyShared])
    }
}

/// The account keeps its place in the family and the shares it received across relaunches.
struct FamilyMembershipPersistenceTests {
    @Test func aRelaunchedAccountSharesAsItDidAndKeepsItsShares() async throws {
        let folder = try TestCatalog.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = SimulationClock()
        let alexFolder = folder.appendingPathComponent("alex")
        let samFolder = folder.appendingPathComponent("sam")
        func account(_ folder: URL) throws -> PaymentQueue {
            try PaymentQueue(
                catalog: FamilySharingTests.catalog(), persistence: .journal(directory: folder), clock: clock)
        }
        do {
            let alex = try account(alexFolder)
            let sam = try account(samFolder)
            let family = Family()
            await family.join(alex, as: "alex")
            await family.join(sam, as: "sam")
            await alex.buy(TestCatalog.monthly)
            await family.stopSharing(by: "alex", productIdentifier: TestCatalog.noAds)
            await alex.close()
            await sam.close()
        }
        let alex = try account(alexFolder)
        let sam = try account(samFolder)
        let samObserver = RecordingObserver()
        await sam.add(samObserver)
        #expect(await sam.accountTransactions.map(\.ownership) == [.familyShared])
        let family = Family()
        await family.join(alex, as: "alex")
        await family.join(sam, as: "sam")
        await alex.buy(TestCatalog.noAds)
        await sam.waitForCallbacks()
        // The subscription's share is not made twice; noAds stays unshared after the relaunch.
        #expect(await sam.accountTransactions.count == 1)
        #expect(samObserver.updates.filter { $0.payment.productIdentifier == TestCatalog.noAds }.isEmpty)
    }
}

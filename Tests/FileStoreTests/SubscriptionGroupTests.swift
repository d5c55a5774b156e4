import Foundation
import PurchaseCore
import Testing

@testable import FileStore

/// Buying a subscription of a group that already has an active one, as the App Store does it: an
/// upgrade or crossgrade replaces the current one at once, a downgrade starts when it ends; the
/// one replaced stops renewing, and only one of the group grants access at a time.
struct SubscriptionGroupTests {
    private let day: TimeInterval = 86_400
    private let start = TestCatalog.start

    /// Group `plus`: premium.yearly at level 1; plus.monthly and plus.yearly at level 2.
    private func catalog() -> Catalog {
        func subscription(_ id: String, _ period: String, level: Int) -> Product {
            Product(
                productID: id, type: .autoRenewable, prices: ["USA": Price(amount: 1, currencyCode: "USD")],
                localizations: ["en": ProductLocalization(displayName: id, description: id)],
                entitlements: [id.hasPrefix("premium") ? "premium" : "plus"],
                subscription: SubscriptionInfo(group: "plus", period: SubscriptionPeriod(period)!, level: level))
        }
        return Catalog(
            deployment: Deployment(
                name: "test", providers: [ProviderConfiguration(kind: .file)], storefront: "USA",
                locale: "en_US"),
            storefronts: ["USA": Storefront(code: "USA", currencyCode: "USD")],
            products: [
                subscription("premium.yearly", "P1Y", level: 1),
                subscription("plus.monthly", "P1M", level: 2),
                subscription("plus.yearly", "P1Y", level: 2),
            ])
    }

    /// The products granting access now.
    private func granting(_ deployment: TestDeployment) async throws -> [String] {
        try await deployment.store.entitlements().subscriptions.filter(\.grantsAccess).map(\.productID)
    }

    /// Waits (10 s at most) until `condition` holds.
    private func waitUntil(_ condition: () async throws -> Bool) async throws {
        for _ in 0..<2_000 {
            if try await condition() { return }
            try await Task.sleep(for: .milliseconds(5))
        }
        Issue.record("the condition never held")
    }

    private func bought(_ outcome: PurchaseOutcome) throws -> StoreTransaction {
        guard case .purchased(let transaction) = outcome else {
            Issue.record("not purchased: \(outcome)")
            throw PurchaseError(.unknown)
        }
        return transaction
    }

    @Test(arguments: ["premium.yearly", "plus.yearly"])
    func anUpgradeOrCrossgradeReplacesTheCurrentSubscriptionAtOnce(_ next: String) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let clock = ManualClock(start: start)
        let deployment = try TestDeployment(folder.url, catalog: catalog(), clock: clock)
        _ = await deployment.store.start()
        let monthly = try bought(await deployment.store.purchase("plus.monthly"))
        clock.advance(by: 10 * day)
        let now = clock.now
        let replacement = try bought(await deployment.store.purchase(next))
        #expect(replacement.purchaseDate == now)
        #expect(replacement.originalID == replacement.id)

        // The monthly period ends now and no longer renews; it came back once, for the ledger.
        let history = try await deployment.provider.history()
        let ended = try #require(history.first { $0.transaction.id == monthly.id }?.transaction)
        #expect(ended.expirationDate == now)
        #expect(ended.willAutoRenew == false)
        // The store processes it from the provider's updates, as they come (StoreKit's are
        // asynchronous too): it records the earlier end in the ledger, then finishes it.
        try await waitUntil {
            let recorded = try await deployment.ledger.contents().expirations[ended.transactionID] == now
            let finished = try await deployment.provider.unfinishedTransactions().isEmpty
            return recorded && finished
        }
        clock.advance(by: 60 * day)
        #expect(try await deployment.provider.unfinishedTransactions().isEmpty)
        #expect(try await granting(deployment) == [next])
        let statuses = try await deployment.store.entitlements().subscriptions
        #expect(statuses.first { $0.productID == "plus.monthly" }?.endedEarly == true)
        #expect(try await deployment.ledger.contents().deliveries.count == 2)
        await deployment.close()
    }

    @Test func aDowngradeStartsWhenTheCurrentPeriodEnds() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let clock = ManualClock(start: start)
        let deployment = try TestDeployment(folder.url, catalog: catalog(), clock: clock)
        _ = await deployment.store.start()
        let premium = try bought(await deployment.store.purchase("premium.yearly"))
        clock.advance(by: 100 * day)
        let plus = try bought(await deployment.store.purchase("plus.monthly"))
        let premiumEnd = try #require(premium.expirationDate)
        #expect(plus.purchaseDate == premiumEnd)
        #expect(plus.expirationDate == SubscriptionPeriod("P1M")!.added(to: premiumEnd))
        #expect(try await granting(deployment) == ["premium.yearly"])
        // The year is kept whole, then plus takes over and renews; premium does not.
        let history = try await deployment.provider.history()
        #expect(history.first { $0.transaction.id == premium.id }?.transaction.willAutoRenew == false)
        clock.advance(by: 280 * day)
        #expect(try await granting(deployment) == ["plus.monthly"])
        clock.advance(by: 40 * day)
        // Asking records the renewals due. The started store may deliver and finish them at once, so
        // they are looked for in the whole history rather than among the unfinished.
        _ = try await deployment.provider.unfinishedTransactions()
        let renewals = try await deployment.provider.history().map(\.transaction).filter {
            $0.id != premium.id && $0.id != plus.id
        }
        #expect(!renewals.isEmpty)
        #expect(renewals.allSatisfy { $0.productID == "plus.monthly" && $0.originalID == plus.originalID })
        await deployment.close()
    }

    @Test func theEarlierEndSurvivesReopeningAndIsHandedBackUntilFinished() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let clock = ManualClock(start: start)
        var provider = try FileStoreProvider(catalog: catalog(), stateDirectory: folder.url, clock: clock)
        let monthly = try #require(try await provider.purchase(PurchaseRequest(productID: "plus.monthly")).transaction)
        try await provider.finish(monthly)
        clock.advance(by: 3 * day)
        _ = try await provider.purchase(PurchaseRequest(productID: "premium.yearly"))
        await provider.close()

        provider = try FileStoreProvider(catalog: catalog(), stateDirectory: folder.url, clock: clock)
        let unfinished = try await provider.unfinishedTransactions()
        let ended = try #require(unfinished.first { $0.id == monthly.id })
        #expect(ended.expirationDate == start.addingTimeInterval(3 * day))
        #expect(unfinished.map(\.productID).sorted() == ["plus.monthly", "premium.yearly"])
        // Premium is the active one now.
        do {
            _ = try await provider.purchase(PurchaseRequest(productID: "premium.yearly"))
            Issue.record("an active subscription was sold twice")
        } catch let error as PurchaseError {
            #expect(error.code == .alreadyOwned)
        }
        await provider.close()
    }

    /// Two active subscriptions of one level (bought before this version, or from two stores):
    /// the one ending later grants, whatever order the ledger lists them in.
    @Test func betweenEqualLevelsTheLaterEndGrantsEveryTime() {
        let catalog = catalog()
        func delivery(_ id: String, _ productID: String, days: Double) -> Delivery {
            Delivery(
                transactionID: TransactionID(store: "file", id: id),
                originalTransactionID: TransactionID(store: "file", id: id),
                productID: productID, productType: .autoRenewable, quantity: 1, entitlements: [productID],
                credits: [:], expirationDate: start.addingTimeInterval(days * day), purchaseDate: start,
                deliveredAt: start)
        }
        let monthly = delivery("1", "plus.monthly", days: 31)
        let yearly = delivery("2", "plus.yearly", days: 365)
        for deliveries in [[monthly, yearly], [yearly, monthly]] {
            for _ in 0..<20 {
                let entitlements = Entitlements.compute(
                    from: LedgerContents(deliveries: deliveries), catalog: catalog, at: start.addingTimeInterval(day))
                #expect(entitlements.subscriptions.filter(\.grantsAccess).map(\.productID) == ["plus.yearly"])
                #expect(entitlements.names == ["plus.yearly"])
            }
        }
    }
}

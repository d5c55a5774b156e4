import Foundation
import PurchaseCore
import PurchaseTesting
import Testing

/// Hosted content through the `Store`: downloads run after the delivery is recorded and before the
/// finish; a download that does not finish leaves the transaction unfinished for the next launch.
struct StoreDownloadTests {
    /// The sample catalog with a non-consumable that carries hosted content.
    static func catalog() -> Catalog {
        let sample = SampleCatalog.make()
        let levels = Product(
            productID: "levels.pack", type: .nonConsumable,
            prices: ["USA": Price(amount: 2.99, currencyCode: "USD")],
            localizations: ["en": ProductLocalization(displayName: "Levels", description: "Ten levels")],
            entitlements: ["levels"], hostedContent: HostedContent(version: "1.2", contentLength: 2_000_000))
        return Catalog(
            deployment: sample.deployment, storefronts: sample.storefronts, products: sample.products + [levels])
    }

    @Test func downloadsRunBeforeTheFinishAndDeliveredIsReportedAfterThem() async throws {
        let harness = StoreTestHarness(catalog: Self.catalog())
        let observer = RecordingEventObserver()
        await observer.start(observing: harness.store)
        guard case .purchased(let transaction) = await harness.store.purchase("levels.pack") else {
            Issue.record("expected purchased")
            return
        }
        let events = await observer.waitForEvents(count: 4)
        #expect(events.map(\.name) == ["downloadProgress", "downloadProgress", "downloadFinished", "delivered"])
        #expect(events.compactMap(\.download).map(\.progress) == [0, 0.5, 1])
        #expect(events.compactMap(\.download).allSatisfy { $0.contentIdentifier == "levels.pack" })
        let finished = try #require(events[2].download)
        #expect(finished.state == .finished)
        #expect(finished.contentVersion == "1.2")
        #expect(finished.contentURL?.lastPathComponent == "levels.pack")
        #expect(events[0].download?.contentURL == nil)
        #expect(await harness.provider.finishCounts[transaction.id] == 1)
        #expect(await harness.provider.unfinishedTransactions().isEmpty)
        #expect(try await harness.store.entitlements().names.contains("levels"))
    }

    @Test func aFailedDownloadLeavesTheTransactionUnfinishedUntilALaunchDownloadsIt() async throws {
        let harness = StoreTestHarness(catalog: Self.catalog())
        await harness.provider.scriptDownloads("levels.pack", .fail, .fail)
        let observer = RecordingEventObserver()
        await observer.start(observing: harness.store)
        guard case .failed(let error) = await harness.store.purchase("levels.pack") else {
            Issue.record("expected failed")
            return
        }
        #expect(error.code == .storeUnavailable)
        #expect(error.reason == .downloadFailed)
        #expect(error.isRetryable)
        #expect(Message(error: error).key == .downloadFailed)
        let events = await observer.waitForEvents(count: 4)
        #expect(events.map(\.name) == ["downloadProgress", "downloadProgress", "downloadFailed", "deferredProcessing"])
        let unfinished = await harness.provider.unfinishedTransactions()
        let transaction = try #require(unfinished.first)
        #expect(unfinished.count == 1)
        #expect(await harness.provider.finishCounts[transaction.id] == nil)
        // The delivery is recorded once, however often the content is downloaded again.
        #expect(await harness.ledger.contents().deliveries.count == 1)

        let second = harness.relaunched()
        #expect(await second.start().map(\.name) == ["deferredProcessing"])
        #expect(await harness.provider.unfinishedTransactions().count == 1)

        let third = harness.relaunched()
        let events3 = await third.start()
        guard case .delivered(let delivered, let delivery)? = events3.last else {
            Issue.record("expected delivered, got \(events3.map(\.name))")
            return
        }
        #expect(delivered.id == transaction.id)
        #expect(delivery.entitlements == ["levels"])
        #expect(await harness.provider.unfinishedTransactions().isEmpty)
        #expect(await harness.provider.finishCounts[transaction.id] == 1)
        #expect(await harness.provider.downloadRuns[transaction.id] == 3)
        #expect(await harness.ledger.contents().deliveries.count == 1)

        // Finished now: handed back again (a redelivery), it is already delivered.
        await harness.provider.redeliver(delivered)
        let fourth = harness.relaunched()
        await fourth.start()
        #expect(await harness.ledger.contents().deliveries.count == 1)
    }

    @Test func aCancelledDownloadSaysSo() async throws {
        let harness = StoreTestHarness(catalog: Self.catalog())
        await harness.provider.scriptDownloads("levels.pack", .cancel)
        let observer = RecordingEventObserver()
        await observer.start(observing: harness.store)
        guard case .failed(let error) = await harness.store.purchase("levels.pack") else {
            Issue.record("expected failed")
            return
        }
        #expect(error.reason == .downloadCancelled)
        #expect(Message(error: error).key == .downloadCancelled)
        let events = await observer.waitForEvents(count: 4)
        guard case .downloadFailed(_, let download, let failure) = events[2] else {
            Issue.record("expected downloadFailed, got \(events.map(\.name))")
            return
        }
        #expect(download.state == .cancelled)
        #expect(failure.reason == .downloadCancelled)
        #expect(await harness.provider.unfinishedTransactions().count == 1)
    }

    @Test func thePurchaseObserverHearsEveryChangeOfItsProductsDownloads() async throws {
        let harness = StoreTestHarness(catalog: Self.catalog())
        let seen = Seen()
        let outcome = await harness.store.purchase("levels.pack", downloadProgress: { seen.add($0) })
        guard case .purchased = outcome else {
            Issue.record("expected purchased")
            return
        }
        #expect(seen.values.map(\.state) == [.active, .active, .finished])
        #expect(seen.values.map(\.progress) == [0, 0.5, 1])
        #expect(seen.values.first?.timeRemaining == 2)
    }

    @Test func productsWithoutContentHaveNoDownloads() async throws {
        let harness = StoreTestHarness(catalog: Self.catalog())
        let observer = RecordingEventObserver()
        await observer.start(observing: harness.store)
        guard case .purchased = await harness.store.purchase("remove.ads") else {
            Issue.record("expected purchased")
            return
        }
        #expect(await observer.waitForEvents(count: 1).map(\.name) == ["delivered"])
        #expect(await harness.provider.downloadRuns.isEmpty)
    }

    @Test func aRestoreDownloadsTheContentAgain() async throws {
        let harness = StoreTestHarness(catalog: Self.catalog())
        _ = await harness.store.purchase("levels.pack")
        let reinstalled = harness.reinstalled()
        let outcome = await reinstalled.restore()
        #expect(outcome.restoredProductIDs == ["levels.pack"])
        #expect(await harness.provider.downloadRuns.count == 2)
        #expect(await harness.provider.unfinishedTransactions().isEmpty)
    }
}

/// Download values a callback saw, in order.
final class Seen: Sendable {
    private let state = Locked<[ContentDownload]>([])
    func add(_ download: ContentDownload) { state.withLock { $0.append(download) } }
    var values: [ContentDownload] { state.withLock { $0 } }
}

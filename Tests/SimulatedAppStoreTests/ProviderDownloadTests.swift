import Foundation
import PurchaseCore
import SimulatedAppStore
import Testing

/// Hosted content through the `Store`: the provider runs the queue's downloads, and the transaction is
/// finished only once they finished, as StoreKit wants it.
struct ProviderDownloadTests {
    private static func controls(steps: Int = 5, fail: Bool = false) -> SessionControls {
        var controls = SessionControls()
        controls.downloadBytesPerSecond = 1_000_000
        controls.downloadSteps = steps
        controls.failDownloads = fail
        return controls
    }

    /// Waits (without a timing) until the queue's download of the levels is `state`.
    private static func waitForDownload(_ queue: PaymentQueue, _ state: Download.State) async {
        while await queue.knownDownloads().first?.state != state { await Task.yield() }
    }

    @Test func theTransactionIsFinishedAfterItsDownloadsInSteps() async throws {
        let harness = try await StoreHarness(controls: Self.controls())
        let observer = RecordingObserver()
        await harness.queue.add(observer)
        guard case .purchased = await harness.store.purchase(TestCatalog.levels) else {
            Issue.record("expected purchased")
            return
        }
        let events = await harness.nextEvents(7) { _ in true }
        #expect(
            events.map(\.name) == Array(repeating: "downloadProgress", count: 5) + ["downloadFinished", "delivered"])
        #expect(events.compactMap(\.download).map { Int(($0.progress * 100).rounded()) } == [0, 20, 40, 60, 80, 100])
        let finished = try #require(events[5].download)
        let folder = try #require(finished.contentURL)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("ContentInfo.plist").path))
        #expect(finished.contentVersion == "1.0")
        #expect(finished.contentLength == 10_000_000)
        await harness.queue.waitForCallbacks()
        // The queue's own observer sees the download finish before the transaction leaves the queue.
        let log = observer.log.filter { $0.hasPrefix("download:") || $0.hasPrefix("removed:") }
        #expect(log.suffix(2) == ["download:finished", "removed:\(TestCatalog.levels)"])
        #expect(await harness.queue.transactions.isEmpty)
        try? FileManager.default.removeItem(at: folder.deletingLastPathComponent().deletingLastPathComponent())
    }

    @Test func followingTheClockThePurchaseWaitsAndTheStoreRefusesAnEarlyFinish() async throws {
        let harness = try await StoreHarness(controls: Self.controls(steps: 0))
        let purchase = Task { await harness.store.purchase(TestCatalog.levels) }
        await Self.waitForDownload(harness.queue, .active)
        let unfinished = await harness.queue.transactions
        let transaction = try #require(unfinished.first)
        #expect(unfinished.count == 1)
        // Finishing a transaction whose download is running would lose it.
        await #expect(throws: PurchaseError.self) {
            try await harness.provider.finish(
                StoreTransaction(
                    id: transaction.id, store: harness.provider.storeName, productID: TestCatalog.levels,
                    productType: .nonConsumable, purchaseDate: Date(), state: .purchased))
        }
        await harness.queue.advanceTime(by: 4)
        #expect(await harness.queue.knownDownloads().first?.progress == 0.4)
        #expect(await harness.queue.transactions.count == 1)
        await harness.queue.advanceTime(by: 6)
        guard case .purchased = await purchase.value else {
            Issue.record("expected purchased")
            return
        }
        #expect(await harness.queue.transactions.isEmpty)
        #expect(await harness.queue.knownDownloads().first?.state == .finished)
    }

    @Test func aPauseReachesTheStoreAndTheDownloadGoesOnFromWhereItStopped() async throws {
        let harness = try await StoreHarness(controls: Self.controls(steps: 0))
        let purchase = Task { await harness.store.purchase(TestCatalog.levels) }
        await Self.waitForDownload(harness.queue, .active)
        await harness.queue.advanceTime(by: 3)
        await harness.queue.pause(await harness.queue.knownDownloads())
        await harness.queue.advanceTime(by: 100)
        await harness.queue.resume(await harness.queue.knownDownloads())
        await harness.queue.advanceTime(by: 7)
        guard case .purchased = await purchase.value else {
            Issue.record("expected purchased")
            return
        }
        let events = await harness.nextEvents(6) { _ in true }
        #expect(events.compactMap(\.download).map(\.state) == [.active, .active, .paused, .active, .finished])
        #expect(events.compactMap(\.download).map { Int(($0.progress * 100).rounded()) } == [0, 30, 30, 30, 100])
        #expect(events.last?.name == "delivered")
    }

    @Test func aDownloadCancelledOnTheQueueFailsThePurchaseAndKeepsItUnfinished() async throws {
        let harness = try await StoreHarness(controls: Self.controls(steps: 0))
        let purchase = Task { await harness.store.purchase(TestCatalog.levels) }
        await Self.waitForDownload(harness.queue, .active)
        await harness.queue.cancel(await harness.queue.knownDownloads())
        guard case .failed(let error) = await purchase.value else {
            Issue.record("expected failed")
            return
        }
        #expect(error.reason == .downloadCancelled)
        #expect(await harness.queue.transactions.count == 1)
        #expect(try await harness.deliveries().count == 1)
    }

    @Test func aFailedDownloadStartsOverAtTheNextStart() async throws {
        let harness = try await StoreHarness(controls: Self.controls(fail: true))
        guard case .failed(let error) = await harness.store.purchase(TestCatalog.levels) else {
            Issue.record("expected failed")
            return
        }
        #expect(error.code == .storeUnavailable)
        #expect(error.reason == .downloadFailed)
        #expect(await harness.queue.knownDownloads().first?.state == .failed)
        #expect(await harness.queue.transactions.count == 1)

        await harness.queue.updateControls { $0.failDownloads = false }
        let events = await harness.store.start()
        #expect(events.map(\.name) == ["delivered"])
        #expect(await harness.queue.transactions.isEmpty)
        #expect(await harness.queue.knownDownloads().first?.state == .finished)
        #expect(try await harness.deliveries().count == 1)
    }

    @Test func finishingOnTheQueueCancelsARunningDownload() async throws {
        let (queue, observer) = try await makeQueue(controls: Self.controls(steps: 0))
        let added = await queue.buy(TestCatalog.levels)
        let purchased = try #require(observer.latest(added.id))
        await queue.start(purchased.downloads)
        await queue.finishTransaction(purchased)
        await queue.waitForCallbacks()
        #expect(await queue.knownDownloads().first?.state == .cancelled)
        let log = observer.log.filter { $0.hasPrefix("download:") || $0.hasPrefix("removed:") }
        #expect(log == ["download:active", "download:cancelled", "removed:\(TestCatalog.levels)"])
    }
}

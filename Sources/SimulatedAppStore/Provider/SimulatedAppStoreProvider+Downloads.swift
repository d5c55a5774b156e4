import Foundation
public import PurchaseCore

/// Hosted content through the `Store`: a purchased or restored transaction's downloads start when the
/// `Store` runs them, move on as the session says (``SessionControls/downloadSteps`` steps, or the
/// virtual clock), and reach the `Store` as the queue tells its observers (`updatedDownloads`).
extension SimulatedAppStoreProvider: DownloadableContentProviding {
    /// Starts the downloads of `transaction` on the queue and reports their changes until each has
    /// finished, failed or been cancelled.
    ///
    /// With ``SessionControls/downloadSteps`` above 0 the provider moves them on in that many steps
    /// itself; with 0 they follow the queue's clock: moved by ``PaymentQueue/advanceTime(by:)`` (a
    /// stopped clock waits for it), and by the provider's own ticks when the clock runs by itself.
    /// With ``SessionControls/failDownloads`` they fail as they start. A download cancelled or paused
    /// through the queue is reported so.
    public func runDownloads(of transaction: StoreTransaction) async -> AsyncStream<ContentDownload> {
        await attach()
        let (stream, continuation) = AsyncStream.makeStream(of: ContentDownload.self)
        let known = await queue.downloads(ofTransaction: transaction.id)
        guard !known.isEmpty else {
            continuation.finish()
            return stream
        }
        let names = catalogIDs
        let watch = DownloadWatch(
            transactionID: transaction.id, contents: Set(known.map(\.contentIdentifier)),
            report: { download in
                let productID = names[download.contentIdentifier] ?? download.contentIdentifier
                continuation.yield(Self.contentDownload(download, productID: productID))
            },
            end: { continuation.finish() })
        let key = ObjectIdentifier(watch)
        bridge.downloadWatches.withLock { $0[key] = watch }
        // Those the start leaves as they are get no callback: reported here.
        for download in await queue.startDownloadRun(ofTransaction: transaction.id) { watch.take(download) }
        let driver = Task { [queue] in
            let steps = await queue.controls.downloadSteps
            if steps > 0 {
                while !Task.isCancelled, await queue.stepDownloads(ofTransaction: transaction.id, steps: steps) {}
            } else if Self.clockRunsByItself(queue.clock) {
                while !Task.isCancelled, !watch.hasEnded {
                    try? await Task.sleep(for: .milliseconds(50))
                    await queue.tick()
                }
            }
        }
        let bridge = bridge
        continuation.onTermination = { _ in
            driver.cancel()
            bridge.downloadWatches.withLock { $0[key] = nil }
        }
        return stream
    }

    /// Whether time passes on `clock` without anyone moving it.
    private static func clockRunsByItself(_ clock: any PurchaseClock) -> Bool {
        if let simulation = clock as? SimulationClock { return simulation.rate.factor > 0 }
        return !(clock is ManualClock)
    }

    /// The queue's download as the `Store` sees it.
    static func contentDownload(_ download: Download, productID: String) -> ContentDownload {
        ContentDownload(
            productID: productID, contentIdentifier: download.contentIdentifier,
            contentVersion: download.contentVersion, contentLength: download.expectedContentLength,
            state: ContentDownload.State(rawValue: download.state.rawValue) ?? .waiting,
            progress: download.progress, timeRemaining: download.timeRemaining, contentURL: download.contentURL,
            error: download.error.map { $0.purchaseError(productID: productID) }
                ?? (download.state == .cancelled
                    ? PurchaseError(.storeUnavailable, detail: "cancelled", productID: productID) : nil))
    }
}

extension QueueBridge {
    /// Hands each changed download to the runs watching its transaction.
    func updatedDownloads(_ downloads: [Download]) {
        let watches = downloadWatches.withLock { Array($0.values) }
        for download in downloads {
            for watch in watches where watch.transactionID == download.transactionIdentifier {
                watch.take(download)
            }
        }
    }
}

/// One run of a transaction's downloads, waiting for them to end: it reports each change and ends
/// once every download it waits for was reported finished, failed or cancelled.
///
/// Safe to share between the queue's callback thread and the run: its state lives behind a lock, and
/// the report and the end are called in the order the changes were taken.
final class DownloadWatch: Sendable {
    let transactionID: String
    private let state: Locked<(open: Set<String>, ended: Bool)>
    private let report: @Sendable (Download) -> Void
    private let end: @Sendable () -> Void

    init(
        transactionID: String, contents: Set<String>, report: @escaping @Sendable (Download) -> Void,
        end: @escaping @Sendable () -> Void
    ) {
        self.transactionID = transactionID
        self.state = Locked((open: contents, ended: false))
        self.report = report
        self.end = end
    }

    /// Whether every download it waited for has ended.
    var hasEnded: Bool { state.withLock { $0.ended } }

    /// Reports a change of one of its transaction's downloads, and ends when none is left open.
    func take(_ download: Download) {
        // Under the lock, so that changes from two threads are reported in the order taken.
        state.withLock { state in
            guard !state.ended else { return }
            report(download)
            if download.state.isTerminal { state.open.remove(download.contentIdentifier) }
            if state.open.isEmpty {
                state.ended = true
                end()
            }
        }
    }
}

import Foundation
public import PurchaseCore

/// Hosted content in memory: a transaction of a product with `HostedContent` carries one download,
/// which goes active at 0 and at half way, then finishes, fails or is cancelled as scripted.
extension InMemoryStoreProvider: DownloadableContentProviding {
    /// What the next run of a product's downloads does.
    public enum DownloadScript: Sendable, Hashable {
        /// Finishes, with its content at a `file:` URL naming the transaction and the product.
        case finish
        /// Fails half way with `PurchaseError.Code.storeUnavailable`.
        case fail
        /// Is cancelled half way.
        case cancel
    }

    /// Queues what the next runs of `productID`'s downloads do, in order; unscripted runs finish.
    public func scriptDownloads(_ productID: String, _ steps: DownloadScript...) {
        downloadScripts[productID, default: []].append(contentsOf: steps)
    }

    /// The download of `transaction`'s hosted content, run at once: active at 0, active at 0.5, then
    /// finished, failed or cancelled as scripted. Nothing for a product without hosted content.
    public func runDownloads(of transaction: StoreTransaction) -> AsyncStream<ContentDownload> {
        let (stream, continuation) = AsyncStream.makeStream(of: ContentDownload.self)
        defer { continuation.finish() }
        guard let content = catalog.product(withID: transaction.productID)?.hostedContent else { return stream }
        downloadRuns[transaction.id, default: 0] += 1
        var script = DownloadScript.finish
        if var queued = downloadScripts[transaction.productID], !queued.isEmpty {
            script = queued.removeFirst()
            downloadScripts[transaction.productID] = queued
        }
        func download(_ state: ContentDownload.State, _ progress: Double) -> ContentDownload {
            let url = URL(fileURLWithPath: "/InMemoryStoreProvider/Downloads", isDirectory: true)
                .appendingPathComponent(transaction.id, isDirectory: true)
                .appendingPathComponent(transaction.productID, isDirectory: true)
            let seconds = Double(content.contentLength) * (1 - progress) / 1_000_000
            return ContentDownload(
                productID: transaction.productID, contentIdentifier: transaction.productID,
                contentVersion: content.version, contentLength: content.contentLength, state: state,
                progress: progress, timeRemaining: state == .active ? seconds : nil, contentURL: url,
                error: PurchaseError(
                    .storeUnavailable, detail: "scripted download failure", productID: transaction.productID))
        }
        continuation.yield(download(.active, 0))
        continuation.yield(download(.active, 0.5))
        switch script {
        case .finish: continuation.yield(download(.finished, 1))
        case .fail: continuation.yield(download(.failed, 0.5))
        case .cancel: continuation.yield(download(.cancelled, 0.5))
        }
        return stream
    }
}

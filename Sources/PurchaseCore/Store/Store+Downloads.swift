import Foundation

/// Hosted-content downloads in the pipeline: a transaction of a store that carries downloadable
/// content (``DownloadableContentProviding``) has its downloads run after its delivery is recorded and
/// before it is finished; it is finished only once every download finished.
extension Store {
    /// What running a transaction's downloads came to.
    enum DownloadsResult {
        /// The transaction has no hosted content, or its store carries none.
        case none
        /// Every download finished.
        case finished
        /// A download failed, was cancelled or was interrupted: the transaction stays unfinished.
        case failed(PurchaseError)
    }

    /// Buys a product as ``purchase(_:options:)`` does, telling `downloadProgress` about every change
    /// of the downloads of the product's hosted content while the purchase runs (on the store's
    /// executor, in order, before the purchase returns); the same changes reach ``events()``.
    ///
    /// The purchase returns once the content has downloaded and the transaction is finished, or with
    /// ``PurchaseOutcome/failed(_:)`` whose ``PurchaseError/reason`` is
    /// ``PurchaseError/Reason/downloadFailed`` or ``PurchaseError/Reason/downloadCancelled`` when a
    /// download did not finish: the purchase is delivered (recorded once) and its transaction stays
    /// unfinished, so its content is downloaded again at the next ``start()``.
    public func purchase(
        _ productID: String, options: PurchaseOptions = PurchaseOptions(),
        downloadProgress: @escaping @Sendable (ContentDownload) -> Void
    ) async -> PurchaseOutcome {
        guard !purchaseRunning else {
            return .failed(PurchaseError(.purchaseInProgress, productID: productID))
        }
        purchaseDownloadObserver = (productID, downloadProgress)
        defer { purchaseDownloadObserver = nil }
        return await purchase(productID, options: options)
    }

    /// Runs the downloads of `transaction` with its store, reporting each change as an event.
    func runDownloads(of transaction: StoreTransaction, from provider: any StoreProvider) async -> DownloadsResult {
        guard let downloading = provider as? any DownloadableContentProviding else { return .none }
        var latest: [String: ContentDownload] = [:]
        var order: [String] = []
        for await download in await downloading.runDownloads(of: transaction) {
            if latest.updateValue(download, forKey: download.contentIdentifier) == nil {
                order.append(download.contentIdentifier)
            }
            if let (productID, observe) = purchaseDownloadObserver, productID == download.productID {
                observe(download)
            }
            switch download.state {
            case .finished:
                _ = emit(.downloadFinished(transaction, download))
            case .failed, .cancelled:
                _ = emit(.downloadFailed(transaction, download, Self.error(of: download)))
            case .waiting, .active, .paused:
                _ = emit(.downloadProgress(transaction, download))
            }
        }
        if order.isEmpty { return .none }
        for contentIdentifier in order {
            guard let download = latest[contentIdentifier], download.state != .finished else { continue }
            if download.state.isTerminal { return .failed(Self.error(of: download)) }
            // The stream ended before the download did (the store stopped listening): try again later.
            return .failed(
                PurchaseError(
                    .storeUnavailable, detail: "the download of \(contentIdentifier) was interrupted",
                    reason: .downloadFailed, productID: transaction.productID))
        }
        return .finished
    }

    /// The delivery recorded earlier for a transaction whose content had not downloaded then (the
    /// ledger holds its delivery, not its finish): now that the content is here, it is reported as
    /// delivered. `nil` when the transaction was delivered and finished before (a redelivery).
    func deliveryAwaitingContent(of transaction: StoreTransaction) async throws -> Delivery? {
        guard let delivery = try await ledger.delivery(for: transaction.transactionID) else { return nil }
        let finished = try await ledger.contents().finished
        return finished.contains(transaction.transactionID) ? nil : delivery
    }

    /// The error a download that did not finish leaves its transaction unfinished with.
    static func error(of download: ContentDownload) -> PurchaseError {
        let cancelled = download.state == .cancelled
        return PurchaseError(
            .storeUnavailable,
            detail: cancelled
                ? "the download of \(download.contentIdentifier) was cancelled"
                : "the download of \(download.contentIdentifier) failed",
            reason: cancelled ? .downloadCancelled : .downloadFailed, productID: download.productID,
            underlyingError: download.error)
    }
}

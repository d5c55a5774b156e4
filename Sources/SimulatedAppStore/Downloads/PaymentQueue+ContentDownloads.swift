import Foundation
import PurchaseCore

/// The downloads of one transaction, as the provider adapter runs them for a `Store`: started (or
/// started over), moved on in steps or by the clock, finished into a content folder, and cancelled
/// when their transaction is finished first.
extension PaymentQueue {
    /// The keys of transaction `identifier`'s downloads (its product's hosted content), registered
    /// when the queue does not know them yet (download progress is kept in memory: after a relaunch).
    private func downloadKeys(ofTransaction identifier: String) -> [String] {
        guard let number = Self.number(identifier), let transaction = account.transactions[number],
            transaction.state == .purchased || transaction.state == .restored,
            let content = productsByIdentifier[transaction.productIdentifier]?.hostedContent
        else { return [] }
        let key = identifier + "/" + transaction.productIdentifier
        if downloadTable[key] == nil { registerDownload(for: transaction, content: content) }
        return [key]
    }

    /// The downloads of transaction `identifier` as they stand; none for a transaction without
    /// hosted content.
    func downloads(ofTransaction identifier: String) async -> [Download] {
        await prepare()
        return downloadKeys(ofTransaction: identifier).compactMap { downloadTable[$0]?.download }
    }

    /// Starts the downloads of transaction `identifier`: waiting ones start (or fail, with
    /// ``SessionControls/failDownloads``), failed or cancelled ones start over from nothing; active,
    /// paused and finished ones stay as they are. Observers are told about those that changed.
    ///
    /// - Returns: the downloads that did not change (the callbacks tell about the others).
    func startDownloadRun(ofTransaction identifier: String) async -> [Download] {
        await prepare()
        let keys = downloadKeys(ofTransaction: identifier)
        var starting: [Download] = []
        var unchanged: [Download] = []
        for key in keys {
            guard var entry = downloadTable[key] else { continue }
            switch entry.download.state {
            case .failed, .cancelled:
                entry.download.state = .waiting
                entry.download.progress = 0
                entry.download.error = nil
                entry.download.timeRemaining = nil
                downloadTable[key] = entry
                starting.append(entry.download)
            case .waiting:
                starting.append(entry.download)
            case .active, .paused, .finished:
                unchanged.append(entry.download)
            }
        }
        await start(starting)
        return unchanged
    }

    /// Moves each active download of transaction `identifier` one step of `1/steps` of its content,
    /// without the clock; one reaching the end finishes. Observers are told.
    ///
    /// - Returns: whether a download of the transaction is still active.
    func stepDownloads(ofTransaction identifier: String, steps: Int) async -> Bool {
        await prepare()
        let keys = downloadKeys(ofTransaction: identifier)
        let count = Double(max(steps, 1))
        var changed: [Download] = []
        for key in keys {
            guard var entry = downloadTable[key], entry.download.state == .active else { continue }
            // Steps land on whole fractions, so that 2 of 5 steps is 40% exactly.
            let step = (entry.download.progress * count).rounded() + 1
            let progress = max(entry.download.progress, min(1, step / count))
            if progress >= 1 {
                finishContent(&entry)
            } else {
                entry.download.progress = progress
                entry.download.timeRemaining = entry.remainingSeconds(speed: controls.downloadBytesPerSecond)
            }
            entry.lastUpdate = clock.now.timeIntervalSince1970
            downloadTable[key] = entry
            changed.append(entry.download)
        }
        if !changed.isEmpty {
            let values = changed
            await commit([], callbacks: [tell { $0.updatedDownloads(values) }])
        }
        return keys.contains { downloadTable[$0]?.download.state == .active }
    }

    /// Whether a download of transaction `identifier` is active or paused: finishing the transaction
    /// now would lose it.
    func hasDownloadsInProgress(ofTransaction identifier: String) async -> Bool {
        await prepare()
        return downloadTable.values.contains {
            $0.download.transactionIdentifier == identifier
                && ($0.download.state == .active || $0.download.state == .paused)
        }
    }

    /// Cancels the downloads of a transaction being finished that have not ended (a finished
    /// transaction's downloads can no longer run).
    ///
    /// - Returns: the callback telling observers, or `nil` when none changed.
    func cancelUnfinishedDownloads(ofTransaction identifier: String) -> (@Sendable () -> Void)? {
        var changed: [Download] = []
        for key in downloadTable.keys.sorted() {
            guard var entry = downloadTable[key], entry.download.transactionIdentifier == identifier,
                !entry.download.state.isTerminal
            else { continue }
            entry.download.state = .cancelled
            entry.download.timeRemaining = nil
            downloadTable[key] = entry
            changed.append(entry.download)
        }
        guard !changed.isEmpty else { return nil }
        let values = changed
        return tell { $0.updatedDownloads(values) }
    }

    /// Marks a download finished, with its content folder at ``Download/contentURL``:
    /// `<downloads>/<transaction>/<content>/` holding `ContentInfo.plist` (the content's identifier,
    /// version and length) and an empty `Contents/`. The simulated store downloads no bytes.
    func finishContent(_ entry: inout DownloadEntry) {
        let download = entry.download
        let folder = downloadsDirectory.appendingPathComponent(download.transactionIdentifier, isDirectory: true)
            .appendingPathComponent(download.contentIdentifier, isDirectory: true)
        let info: [String: Any] = [
            "ContentIdentifier": download.contentIdentifier, "ContentVersion": download.contentVersion,
            "ContentLength": download.expectedContentLength,
        ]
        let files = FileManager.default
        try? files.createDirectory(
            at: folder.appendingPathComponent("Contents", isDirectory: true), withIntermediateDirectories: true)
        if let data = try? PropertyListSerialization.data(fromPropertyList: info, format: .xml, options: 0) {
            try? data.write(to: folder.appendingPathComponent("ContentInfo.plist"), options: .atomic)
        }
        entry.download.state = .finished
        entry.download.progress = 1
        entry.download.timeRemaining = 0
        entry.download.contentURL = folder
    }
}

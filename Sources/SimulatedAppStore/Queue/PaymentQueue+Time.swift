public import Foundation
import PurchaseCore

extension PaymentQueue {
    /// Moves the virtual clock forward (a ``SimulationClock`` or a `ManualClock`), then does what
    /// came due: renewals, billing retries, expiries and download progress. A year of monthly
    /// renewals is twelve purchased transactions told to observers in order.
    ///
    /// - Parameter interval: virtual seconds; with another clock only what is due now is done.
    public func advanceTime(by interval: TimeInterval) async {
        if let clock = clock as? SimulationClock {
            clock.advance(by: interval)
        } else if let clock = clock as? ManualClock {
            clock.advance(by: interval)
        }
        await tick()
    }

    /// Does what came due by the clock's current time (for clocks running at a rate): renewals,
    /// billing retries, expiries and download progress.
    public func tick() async {
        await prepare()
        await renewDue()
        publishDueNotices()
        await updateDownloads()
    }

    /// Renews every auto-renewing subscription whose period ended, one transaction per period, or
    /// moves it into grace period / billing retry when renewals fail to charge.
    func renewDue() async {
        let now = clock.now.timeIntervalSince1970
        var records: [AccountRecord] = []
        var renewals: [PaymentTransaction] = []
        for original in account.subscriptions.keys.sorted() {
            guard var subscription = account.subscriptions[original], !subscription.revoked else { continue }
            var changed = false
            if subscription.billing != .ok, let since = subscription.billingIssueSince,
                since + controls.billingRetryPeriod <= now, subscription.willAutoRenew
            {
                subscription.willAutoRenew = false
                subscription.billing = .ok
                subscription.billingIssueSince = nil
                subscription.endedForBillingIssue = true
                records.append(contentsOf: latestTransactionRecords(subscription))
                changed = true
            }
            var count = 0
            while subscription.willAutoRenew, subscription.billing == .ok, subscription.expiration <= now,
                count < 100_000
            {
                count += 1
                if switchToNextProduct(&subscription) {
                    changed = true
                    continue
                }
                if subscription.awaitsPriceConsent {
                    // No consent to the raised price by the end of the period: it does not renew.
                    records.append(contentsOf: endForPriceIncrease(&subscription))
                    changed = true
                    break
                }
                if controls.billingRetryOnRenewal {
                    subscription.billing = controls.billingGracePeriodEnabled ? .gracePeriod : .retry
                    subscription.billingIssueSince = subscription.expiration
                    changed = true
                    break
                }
                guard let renewal = makeRenewal(of: &subscription, at: subscription.expiration) else { break }
                changed = true
                records.append(.put(renewal))
                account.apply(.put(renewal))
                renewals.append(paymentTransaction(renewal))
            }
            if changed { records.append(.subscription(subscription)) }
        }
        guard !records.isEmpty else { return }
        let values = renewals
        await commit(
            records, callbacks: values.isEmpty ? [] : [tell { $0.updatedTransactions(values) }],
            hints: CommitHints(renewals: Set(renewals.compactMap { Self.number($0.id) })))
    }

    /// A renewal transaction starting at `start`, and the subscription moved to its new period.
    func makeRenewal(of subscription: inout SubscriptionRecord, at start: Double) -> AccountTransaction? {
        guard let product = productsByIdentifier[subscription.productIdentifier],
            var period = product.subscription?.period
        else { return nil }
        var count = 1
        let offer = renewalOffer(of: &subscription, product: product)
        if let offer { (period, count) = (offer.period, offer.count) }
        let end = controls.periodEnd(period, count: count, from: Date(timeIntervalSince1970: start))
            .timeIntervalSince1970
        guard end > start else { return nil }
        var renewal = AccountTransaction(
            number: account.nextNumber, originalNumber: subscription.originalNumber,
            productIdentifier: subscription.productIdentifier, productType: .autoRenewable, quantity: 1,
            state: .purchased, date: start,
            originalDate: account.transactions[subscription.originalNumber]?.originalDate ?? start)
        account.nextNumber += 1
        renewal.expiration = end
        renewal.autoRenew = 2
        // A renewal carries its original purchase's app account token, as the App Store's do.
        renewal.applicationUsername = account.transactions[subscription.originalNumber]?.applicationUsername
        // A renewal at an offer is charged the offer's price; others the price the subscriber renews at.
        renewal.price = offer?.price ?? subscription.renewalPrice ?? currentPrice(of: product)
        renewal.offer = offer?.offer
        subscription.latestNumber = renewal.number
        subscription.expiration = end
        return renewal
    }

    // MARK: - Downloads

    /// Starts (or restarts after a failure is impossible: starts only waiting) downloads; observers are
    /// told they are active, and progress follows the virtual clock.
    public func start(_ downloads: [Download]) async {
        await changeDownloads(downloads) { entry, now, controls in
            guard entry.download.state == .waiting else { return false }
            if controls.failDownloads {
                entry.download.state = .failed
                entry.download.error = StoreKitError(
                    .cloudServiceNetworkConnectionFailed, message: "simulated download failure")
                entry.download.timeRemaining = nil
            } else {
                entry.download.state = .active
                entry.lastUpdate = now
                entry.download.timeRemaining = entry.remainingSeconds(speed: controls.downloadBytesPerSecond)
            }
            return true
        }
    }

    /// Pauses active downloads, keeping their progress.
    public func pause(_ downloads: [Download]) async {
        await updateDownloads()
        await changeDownloads(downloads) { entry, _, _ in
            guard entry.download.state == .active else { return false }
            entry.download.state = .paused
            entry.download.timeRemaining = nil
            return true
        }
    }

    /// Resumes paused downloads from where they stopped.
    public func resume(_ downloads: [Download]) async {
        await changeDownloads(downloads) { entry, now, controls in
            guard entry.download.state == .paused else { return false }
            entry.download.state = .active
            entry.lastUpdate = now
            entry.download.timeRemaining = entry.remainingSeconds(speed: controls.downloadBytesPerSecond)
            return true
        }
    }

    /// Cancels downloads that have not finished.
    public func cancel(_ downloads: [Download]) async {
        await updateDownloads()
        await changeDownloads(downloads) { entry, _, _ in
            guard !entry.download.state.isTerminal else { return false }
            entry.download.state = .cancelled
            entry.download.timeRemaining = nil
            return true
        }
    }

    /// The downloads the queue knows, by transaction then content.
    public func knownDownloads() -> [Download] {
        downloadTable.keys.sorted().compactMap { downloadTable[$0]?.download }
    }

    func registerDownload(for transaction: AccountTransaction, content: HostedContent) {
        let download = Download(
            contentIdentifier: transaction.productIdentifier,
            transactionIdentifier: Self.identifier(transaction.number),
            contentVersion: content.version, expectedContentLength: content.contentLength)
        downloadTable[download.key] = DownloadEntry(download: download, lastUpdate: clock.now.timeIntervalSince1970)
    }

    private func changeDownloads(
        _ downloads: [Download],
        _ change: (inout DownloadEntry, Double, SessionControls) -> Bool
    ) async {
        await prepare()
        let now = clock.now.timeIntervalSince1970
        var changed: [Download] = []
        for download in downloads {
            guard var entry = downloadTable[download.key] else { continue }
            if change(&entry, now, controls) {
                downloadTable[download.key] = entry
                changed.append(entry.download)
            }
        }
        guard !changed.isEmpty else { return }
        let values = changed
        await commit([], callbacks: [tell { $0.updatedDownloads(values) }])
    }

    /// Moves active downloads along to the clock's current time; finished ones are told once.
    func updateDownloads() async {
        let now = clock.now.timeIntervalSince1970
        let speed = Double(controls.downloadBytesPerSecond)
        var changed: [Download] = []
        for key in downloadTable.keys.sorted() {
            guard var entry = downloadTable[key], entry.download.state == .active, now > entry.lastUpdate else {
                continue
            }
            let length = Double(max(entry.download.expectedContentLength, 0))
            let done = length == 0 ? 1 : min(1, entry.download.progress + (now - entry.lastUpdate) * speed / length)
            entry.download.progress = done
            entry.lastUpdate = now
            if done >= 1 {
                finishContent(&entry)
            } else {
                entry.download.timeRemaining = entry.remainingSeconds(speed: controls.downloadBytesPerSecond)
            }
            downloadTable[key] = entry
            changed.append(entry.download)
        }
        guard !changed.isEmpty else { return }
        let values = changed
        await commit([], callbacks: [tell { $0.updatedDownloads(values) }])
    }
}

/// A download and the virtual instant its progress was last brought up to date.
struct DownloadEntry: Sendable {
    var download: Download
    var lastUpdate: Double

    func remainingSeconds(speed: Int64) -> TimeInterval {
        let remaining = Double(download.expectedContentLength) * (1 - download.progress)
        return remaining / Double(max(speed, 1))
    }
}

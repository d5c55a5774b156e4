import PurchaseCore
import PurchaseTesting
import Testing

@MainActor
final class CallbackLog {
    var lines: [String] = []
    var completions = 0

    func attach(to callbacks: CallbackStore) {
        callbacks.onPurchaseSuccess = { self.lines.append("success \($0.productID)") }
        callbacks.onPurchasePending = { self.lines.append("pending \($0)") }
        callbacks.onPurchaseCancel = { self.lines.append("cancel \($0)") }
        callbacks.onPurchaseFail = { self.lines.append("fail \($0.code.name)") }
        callbacks.onRestoreSuccess = { self.lines.append("restored \($0)") }
        callbacks.onRestoreComplete = { self.lines.append("restore complete \($0.name)") }
        callbacks.onCancel = { self.lines.append("cancelled \($0.operation) \($0.reason)") }
        callbacks.onMessage = { self.lines.append("message \($0.key.rawValue)") }
        callbacks.onComplete = {
            self.lines.append("complete")
            self.completions += 1
        }
    }

    func waitForCompletions(_ count: Int) async {
        while completions < count { await Task.yield() }
    }
}

@MainActor
struct CallbackStoreTests {
    @Test func eachPurchaseEndsInOneCallbackThenComplete() async {
        let harness = Harness()
        await harness.provider.script("gems.100", .purchase, .cancel, .fail(.paymentInvalid))
        await harness.provider.script("remove.ads", .askToBuy)
        let callbacks = CallbackStore(store: harness.store)
        let log = CallbackLog()
        log.attach(to: callbacks)
        for productID in ["gems.100", "gems.100", "gems.100", "remove.ads"] {
            let before = log.completions
            callbacks.purchase(productID)
            await log.waitForCompletions(before + 1)
        }
        #expect(
            log.lines == [
                "success gems.100", "complete", "cancel gems.100",
                "cancelled purchase(productID: \"gems.100\") cancelledByPerson", "complete",
                "fail paymentInvalid", "complete", "pending remove.ads", "complete",
            ])
        #expect(log.completions == 4)
    }

    /// A second operation while one runs is cancelled as in progress, then completes; the first goes on.
    @Test func aSecondOperationWhileOneRunsIsCancelledAsInProgress() async {
        let harness = Harness()
        await harness.provider.script("gems.100", .hold)
        let callbacks = CallbackStore(store: harness.store)
        let log = CallbackLog()
        log.attach(to: callbacks)
        callbacks.purchase("gems.100")
        while await harness.provider.heldPurchaseCount == 0 { await Task.yield() }
        callbacks.purchase("remove.ads")
        await log.waitForCompletions(1)
        callbacks.restore()
        await log.waitForCompletions(2)
        #expect(
            log.lines == [
                "cancel remove.ads", "cancelled purchase(productID: \"remove.ads\") operationInProgress", "complete",
                "cancelled restore operationInProgress", "complete",
            ])
        await harness.provider.releaseHeldPurchase()
        await log.waitForCompletions(3)
        #expect(log.lines.suffix(2) == ["success gems.100", "complete"])
        // Running again once the first ended.
        callbacks.purchase("remove.ads")
        await log.waitForCompletions(4)
        #expect(log.lines.suffix(2) == ["success remove.ads", "complete"])
    }

    /// With payments turned off, a purchase and a restore say where to turn them on, are cancelled
    /// and complete, asking nothing of the store.
    @Test func paymentsNotAllowedShowsTheMessageThenCancelsThenCompletes() async {
        let harness = Harness()
        await harness.provider.setPaymentsAllowed(false)
        let callbacks = CallbackStore(store: harness.store)
        let log = CallbackLog()
        log.attach(to: callbacks)
        callbacks.purchase("gems.100")
        await log.waitForCompletions(1)
        callbacks.restore()
        await log.waitForCompletions(2)
        #expect(
            log.lines == [
                "message payments.disabled", "cancel gems.100",
                "cancelled purchase(productID: \"gems.100\") paymentsNotAllowed", "complete",
                "message payments.disabled", "cancelled restore paymentsNotAllowed", "complete",
            ])
        #expect(await harness.provider.productRequestCount == 0)
        #expect(await !harness.store.canMakePayments())
        #expect(await !harness.store.canMakePayments(for: "gems.100"))
    }

    /// The products are asked of the store once; a product it does not sell fails the purchase.
    @Test func theProductIsRequestedOnlyWhenNotCached() async {
        let harness = Harness()
        await harness.provider.setUnavailable(["season.pass"])
        let callbacks = CallbackStore(store: harness.store)
        let log = CallbackLog()
        log.attach(to: callbacks)
        for (index, productID) in ["gems.100", "gems.100", "season.pass"].enumerated() {
            callbacks.purchase(productID)
            await log.waitForCompletions(index + 1)
        }
        #expect(await harness.provider.productRequestCount == 1)
        #expect(log.lines.suffix(2) == ["fail invalidProductIdentifiers", "complete"])
    }

    @Test func restoreReportsEachProductThenCompletes() async {
        let harness = Harness()
        _ = await harness.store.purchase("remove.ads")
        _ = await harness.store.purchase("season.pass")
        let callbacks = CallbackStore(store: harness.store)
        let log = CallbackLog()
        log.attach(to: callbacks)
        callbacks.restore()
        await log.waitForCompletions(1)
        #expect(log.lines == ["restored remove.ads", "restored season.pass", "restore complete restored", "complete"])

        let empty = Harness()
        let emptyCallbacks = CallbackStore(store: empty.store)
        let emptyLog = CallbackLog()
        emptyLog.attach(to: emptyCallbacks)
        emptyCallbacks.restore()
        await emptyLog.waitForCompletions(1)
        #expect(emptyLog.lines == ["restore complete nothingToRestore", "complete"])
    }
}

/// The facade's download callback: every change of the bought product's downloads, before the outcome.
@MainActor
struct CallbackStoreDownloadTests {
    private func attach(_ log: CallbackLog, to callbacks: CallbackStore) {
        log.attach(to: callbacks)
        callbacks.onDownloadProgress = { log.lines.append("download \($0.state.rawValue) \(Int($0.progress * 100))") }
        callbacks.onPurchaseFail = { log.lines.append("fail \($0.code.name) \($0.reason?.name ?? "-")") }
    }

    @Test func downloadProgressComesBeforeSuccess() async {
        let harness = StoreTestHarness(catalog: StoreDownloadTests.catalog())
        let callbacks = CallbackStore(store: harness.store)
        let log = CallbackLog()
        attach(log, to: callbacks)
        callbacks.purchase("levels.pack")
        await log.waitForCompletions(1)
        #expect(
            log.lines == [
                "download active 0", "download active 50", "download finished 100", "success levels.pack", "complete",
            ])
    }

    @Test func aFailedDownloadEndsInFailWithItsReason() async {
        let harness = StoreTestHarness(catalog: StoreDownloadTests.catalog())
        await harness.provider.scriptDownloads("levels.pack", .fail)
        let callbacks = CallbackStore(store: harness.store)
        let log = CallbackLog()
        attach(log, to: callbacks)
        callbacks.purchase("levels.pack")
        await log.waitForCompletions(1)
        #expect(
            log.lines == [
                "download active 0", "download active 50", "download failed 50", "fail storeUnavailable downloadFailed",
                "complete",
            ])
    }
}

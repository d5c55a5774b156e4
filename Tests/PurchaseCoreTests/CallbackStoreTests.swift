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
        callbacks.onComplete = { self.completions += 1 }
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
                "success gems.100", "cancel gems.100", "fail paymentInvalid", "pending remove.ads",
            ])
        #expect(log.completions == 4)
    }

    @Test func secondPurchaseWhileOneRunsFailsWithInProgress() async {
        let harness = Harness()
        await harness.provider.script("gems.100", .hold)
        let callbacks = CallbackStore(store: harness.store)
        let log = CallbackLog()
        log.attach(to: callbacks)
        callbacks.purchase("gems.100")
        while await harness.provider.heldPurchaseCount == 0 { await Task.yield() }
        callbacks.purchase("remove.ads")
        await log.waitForCompletions(1)
        #expect(log.lines == ["fail purchaseInProgress"])
        await harness.provider.releaseHeldPurchase()
        await log.waitForCompletions(2)
        #expect(log.lines == ["fail purchaseInProgress", "success gems.100"])
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
        #expect(log.lines == ["restored remove.ads", "restored season.pass", "restore complete restored"])

        let empty = Harness()
        let emptyCallbacks = CallbackStore(store: empty.store)
        let emptyLog = CallbackLog()
        emptyLog.attach(to: emptyCallbacks)
        emptyCallbacks.restore()
        await emptyLog.waitForCompletions(1)
        #expect(emptyLog.lines == ["restore complete nothingToRestore"])
    }
}

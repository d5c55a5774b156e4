import Foundation
import PurchaseCore
import SimulatedAppStore
import SimulatedGooglePlay

// A Google Play scenario: the deployment's `simulated-google-play` provider and a `Store` on the
// scenario's manual clock, and the steps that steer the simulated Google Play.
extension ScenarioSession {
    /// Opens the Play provider of the deployment (its state in the run's state folder) and the app's
    /// store over it, connects, and settles.
    func launchGooglePlay() async throws(PurchaseError) {
        let provider = try openGooglePlay(configuration)
        let base = provider.base
        let verifiers = base.receiptVerifier.map { [base.storeName: $0] } ?? [:]
        let store = Store(catalog: catalog, providers: [provider], ledger: ledger, verifiers: verifiers, clock: clock)
        await read(store)
        play = provider
        self.store = store
        // Connecting reports again what Play changed while the app was away (the ledger keeps each once).
        try? await base.start()
        await store.start()
        await settle()
    }

    /// The providers of an App Store scenario's store, in the catalog's order: the App Store's and,
    /// when the catalog's providers are the two simulated stores (a multi-store deployment), the
    /// simulated Google Play's too, connected; otherwise the App Store's alone.
    func appStoreScenarioProviders(_ appStore: CrashingProvider) async throws(PurchaseError) -> [any StoreProvider] {
        let providers = catalog.deployment.providers
        guard providers.count == 2, Set(providers.map(\.kind)) == [.simulatedAppStore, .simulatedGooglePlay],
            let google = providers.first(where: { $0.kind == .simulatedGooglePlay })
        else { return [appStore] }
        let play = try openGooglePlay(google)
        secondaryPlay = play
        try? await play.base.start()
        return providers.map { $0.kind == .simulatedAppStore ? appStore as any StoreProvider : play }
    }

    /// Opens the deployment's Play provider for `configuration`, its state in the run's state folder.
    private func openGooglePlay(_ configuration: ProviderConfiguration) throws(PurchaseError) -> ScenarioPlayProvider {
        let context = ProviderContext(
            catalog: catalog, configuration: configuration, stateDirectory: stateDirectory, clock: clock)
        do {
            return ScenarioPlayProvider(
                base: try SimulatedGooglePlayProvider.makeSimulated(context), finishing: playFinishing)
        } catch let error as PurchaseError {
            throw error
        } catch {
            throw PurchaseError(.providerMisconfigured, detail: "\(error)")
        }
    }

    /// Waits until the store has handled what Play reported, printing Play's events as they come.
    func settleGooglePlay(_ play: ScenarioPlayProvider) async {
        var quiet = 0
        for _ in 0..<16 {
            let before = log.count
            try? await play.base.refresh()
            flushCount += 1
            let marker = Self.flushPrefix + String(flushCount)
            let sentinel = StoreTransaction(
                id: marker, store: play.storeName, productID: marker, productType: .consumable,
                purchaseDate: clock.now, state: .purchasing)
            let base = play.base
            await log.waitForFlush(marker) { base.yieldUpdate(sentinel) }
            // A pending purchase paid later reaches the store asynchronously: two quiet
            // rounds in a row, not one, end the wait.
            quiet = log.count == before ? quiet + 1 : 0
            if quiet == 2 { break }
        }
        // The store's events first, then Play's (each in its own order), so that output is reproducible.
        log.flush()
        await writePlayEvents(play.base.store)
    }

    /// Settles until the store has delivered the purchase `token` paid later (its latest order), in a
    /// bounded number of rounds: its listener hands it to the store asynchronously.
    private func settleUntilDelivered(_ token: String, play: ScenarioPlayProvider) async {
        guard let orderID = await play.base.store.record(token)?.latestOrderId else { return }
        for _ in 0..<32 {
            await settleGooglePlay(play)
            let delivered = (try? await ledger.contents())?.deliveries.contains { $0.transactionID.id == orderID }
            if delivered == true { break }
        }
    }

    /// Runs one step of a Google Play scenario, then settles.
    func performGooglePlay(_ step: Scenario.Step, play: ScenarioPlayProvider) async throws(PurchaseError) {
        guard let store else { return }
        let google = play.base.store
        switch step.action {
        case .buy(let productID, let quantity, let account):
            try await purchase(productID, options: PurchaseOptions(quantity: quantity, appAccountToken: account))
            return
        case .relaunch:
            try await relaunch()
        case .reinstall:
            ledger = InMemoryFulfillmentLedger()
            try await relaunch()
        case .restore:
            await restore(store)
            return
        case .advanceTime(let seconds):
            guard seconds >= 0, AppReceipt.carries(clock.now.addingTimeInterval(seconds)) else {
                fail(step, .timeOutOfRange)
                break
            }
            try? await play.base.advanceTime(by: seconds)
            await settle()
            log.write([("event", .string("time")), ("now", .string(Self.iso8601(clock.now)))])
            done(true)
            return
        case .refund(let productID):
            await void(productID, quantity: nil, revoke: true, at: step, in: google)
        case .disableAutoRenew(let productID):
            await act(on: productID, at: step, in: google) { await google.cancelSubscription($0.purchaseToken) }
        case .setCanMakePayments(let allowed):
            await google.updateControls { $0.billingAvailable = allowed }
            done(true)
        case .googlePlay(let action):
            try await perform(action, at: step, play: play)
        default:
            // A step the simulated Google Play has no meaning for (a scenario file refuses it).
            done(false)
        }
        await settle()
    }

    private func perform(_ action: ScenarioPlayStep, at step: Scenario.Step, play: ScenarioPlayProvider)
        async throws(PurchaseError)
    {
        let google = play.base.store
        switch action {
        case .nextPurchasePending:
            await google.planNextPurchases(.pending)
            done(true)
        case .completePending(let productID), .cancelPending(let productID):
            let pending = await playRecords(of: productID, in: google).last { $0.state == .pending }
            guard let pending else {
                if let productID { fail(step, .noPlayPurchase(productID: productID)) } else { done(false) }
                return
            }
            if case .completePending = action {
                done(await google.completePendingPurchase(pending.purchaseToken))
                await settleUntilDelivered(pending.purchaseToken, play: play)
            } else {
                done(await google.cancelPendingPurchase(pending.purchaseToken))
            }
        case .stopFinishing:
            play.finishing.withLock { $0 = false }
            done(true)
        case .finishPurchases:
            play.finishing.withLock { $0 = true }
            await finishUnfinished(play)
        case .replaceSubscription(let productID, let replaced, let mode):
            guard await playRecords(of: replaced, in: google).contains(where: { !$0.revoked }) else {
                fail(step, .noPlayPurchase(productID: replaced))
                return
            }
            // As an app does: the store's purchase, the replacement mode in the store's own options; the
            // provider replaces the subscription held in the product's group (its token in the flow).
            let options = PurchaseOptions(storeOptions: StoreSpecificOptions(replacementMode: mode.name))
            try await purchase(productID, options: options)
        case .failRenewals(let productID):
            await act(on: productID, at: step, in: google) { await google.setRenewalsFail($0.purchaseToken) }
        case .fixPayment(let productID):
            await act(on: productID, at: step, in: google) { await google.recoverBilling($0.purchaseToken) }
        case .pause(let productID, let length):
            await act(on: productID, at: step, in: google) { await google.schedulePause($0.purchaseToken, for: length) }
        case .resume(let productID):
            await act(on: productID, at: step, in: google) { await google.resumeSubscription($0.purchaseToken) }
        case .restartAutoRenew(let productID):
            await act(on: productID, at: step, in: google) { await google.restartSubscription($0.purchaseToken) }
        case .void(let productID, let quantity, let revoke):
            await void(productID, quantity: quantity, revoke: revoke, at: step, in: google)
        }
    }

    /// Does `change` to the newest purchase of `productID`; a step failure when there is none.
    private func act(
        on productID: String, at step: Scenario.Step, in google: SimulatedGooglePlay,
        _ change: (PlayPurchaseRecord) async -> Bool
    ) async {
        guard let record = await playRecords(of: productID, in: google).last else {
            fail(step, .noPlayPurchase(productID: productID))
            return
        }
        done(await change(record))
    }

    /// Play voids the latest order of the newest paid purchase of `productID` still owned.
    private func void(
        _ productID: String, quantity: Int?, revoke: Bool, at step: Scenario.Step, in google: SimulatedGooglePlay
    ) async {
        let owned = await playRecords(of: productID, in: google).last {
            $0.state == .purchased && !$0.revoked && $0.refundedQuantity < $0.quantity
        }
        guard let owned else {
            fail(step, .nothingToRefund(productID: productID))
            return
        }
        done(await google.refund(owned.purchaseToken, quantity: quantity, revoke: revoke) != nil)
    }

    /// The app finishes what it left unfinished, as it does on launch.
    private func finishUnfinished(_ play: ScenarioPlayProvider) async {
        lastError = nil
        do {
            let unfinished = try await play.base.unfinishedTransactions()
            for transaction in unfinished { try await play.base.finish(transaction) }
            done(!unfinished.isEmpty)
        } catch {
            lastOutcome = "failed"
            lastError = (error as? PurchaseError)?.code.name ?? PurchaseError.Code.unknown.name
        }
    }

    /// The purchases of `productID` (every product's when `nil`), oldest first.
    func playRecords(of productID: String?, in google: SimulatedGooglePlay) async -> [PlayPurchaseRecord] {
        await google.settleDueChanges()
        let state = await google.state
        let playID = productID.map(playID)
        return state.purchaseOrder.compactMap { state.purchases[$0] }.filter { playID == nil || $0.productId == playID }
    }

    /// The Play product id of a catalog product.
    func playID(_ productID: String) -> String {
        scenarioCatalogProduct(productID)?.storeID(for: .simulatedGooglePlay) ?? productID
    }

    /// The catalog product of a Play product id.
    func catalogID(ofPlay playID: String) -> String {
        scenarioCatalogProducts.first { $0.storeID(for: .simulatedGooglePlay) == playID }?.productID ?? playID
    }
}

import Foundation
import PurchaseCore
import SimulatedAppStore
import SimulatedGooglePlay

/// One run of a scenario: the launched app (store, provider, observers) and what the expectations need.
/// A Google Play scenario (``Scenario/store``) runs the simulated Google Play's provider instead of the
/// App Store's (`ScenarioSession+GooglePlay.swift`).
actor ScenarioSession {
    private let scenario: Scenario
    let catalog: Catalog
    let configuration: ProviderConfiguration
    let stateDirectory: URL
    let log: ScenarioLog
    private let progress: @Sendable (ScenarioProgress) -> Void
    let clock = ManualClock(start: Scenario.clockStart)
    var ledger: any FulfillmentLedger = InMemoryFulfillmentLedger()
    var provider: CrashingProvider?
    var store: Store?
    var reader: Task<Void, Never>?
    var observerNames: [String] = ["app"]
    private var observers: [ScenarioObserver] = []
    private var savedControls: SessionControls?
    var flushCount = 0
    var lastOutcome: String?
    var lastError: String?
    var lastStatuses: [Int]?
    var lastCancellations: [String]?
    /// The last verification's answer, for `ReceiptFields`.
    var lastVerifyResponse: VerifyReceiptResponse?
    var failures: [ScenarioFailure] = []
    var checked = 0
    /// The Family Sharing group, once a step adds a family member.
    var family: Family?
    /// The family members' accounts and apps, by name.
    var members: [String: ScenarioMember] = [:]
    /// The first account's app while a step runs as a family member (``ScenarioMember``).
    var organizerApp: ScenarioMember?
    /// The family member a step runs as, or `nil` for the first account.
    var currentMember: String?
    /// The sequence the last `Notifications` check stopped at, by notification log (each app's store
    /// has one, and a relaunch starts a new one), with the log (kept, so its identifier is not reused).
    var notificationMarks: [ObjectIdentifier: (log: NotificationOutbox, sequence: UInt64)] = [:]
    /// Notifications the app's store emitted before a relaunch that no `Notifications` check saw yet.
    var carriedNotifications: [SignedNotification] = []
    /// The sequence of the last notification printed, by notification log (kept, as in ``notificationMarks``).
    var printedNotifications: [ObjectIdentifier: (log: NotificationOutbox, sequence: UInt64)] = [:]
    /// The app's answer to the price consent question, printed as its callback.
    lazy var consentDelegate = ScenarioConsentDelegate(name: "app", log: log)
    /// The family members' apps' answers, by name.
    var memberDelegates: [String: ScenarioConsentDelegate] = [:]
    /// Whether the scenario drives the simulated Google Play.
    let drivesGooglePlay: Bool
    /// The simulated Google Play's provider as the app's store sees it, while the app runs (Google Play).
    var play: ScenarioPlayProvider?
    /// The simulated Google Play's provider next to the App Store's, in an App Store scenario on a
    /// multi-store catalog (both simulated stores).
    var secondaryPlay: ScenarioPlayProvider?
    /// Whether the app finishes the purchases it delivers (Google Play; `stopFinishing` turns it off).
    let playFinishing = Locked(true)
    /// The sequence of the last Play event printed, and of the last one a `Notifications` check saw.
    var playPrinted = 0
    var playNoticed = 0

    init(
        scenario: Scenario, stateDirectory: URL, output: @escaping @Sendable (String) -> Void,
        progress: @escaping @Sendable (ScenarioProgress) -> Void = { _ in }
    ) throws(PurchaseError) {
        var catalog = scenario.catalog
        let kind = scenario.store
        guard let index = catalog.deployment.providers.firstIndex(where: { $0.kind == kind }) else {
            throw PurchaseError(
                .providerMisconfigured, detail: "the scenario's catalog names no simulated-app-store provider")
        }
        var settings = catalog.deployment.providers[index].settings
        if kind == .simulatedAppStore {
            settings["Persistence"] = "Journal"
            settings["ReceiptKeySeed"] = "scenario"
            // A clock speed would make the run depend on real time; Xcode's renewal rates only shorten
            // subscription time on the scenario's manual clock, so they stay.
            if settings["TimeRate"]?.stringValue.flatMap(StoreKitTimeRate.init(parsing:)) == nil {
                settings["TimeRate"] = nil
            }
        }
        for other in catalog.deployment.providers.indices
        where catalog.deployment.providers[other].kind == .simulatedGooglePlay {
            catalog.deployment.providers[other].settings["Persistence"] = "File"
        }
        for (key, value) in scenario.settings { settings[key] = value }
        // Play's state is kept in the run's state folder, so that a relaunch finds it.
        if kind == .simulatedGooglePlay { settings["Persistence"] = "File" }
        catalog.deployment.providers[index].settings = settings
        self.catalog = catalog
        self.configuration = catalog.deployment.providers[index]
        self.scenario = scenario
        self.stateDirectory = stateDirectory
        self.log = ScenarioLog(output: output)
        self.progress = progress
        self.drivesGooglePlay = kind == .simulatedGooglePlay
    }

    var queue: PaymentQueue? { provider?.base.queue }

    func scenarioCatalogProduct(_ productID: String) -> Product? { catalog.product(withID: productID) }

    var scenarioCatalogProducts: [Product] { catalog.products }

    func run() async throws(PurchaseError) -> ScenarioReport {
        log.write([("event", .string("scenario")), ("name", .string(scenario.name))])
        try await launch()
        for (index, step) in scenario.steps.enumerated() {
            progress(.step(number: index + 1, of: scenario.steps.count, name: step.action.name))
            try await perform(step)
        }
        await shutDown()
        await closeFamily()
        log.write([
            ("event", .string("result")), ("ok", .bool(failures.isEmpty)), ("checked", .int(checked)),
            ("failed", .int(failures.count)),
        ])
        return ScenarioReport(lines: log.lines, problems: failures, checked: checked)
    }

    // MARK: - Launching

    func launch() async throws(PurchaseError) {
        if drivesGooglePlay {
            try await launchGooglePlay()
            return
        }
        let context = ProviderContext(
            catalog: catalog, configuration: configuration, stateDirectory: stateDirectory, clock: clock)
        let base = try Self.makeProvider(context)
        if let savedControls { await base.queue.updateControls { $0 = savedControls } }
        let provider = CrashingProvider(base: base)
        let providers = try await appStoreScenarioProviders(provider)
        var verifiers = base.receiptVerifier.map { [base.storeName: $0] } ?? [:]
        if let secondaryPlay { verifiers[secondaryPlay.storeName] = secondaryPlay.receiptVerifier }
        // The store asks the provider for the session's grace period as it stands (billingGracePeriod).
        let store = Store(catalog: catalog, providers: providers, ledger: ledger, verifiers: verifiers, clock: clock)
        await read(store)
        self.provider = provider
        self.store = store
        observers = observerNames.enumerated().map { index, name in
            ScenarioObserver(name: name, log: log, progress: index == 0 ? progress : nil)
        }
        for observer in observers { await base.queue.add(observer) }
        await attachPriceConsentAndFamily(base.queue)
        await store.start()
        await settle()
    }

    /// Prints the store's events as they come, and answers the settling markers.
    func read(_ store: Store) async {
        let events = await store.events()
        let log = log
        reader = Task {
            for await event in events {
                let transaction = event.transaction
                if transaction.id.hasPrefix(Self.flushPrefix) {
                    log.flushed(transaction.id)
                    continue
                }
                log.storeEvent(event.name, Self.describe(event))
            }
        }
    }

    static func makeProvider(_ context: ProviderContext) throws(PurchaseError) -> SimulatedAppStoreProvider {
        do {
            return try SimulatedAppStoreProvider.makeSimulated(context)
        } catch let error as PurchaseError {
            throw error
        } catch {
            throw PurchaseError(.providerMisconfigured, detail: "\(error)")
        }
    }

    func shutDown() async {
        await settle()
        await store?.stop()
        reader?.cancel()
        reader = nil
        if let provider {
            savedControls = await provider.base.queue.controls
            await provider.base.close()
        }
        await play?.base.close()
        await secondaryPlay?.base.close()
        play = nil
        secondaryPlay = nil
        store = nil
        provider = nil
    }

    func relaunch() async throws(PurchaseError) {
        carryNotifications()
        await shutDown()
        try await launch()
    }

    // MARK: - Settling

    static let flushPrefix = "scenario-flush-"

    /// Waits until callbacks and transaction updates stop producing lines.
    func settle() async {
        guard let provider else {
            if let play { await settleGooglePlay(play) }
            return
        }
        for _ in 0..<16 {
            let before = log.count
            await provider.base.queue.waitForCallbacks()
            flushCount += 1
            let marker = Self.flushPrefix + String(flushCount)
            let sentinel = StoreTransaction(
                id: marker, store: provider.storeName, productID: marker, productType: .consumable,
                purchaseDate: clock.now, state: .purchasing)
            let base = provider.base
            await log.waitForFlush(marker) { base.yieldUpdate(sentinel) }
            await base.queue.waitForCallbacks()
            await settleFamily()
            if log.count == before { break }
        }
        if let secondaryPlay { await settleGooglePlay(secondaryPlay) }
        writeNotifications()
        log.flush()
    }

    // MARK: - JSON

    static func describe(_ event: StoreEvent) -> [(String, ScenarioJSON)] {
        let transaction = event.transaction
        var entries: [(String, ScenarioJSON)] = [
            ("transactionID", .string(transaction.id)),
            ("productID", .string(transaction.productID)),
            ("state", .string(transaction.state.rawValue)),
        ]
        if transaction.originalID != transaction.id {
            entries.append(("originalTransactionID", .string(transaction.originalID)))
        }
        switch event {
        case .delivered(_, let delivery):
            entries.append(("entitlements", .array(delivery.entitlements.map { .string($0) })))
            entries.append(
                ("credits", .object(delivery.credits.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })))
        case .failed(_, let error), .rejected(_, let error), .deferredProcessing(_, let error):
            entries.append(("error", errorJSON(error)))
        case .expired(let transaction):
            if let end = transaction.expirationDate { entries.append(("expirationDate", .string(iso8601(end)))) }
        case .downloadProgress(_, let download), .downloadFinished(_, let download):
            entries.append(contentsOf: describe(download))
        case .downloadFailed(_, let download, let error):
            entries.append(contentsOf: describe(download))
            entries.append(("error", errorJSON(error)))
        case .alreadyDelivered, .pending, .revoked:
            break
        }
        return entries
    }

    /// A download event's content, state and whole percent done (the content's location, in the run's
    /// state folder, is left out so that output is the same on every run).
    private static func describe(_ download: ContentDownload) -> [(String, ScenarioJSON)] {
        [
            ("contentID", .string(download.contentIdentifier)), ("downloadState", .string(download.state.rawValue)),
            ("percent", .int(Int((download.progress * 100).rounded(.down)))),
        ]
    }

    static func errorJSON(_ error: PurchaseError) -> ScenarioJSON {
        .object([("code", .int(error.code.rawValue)), ("name", .string(error.code.name))])
    }
}

import Foundation
import PurchaseCore
import SimulatedAppStore

// Price increase and Family Sharing steps, the family members' apps, and their expectations.
extension ScenarioSession {
    /// The first account's name in the family.
    static let organizerName = "organizer"

    func performPriceOrFamily(_ step: Scenario.Step, queue: PaymentQueue) async throws(PurchaseError) {
        switch step.action {
        case .increasePrice(let productID, let price, let needsConsent, let showNow):
            // The App Store's price is the same for every account: each app's delegate answers alike.
            for delegate in [consentDelegate] + members.keys.map(memberDelegate) {
                delegate.showNow.withLock { $0 = showNow }
            }
            var started: [PriceIncrease] = []
            for target in [queue] + otherQueues(than: queue) {
                started += await target.increasePrice(
                    productIdentifier: storeID(productID), to: price, needsConsent: needsConsent)
            }
            done(!started.isEmpty || !needsConsent)
        case .showPriceConsent:
            done(!(await queue.showPriceConsentIfNeeded()).isEmpty)
        case .respondToPriceIncrease(let productID, let consent):
            done(await queue.respondToPriceIncrease(productIdentifier: storeID(productID), consent: consent) != nil)
        case .addFamilyMember(let name):
            try await addFamilyMember(name)
            done(true)
        case .asMember(let name, let action):
            try await perform(Scenario.Step(action, line: step.line, column: step.column), as: name)
        case .stopFamilySharing(let productID):
            let stopped = await family?.stopSharing(
                by: currentMember ?? Self.organizerName, productIdentifier: productID.map(storeID))
            done(stopped ?? false)
        case .leaveFamily(let name):
            done(await family?.leave(name) ?? false)
        default:
            break
        }
    }

    /// Sets the first account's delegate, and joins its (relaunched) queue to the family.
    func attachPriceConsentAndFamily(_ queue: PaymentQueue) async {
        await queue.setDelegate(consentDelegate)
        await family?.join(queue, as: Self.organizerName)
    }

    private func memberDelegate(_ name: String) -> ScenarioConsentDelegate {
        if let delegate = memberDelegates[name] { return delegate }
        let delegate = ScenarioConsentDelegate(name: name, log: log, member: name)
        memberDelegates[name] = delegate
        return delegate
    }

    private func otherQueues(than queue: PaymentQueue) -> [PaymentQueue] {
        allApps.map(\.provider.base.queue).filter { $0 !== queue }
    }

    /// Every app running besides the current one's: the members', and the first account's while a
    /// step runs as a member.
    private var allApps: [ScenarioMember] {
        members.keys.sorted().compactMap { members[$0] } + (organizerApp.map { [$0] } ?? [])
    }

    // MARK: - Family members

    private func addFamilyMember(_ name: String) async throws(PurchaseError) {
        let family = family ?? Family()
        if self.family == nil {
            self.family = family
            if let queue { await family.join(queue, as: Self.organizerName) }
        }
        if members[name] == nil { members[name] = try await launchMember(name) }
        if let member = members[name] { await family.join(member.provider.base.queue, as: name) }
        await settle()
    }

    private func launchMember(_ name: String) async throws(PurchaseError) -> ScenarioMember {
        let directory = stateDirectory.appendingPathComponent("family", isDirectory: true)
            .appendingPathComponent(name, isDirectory: true)
        let context = ProviderContext(
            catalog: catalog, configuration: configuration, stateDirectory: directory, clock: clock)
        let base = try Self.makeProvider(context)
        if let queue { await base.queue.updateControls { [controls = await queue.controls] in $0 = controls } }
        let provider = CrashingProvider(base: base)
        let ledger = InMemoryFulfillmentLedger()
        let verifiers = base.receiptVerifier.map { [base.storeName: $0] } ?? [:]
        let store = Store(catalog: catalog, providers: [provider], ledger: ledger, verifiers: verifiers, clock: clock)
        let events = await store.events()
        let log = log
        let reader = Task {
            for await event in events {
                if event.transaction.id.hasPrefix(Self.flushPrefix) {
                    log.flushed(event.transaction.id)
                    continue
                }
                log.storeEvent(event.name, member: name, Self.describe(event))
            }
        }
        await base.queue.add(ScenarioObserver(name: name, log: log, member: name))
        await base.queue.setDelegate(memberDelegate(name))
        await store.start()
        return ScenarioMember(provider: provider, store: store, ledger: ledger, reader: reader)
    }

    /// Runs `step` with a family member's account and app in place of the first account's.
    private func perform(_ step: Scenario.Step, as name: String) async throws(PurchaseError) {
        guard let member = members[name], let provider, let store else { return }
        organizerApp = ScenarioMember(provider: provider, store: store, ledger: ledger)
        self.provider = member.provider
        self.store = member.store
        ledger = member.ledger
        currentMember = name
        defer {
            if let organizer = organizerApp {
                self.provider = organizer.provider
                self.store = organizer.store
                ledger = organizer.ledger
            }
            organizerApp = nil
            currentMember = nil
        }
        try await perform(step)
    }

    /// Lets what came due by the clock happen in the family members' accounts.
    func tickFamily() async {
        for app in allApps where app.provider !== provider { await app.provider.base.queue.tick() }
    }

    /// Waits for the callbacks and store events of every app but the current one.
    func settleFamily() async {
        for app in allApps where app.provider !== provider {
            let base = app.provider.base
            await base.queue.waitForCallbacks()
            let marker = Self.flushPrefix + "family-" + UUID().uuidString
            let sentinel = StoreTransaction(
                id: marker, store: base.storeName, productID: marker, productType: .consumable,
                purchaseDate: clock.now, state: .purchasing)
            await log.waitForFlush(marker) { base.yieldUpdate(sentinel) }
            // The member's store handled everything before the marker, finishing included: the
            // callbacks its finishing scheduled are made before the run compares what it holds.
            await base.queue.waitForCallbacks()
        }
    }

    /// Stops the family members' apps and closes their accounts.
    func closeFamily() async {
        for name in members.keys.sorted() {
            guard let member = members[name] else { continue }
            await member.store.stop()
            member.reader?.cancel()
            await member.provider.base.close()
        }
        members = [:]
    }

    // MARK: - Expectations

    /// The price increase and Family Sharing checks of `expectations`: name, whether it holds, what
    /// was expected and what is.
    func priceAndFamilyChecks(_ expectations: ScenarioExpectations) async -> [(
        String, Bool, ScenarioJSON, ScenarioJSON
    )] {
        guard let queue else { return [] }
        var checks: [(String, Bool, ScenarioJSON, ScenarioJSON)] = []
        for (productID, expected) in expectations.priceConsentStatus.sorted(by: { $0.key < $1.key }) {
            let actual = await queue.subscriptionStatus(for: storeID(productID))?.priceConsentStatus
            checks.append(
                (
                    "priceConsentStatus \(productID)", actual == expected, .int(expected),
                    actual.map { .int($0) } ?? .null
                ))
        }
        for (productID, expected) in expectations.expirationIntent.sorted(by: { $0.key < $1.key }) {
            let actual = await queue.subscriptionStatus(for: storeID(productID))?.expirationReason?.rawValue
            checks.append(
                ("expirationIntent \(productID)", actual == expected, .int(expected), actual.map { .int($0) } ?? .null))
        }
        let transactions = await queue.accountTransactions
        for (productID, expected) in expectations.latestPrice.sorted(by: { $0.key < $1.key }) {
            let charged = transactions.filter { $0.payment.productIdentifier == storeID(productID) && $0.price != nil }
            let actual = charged.max { (UInt64($0.id) ?? 0) < (UInt64($1.id) ?? 0) }?.price
            let holds = actual?.amount == Price.amount(parsing: expected)
            checks.append(
                (
                    "latestPrice \(productID)", holds, .string(expected),
                    actual.map { .string("\($0.amount)") } ?? .null
                ))
        }
        let shared = Set(
            transactions.filter {
                $0.ownership == .familyShared && $0.revocationDate == nil && $0.transactionState == .purchased
            }.map(\.payment.productIdentifier))
        for productID in expectations.familyShared {
            checks.append(("familyShared", shared.contains(storeID(productID)), .string(productID), .bool(false)))
        }
        for productID in expectations.notFamilyShared {
            checks.append(("notFamilyShared", !shared.contains(storeID(productID)), .string(productID), .bool(true)))
        }
        return checks
    }

    /// The name an expected store event is seen under: `member.name` while checking as a member.
    func seenEventName(_ name: String) -> String {
        currentMember.map { "\($0).\(name)" } ?? name
    }
}

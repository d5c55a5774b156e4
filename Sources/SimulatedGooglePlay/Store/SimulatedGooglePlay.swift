import Foundation
public import PurchaseCore

/// What an app's purchases-updated listener is told (`PurchasesUpdatedListener.onPurchasesUpdated`): the
/// billing flow's result, or a pending purchase that completed or was cancelled, with the purchases.
public typealias PlayPurchasesUpdatedListener = @Sendable (BillingResult, [PlayPurchase]?) -> Void

/// A simulated Google Play Store for one app: its products, every person's purchases, the rules Play
/// enforces on them, and a virtual clock.
///
/// Apps reach it through ``PlayBillingClient`` (Play's `BillingClient` with Swift names); tests steer it
/// through its controls (pending purchases completed or cancelled, refunds, declined renewals, pauses,
/// cancellations) and ``advanceTime(by:)``. Every change of a purchase is a ``PlayEvent`` in
/// ``state``, and the whole state is one Codable ``PlayStoreState``.
///
/// Time: whatever came due by the clock's time (acknowledgement deadlines, renewals, grace periods,
/// account holds, pauses) is done, in time order, before each call answers.
public actor SimulatedGooglePlay {
    /// The app's package name (`packageName` of every purchase).
    public let packageName: String
    /// The app's name, shown after each product's name in its title.
    public let appName: String
    /// The products on sale, by product id.
    public let products: [String: PlayProduct]
    /// The locale prices are formatted in.
    public let locale: String
    /// The virtual clock (a `ManualClock` moves with ``advanceTime(by:)``).
    public nonisolated let clock: any PurchaseClock
    /// The store's state; every change of it goes through the store's rules, and is written to the
    /// store's state file at once when it has one (see `PlayStateFile`).
    public internal(set) var state: PlayStoreState {
        didSet { keep(oldValue) }
    }

    /// Where every change of ``state`` is written, or `nil` to keep it in memory.
    let stateFile: PlayStateFile?

    /// The first failure to write the state, until ``takePersistenceFailure()`` hands it out.
    var persistenceFailure: PurchaseError?

    /// The app's signing key, read from (or made into) ``PlayStoreState/signingKeyPEM`` on first use.
    var signingKey: PlaySigningKey?

    /// The connected billing clients, by connection.
    var connections: [UUID: Connection] = [:]

    /// A connected billing client: the person it is signed in as and its listeners.
    struct Connection {
        var account: String
        var listener: PlayPurchasesUpdatedListener
        var onDisconnected: (@Sendable () -> Void)?
    }

    /// Play's time to acknowledge a purchase: three days, in milliseconds.
    public static let acknowledgementWindow: Int64 = 3 * 86_400_000

    /// Creates a store.
    ///
    /// - Parameters:
    ///   - packageName: the app's package name.
    ///   - appName: the app's name.
    ///   - products: the products on sale.
    ///   - clock: the virtual clock (default a `ManualClock` at 2026-01-01).
    ///   - locale: the locale prices are formatted in.
    ///   - state: a state to continue from (default an empty store with seed 0).
    public init(
        packageName: String = "com.example.app", appName: String = "Example", products: [PlayProduct],
        clock: any PurchaseClock = ManualClock(), locale: String = "en_US", state: PlayStoreState = PlayStoreState()
    ) {
        self.packageName = packageName
        self.appName = appName
        self.products = Dictionary(products.map { ($0.productId, $0) }, uniquingKeysWith: { first, _ in first })
        self.clock = clock
        self.locale = locale
        self.state = state
        self.stateFile = nil
    }

    /// A store whose every change of ``state`` is written to `stateFile` before the call making it
    /// answers.
    init(
        packageName: String, appName: String, products: [PlayProduct], clock: any PurchaseClock, locale: String,
        state: PlayStoreState, stateFile: PlayStateFile?
    ) {
        self.packageName = packageName
        self.appName = appName
        self.products = Dictionary(products.map { ($0.productId, $0) }, uniquingKeysWith: { first, _ in first })
        self.clock = clock
        self.locale = locale
        self.state = state
        self.stateFile = stateFile
    }

    /// Writes ``state`` to ``stateFile`` when it differs from `previous`; a failure is kept for
    /// ``takePersistenceFailure()``.
    private func keep(_ previous: PlayStoreState) {
        guard let stateFile, state != previous else { return }
        do {
            try stateFile.write(state)
        } catch {
            if persistenceFailure == nil { persistenceFailure = error }
        }
    }

    /// The first failure to write the state since the last call, and forgets it.
    func takePersistenceFailure() -> PurchaseError? {
        defer { persistenceFailure = nil }
        return persistenceFailure
    }

    /// The clock's time in milliseconds since 1970.
    var now: Int64 { Self.millis(clock.now) }

    /// `date` in milliseconds since 1970.
    static func millis(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }

    /// `period` after `millis`, in the Gregorian calendar in UTC.
    static func adding(_ period: SubscriptionPeriod, to millis: Int64) -> Int64 {
        Self.millis(period.added(to: Date(timeIntervalSince1970: Double(millis) / 1000)))
    }

    // MARK: - Reading

    /// The purchase with `token`, as Play's servers know it.
    public func record(_ token: String) -> PlayPurchaseRecord? {
        settleDueChanges()
        return state.purchases[token]
    }

    /// The events after `sequence` (all of them for 0), oldest first.
    public func events(after sequence: Int = 0) -> [PlayEvent] {
        settleDueChanges()
        return Array(state.events.drop { $0.sequence <= sequence })
    }

    /// The voided purchases voided at or after `startTime` (milliseconds since 1970), oldest first.
    public func voidedPurchases(since startTime: Int64 = 0) -> [PlayVoidedPurchase] {
        settleDueChanges()
        return state.voidedPurchases.filter { $0.voidedTimeMillis >= startTime }
    }

    /// The purchase of `record` as the app sees it.
    func purchase(_ record: PlayPurchaseRecord) -> PlayPurchase {
        let key = try? appSigningKey()
        return PlayPurchase(record, packageName: packageName) { json in try? key?.signature(of: json) }
    }

    // MARK: - Changes

    /// Appends an event for `record` to the log.
    func log(_ kind: PlayEvent.Kind, _ record: PlayPurchaseRecord, at time: Int64, orderId: String? = nil) {
        state.events.append(
            PlayEvent(
                sequence: state.events.count + 1, time: time, kind: kind, purchaseToken: record.purchaseToken,
                productId: record.productId, productType: record.productType, orderId: orderId))
    }

    /// Tells every connected client of `account` `result` with `purchases`.
    func tell(account: String, _ result: BillingResult, _ purchases: [PlayPurchase]?) {
        for connection in connections.values where connection.account == account {
            connection.listener(result, purchases)
        }
    }

    /// Whether `record` still holds a one-time product or a subscription the person may not buy again.
    func blocksRepurchase(_ record: PlayPurchaseRecord) -> Bool {
        guard !record.revoked else { return false }
        switch record.state {
        case .pendingCanceled: return false
        case .pending: return true
        case .purchased:
            if let term = record.subscription { return term.state != .expired }
            return !record.consumed && record.revokedQuantity < record.quantity
        }
    }

    /// Whether `query` (a one-time product's or a subscription's) returns `record`: owned, unconsumed,
    /// unexpired; pending purchases too.
    func isReturnedByQuery(_ record: PlayPurchaseRecord) -> Bool {
        guard !record.revoked else { return false }
        switch record.state {
        case .pendingCanceled: return false
        case .pending: return true
        case .purchased:
            if let term = record.subscription { return [.active, .canceled, .inGracePeriod].contains(term.state) }
            return !record.consumed && record.revokedQuantity < record.quantity
        }
    }
}

extension PlayPurchaseRecord {
    /// Whether the purchase gives access at `time` (milliseconds since 1970): a paid one-time product
    /// not consumed nor revoked, or a subscription in its period (cancelled included) or grace period.
    public func isEntitled(at time: Int64) -> Bool {
        guard state == .purchased, !revoked else { return false }
        guard let term = subscription else { return !consumed && revokedQuantity < quantity }
        return [.active, .canceled, .inGracePeriod].contains(term.state) && term.startTime <= time
    }
}

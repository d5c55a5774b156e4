public import AppStoreSignedData
import Foundation
public import PurchaseCore

/// The StoreKit 2 face of the simulated App Store, over the same account as its payment queue
/// (StoreKit 1): what `Transaction`, `Product.purchase(options:)`, `Product.SubscriptionInfo.status`,
/// `AppStore.sync()` and `AppTransaction.shared` give an app, each transaction, renewal info and app
/// transaction a JWS the store signs now and the session verifies against the store's root (as
/// StoreKit's `VerificationResult` does on a device).
///
/// Products are named by their App Store identifiers, as in StoreKit. Behaviour follows Apple's
/// StoreKit 2 documentation:
/// - ``updates`` (`Transaction.updates`): the unfinished transactions once, when the session joins
///   the queue (its first call or first stream, as after an app's launch), then transactions that arrive outside a purchase call of this
///   session (renewals, Ask to Buy approvals, purchases made elsewhere, refunds and revocations, with
///   their revocation date), in the order the store made them; a purchase answered by ``purchase(_:options:)``
///   is not repeated there. Failed and deferred transactions are not transactions in StoreKit 2 and
///   never appear.
/// - ``currentEntitlements()``: the latest transaction of each non-consumable and non-renewing
///   subscription not revoked, the latest transaction of the subscription of each group that is
///   subscribed or in a grace period; never a consumable, as Apple documents (an unfinished
///   consumable is in ``unfinished()``).
/// - ``unfinished()``, ``finish(_:)``: a charged transaction stays unfinished until finished.
/// - ``sync()`` (`AppStore.sync`): asks the store for the account's transactions; what came due
///   (renewals) arrives through ``updates``; the answers of the queries reflect the account after it.
///
/// Safe to share: its state is the queue's (an actor) and a lock-guarded broadcaster.
public final class StoreKit2Session: Sendable {
    /// The queue whose account the session reads and buys on.
    public let queue: PaymentQueue
    /// The verifier each JWS is checked with (the store's root, bundle id and environment).
    public let verifier: SignedDataVerifier
    let observer: StoreKit2Observer
    /// The observer joining the queue (made once), which every call awaits.
    private let join = Locked<Task<Void, Never>?>(nil)
    /// Whether joining the queue replays the unfinished transactions on ``updates``.
    private let replaysUnfinished: Bool
    private let pump: Task<Void, Never>
    private let pumpInput: AsyncStream<StoreKit2Observer.Work>.Continuation

    /// A session over `queue`, verifying with a verifier trusting the queue's own root (or `verifier`).
    ///
    /// - Parameters:
    ///   - queue: the payment queue whose account the session reads and buys on.
    ///   - verifier: the verifier of every JWS (default: the queue's root, bundle id and environment).
    ///   - replaysUnfinished: whether the first stream of ``updates`` starts with the unfinished
    ///     transactions, as StoreKit's listener receives them once after the app launches (a caller that
    ///     asks ``unfinished()`` itself, as the `Store` does, turns it off).
    /// - Throws: ``SimulatedSignedDataError/notEnabled`` when the queue issues no signed data.
    public init(queue: PaymentQueue, verifier: SignedDataVerifier? = nil, replaysUnfinished: Bool = true) throws {
        guard let signedData = queue.signedData else { throw SimulatedSignedDataError.notEnabled }
        let verifier =
            try verifier
            ?? SignedDataVerifier(
                trustedRoots: [signedData.rootCertificate], bundleID: signedData.identity.bundleID,
                environment: signedData.identity.environment.rawValue,
                now: { [clock = queue.clock] in clock.now })
        self.queue = queue
        self.verifier = verifier
        self.replaysUnfinished = replaysUnfinished
        let (input, continuation) = AsyncStream.makeStream(of: StoreKit2Observer.Work.self)
        pumpInput = continuation
        let updates = UpdateBroadcaster<StoreKit2Transaction>()
        observer = StoreKit2Observer(input: continuation, updates: updates)
        pump = Task { [queue] in
            for await work in input {
                switch work {
                case .transactions(let identifiers):
                    for identifier in identifiers {
                        guard let token = try? await queue.storeKit2Transactions(.identifier(identifier)).first
                        else { continue }
                        updates.yield(Self.transaction(token, verifier: verifier))
                    }
                case .tokens(let tokens):
                    for token in tokens { updates.yield(Self.transaction(token, verifier: verifier)) }
                case .marker(let reached):
                    reached()
                }
            }
        }
    }

    /// `Transaction.updates`: a new stream of the transactions arriving from now on (see the type's
    /// documentation). The session's observer joins the queue when the first stream is made.
    public var updates: AsyncStream<StoreKit2Transaction> {
        let stream = observer.updates.stream()
        _ = joining()
        return stream
    }

    /// Returns once everything the queue reported so far has reached ``updates``' streams.
    public func waitForUpdates() async {
        await attach()
        await queue.waitForCallbacks()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            pumpInput.yield(.marker { continuation.resume() })
        }
    }

    /// Adds the session's observer to the queue once and waits until it has joined.
    func attach() async {
        await joining().value
    }

    /// The task adding the observer to the queue (and, with ``replaysUnfinished``, handing the
    /// unfinished transactions to the pump first), started once.
    private func joining() -> Task<Void, Never> {
        join.withLock { join in
            if let join { return join }
            let (queue, observer, input, replay) = (queue, observer, pumpInput, replaysUnfinished)
            let task = Task {
                await queue.add(observer, redeliver: false)
                guard replay, let tokens = try? await queue.storeKit2Transactions(.unfinished), !tokens.isEmpty
                else { return }
                input.yield(.tokens(tokens))
            }
            join = task
            return task
        }
    }

    // MARK: - Transactions

    /// `Transaction.all`: every charged transaction the account keeps (finished consumables are
    /// forgotten, refunded ones kept), oldest first.
    public func all() async throws -> [StoreKit2Transaction] {
        try await transactions(.all)
    }

    /// `Transaction.currentEntitlements` (see the type's documentation), oldest first.
    public func currentEntitlements() async throws -> [StoreKit2Transaction] {
        try await transactions(.currentEntitlements)
    }

    /// `Transaction.unfinished`: charged transactions not finished yet, oldest first.
    public func unfinished() async throws -> [StoreKit2Transaction] {
        try await transactions(.unfinished)
    }

    /// `Transaction.latest(for:)`: the newest transaction of a product (App Store identifier),
    /// revoked or not; `nil` when the account has none.
    public func latest(for productIdentifier: String) async throws -> StoreKit2Transaction? {
        try await transactions(.latest(productIdentifier)).first
    }

    /// `Transaction.finish()`: the transaction leaves the unfinished ones; idempotent.
    public func finish(_ transactionID: String) async {
        await queue.finishTransaction(withIdentifier: transactionID)
    }

    /// `Product.SubscriptionInfo.status(for:)`: the statuses of a subscription group, the account's
    /// own newest subscription first, then one a family member shares; empty when the account never
    /// subscribed in the group.
    public func subscriptionStatuses(group: String) async throws -> [StoreKit2SubscriptionStatus] {
        try await queue.storeKit2Statuses(group: group).map { signed in
            StoreKit2SubscriptionStatus(
                state: StoreKit2RenewalState(signed.status),
                transaction: Self.transaction(signed.transaction, verifier: verifier),
                renewalInfo: Self.renewalInfo(signed.renewalInfo, verifier: verifier))
        }
    }

    /// `AppTransaction.shared`: the app's signed app transaction.
    public func appTransaction() async throws -> StoreKit2AppTransaction {
        let token = try await queue.signedAppTransaction()
        do {
            return StoreKit2Signed(
                jwsRepresentation: token, payload: try verifier.verifyAppTransaction(token).payload,
                verification: .verified)
        } catch {
            return StoreKit2Signed(
                jwsRepresentation: token, payload: try Self.decode(token, as: AppTransactionPayload.self),
                verification: .unverified(reason: error.description))
        }
    }

    // MARK: - Purchase and sync

    /// `Product.purchase(options:)`: buys a product (App Store identifier) with the options' quantity,
    /// app account token and promotional offer.
    ///
    /// - Returns: the signed transaction when charged, ``StoreKit2PurchaseResult/pending`` for Ask to
    ///   Buy or an interrupted purchase, ``StoreKit2PurchaseResult/userCancelled`` for a cancel.
    /// - Throws: the ``StoreKitError`` of a failed purchase; ``SimulatedSignedDataError`` when the
    ///   transaction cannot be signed.
    public func purchase(_ productIdentifier: String, options: PurchaseOptions = PurchaseOptions()) async throws
        -> StoreKit2PurchaseResult
    {
        await attach()
        var payment = Payment(
            productIdentifier: productIdentifier, quantity: options.quantity,
            applicationUsername: options.appAccountToken?.uuidString.lowercased())
        payment.paymentDiscount = options.promotionalOffer
        let outcome = await queue.addPayment(payment, answeredTo: ObjectIdentifier(observer)).outcome
        switch outcome.transactionState {
        case .purchased, .restored:
            guard let token = try await queue.storeKit2Transactions(.identifier(outcome.id)).first else {
                throw StoreKitError(.unknown, message: "the purchased transaction \(outcome.id) is unknown")
            }
            return .success(Self.transaction(token, verifier: verifier))
        case .deferred, .purchasing:
            return .pending
        case .failed:
            let error = outcome.error ?? StoreKitError(.unknown)
            await queue.finishTransaction(outcome)
            if error.isInterruption { return .pending }
            if error.code == .paymentCancelled { return .userCancelled }
            throw error
        }
    }

    /// `AppStore.sync()`: brings the account's transactions up to date with the store (what came due by
    /// its clock is made and reaches ``updates``), then the queries answer from it.
    ///
    /// - Throws: the ``StoreKitError`` the session simulates for restores (`SimulatedErrors` `restore`).
    public func sync() async throws {
        await attach()
        if let code = await queue.controls.simulatedErrors[.restore] {
            throw StoreKitError(code, message: "simulated sync error")
        }
        await queue.tick()
        await waitForUpdates()
    }

    /// Stops delivering updates and waits for the session's own work; the queue stays open.
    public func close() async {
        await join.withLock { $0 }?.value
        await queue.remove(observer)
        await queue.waitForCallbacks()
        pumpInput.finish()
        await pump.value
        observer.updates.finish()
    }

    // MARK: - Decoding

    private func transactions(_ selection: StoreKit2Selection) async throws -> [StoreKit2Transaction] {
        try await queue.storeKit2Transactions(selection).map { Self.transaction($0, verifier: verifier) }
    }

    /// `token` verified as a signed transaction, or decoded and marked unverified.
    static func transaction(_ token: String, verifier: SignedDataVerifier) -> StoreKit2Transaction {
        do {
            return StoreKit2Signed(
                jwsRepresentation: token, payload: try verifier.verifyTransaction(token).payload,
                verification: .verified)
        } catch {
            return StoreKit2Signed(
                jwsRepresentation: token,
                payload: (try? decode(token, as: TransactionPayload.self)) ?? TransactionPayload(),
                verification: .unverified(reason: error.description))
        }
    }

    /// `token` verified as signed renewal info, or decoded and marked unverified.
    static func renewalInfo(_ token: String, verifier: SignedDataVerifier) -> StoreKit2RenewalInfo {
        do {
            return StoreKit2Signed(
                jwsRepresentation: token, payload: try verifier.verifyRenewalInfo(token).payload,
                verification: .verified)
        } catch {
            return StoreKit2Signed(
                jwsRepresentation: token,
                payload: (try? decode(token, as: RenewalInfoPayload.self)) ?? RenewalInfoPayload(),
                verification: .unverified(reason: error.description))
        }
    }

    /// The payload of `token` decoded without any check.
    static func decode<Payload: Decodable>(_ token: String, as type: Payload.Type) throws -> Payload {
        try PayloadJSON.decode(type, from: try CompactJWS(token).payload)
    }
}

/// The session's observer on the queue: hands the identifiers of charged and revoked transactions to
/// the session's pump, in the order the queue reports them (signing needs the queue, so it happens
/// there, not on the callback queue).
final class StoreKit2Observer: PaymentTransactionObserver {
    /// What the pump does next.
    enum Work: Sendable {
        /// Sign and publish these transactions.
        case transactions([String])
        /// Publish these signed transactions.
        case tokens([String])
        /// Run this once everything before it was published.
        case marker(@Sendable () -> Void)
    }

    private let input: AsyncStream<Work>.Continuation
    /// Where signed transactions are published.
    let updates: UpdateBroadcaster<StoreKit2Transaction>

    init(input: AsyncStream<Work>.Continuation, updates: UpdateBroadcaster<StoreKit2Transaction>) {
        self.input = input
        self.updates = updates
    }

    func updatedTransactions(_ transactions: [PaymentTransaction]) {
        let charged = transactions.filter { $0.transactionState == .purchased }.map(\.id)
        if !charged.isEmpty { input.yield(.transactions(charged)) }
    }

    func revokedTransactions(_ transactions: [PaymentTransaction]) {
        input.yield(.transactions(transactions.map(\.id)))
    }
}

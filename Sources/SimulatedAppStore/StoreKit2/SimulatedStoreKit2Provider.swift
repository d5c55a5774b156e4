public import AppStoreSignedData
public import Foundation
public import PurchaseCore

/// The simulated App Store as a `StoreProvider` on its StoreKit 2 face (provider setting `StoreKit` =
/// `2`): purchases, updates, sync and finishes go through a ``StoreKit2Session`` over the same account
/// as the StoreKit 1 provider, and every transaction it reports carries its signed transaction (compact
/// JWS, UTF-8) as `verificationData`.
///
/// Guarantees: ``receiptVerifier`` accepts a transaction only when its JWS verifies against the
/// simulated environment's root with the deployment's bundle id and environment and describes that
/// transaction (`SignedTransactionVerifier`), so the `Store` verifies each JWS before delivery.
/// Products are named by the catalog's product identifiers outside and by their App Store identifiers
/// in the signed data; the verifier maps between them. Updates: renewals, Ask to Buy approvals,
/// refunds and revocations (the transaction with its revocation date), purchases made elsewhere.
/// ``restore()`` is `AppStore.sync()` followed by the current entitlements, reported as restored.
public final class SimulatedStoreKit2Provider: StoreProvider {
    /// The StoreKit 1 provider over the same queue: products, payments allowed, grace period, close.
    public let base: SimulatedAppStoreProvider
    /// The StoreKit 2 face the provider runs on.
    public let session: StoreKit2Session
    /// `simulated-app-store`.
    public var storeName: String { base.storeName }
    private let catalogIDs: [String: String]
    private let storeIDs: [String: String]

    /// A provider on the StoreKit 2 face of `base`'s queue, verifying with `verifier` (default: the
    /// queue's own root, bundle id and environment).
    ///
    /// - Throws: ``SimulatedSignedDataError/notEnabled`` when the queue issues no signed data.
    public init(_ base: SimulatedAppStoreProvider, verifier: SignedDataVerifier? = nil) throws {
        self.base = base
        // The `Store` asks for unfinished transactions at its start: the updates do not replay them.
        self.session = try StoreKit2Session(queue: base.queue, verifier: verifier, replaysUnfinished: false)
        var catalogIDs: [String: String] = [:]
        var storeIDs: [String: String] = [:]
        for product in base.queue.catalog.products {
            let storeID = product.storeID(for: .simulatedAppStore)
            catalogIDs[storeID] = product.productID
            storeIDs[product.productID] = storeID
        }
        self.catalogIDs = catalogIDs
        self.storeIDs = storeIDs
    }

    /// `SignedTransactionVerifier` over the session's ``StoreKit2Session/verifier``, with the catalog's
    /// product identifiers mapped to the App Store's and back.
    public var receiptVerifier: (any ReceiptVerifier)? {
        StoreKit2TransactionVerifier(
            verifier: SignedTransactionVerifier(verifier: session.verifier), storeIDs: storeIDs,
            catalogIDs: catalogIDs)
    }

    /// The core's transaction of a signed transaction: its payload's values, the JWS as verification
    /// data, the catalog's product identifier.
    func storeTransaction(_ signed: StoreKit2Transaction, state: TransactionState = .purchased) -> StoreTransaction? {
        guard
            var transaction = StoreTransaction(
                payload: signed.payload, store: storeName, state: state, signedTransaction: signed.jwsRepresentation)
        else { return nil }
        transaction.productID = catalogIDs[transaction.productID] ?? transaction.productID
        return transaction
    }

    /// The products among `productIDs` the store sells in the session's storefront (the base provider's).
    public func products(for productIDs: [String]) async throws -> ProductsResponse {
        try await base.products(for: productIDs)
    }

    /// Whether the session allows payments.
    public func canMakePayments() async -> Bool {
        await base.canMakePayments()
    }

    /// The base provider's ``SimulatedAppStoreProvider/gracePeriod()``.
    public func billingGracePeriod() async -> TimeInterval? {
        await base.billingGracePeriod()
    }

    /// Buys through ``StoreKit2Session/purchase(_:options:)``: success is the signed transaction,
    /// Ask to Buy and interrupted purchases are pending, a cancel is cancelled; a failure is thrown as
    /// `PurchaseError.storeKit(code:productID:)`.
    public func purchase(_ request: PurchaseRequest) async throws -> ProviderPurchaseResult {
        let options = PurchaseOptions(
            quantity: request.quantity, appAccountToken: request.appAccountToken,
            promotionalOffer: request.promotionalOffer)
        let result: StoreKit2PurchaseResult
        do {
            result = try await session.purchase(storeIDs[request.productID] ?? request.productID, options: options)
        } catch let error as StoreKitError {
            throw error.purchaseError(productID: request.productID)
        }
        switch result {
        case .success(let signed):
            guard let transaction = storeTransaction(signed) else {
                throw PurchaseError(
                    .verificationFailed, detail: "the signed transaction lacks what a transaction has",
                    productID: request.productID)
            }
            return .purchased(transaction)
        case .pending: return .pending(nil)
        case .userCancelled: return .cancelled
        }
    }

    /// `AppStore.sync()`, then the current entitlements as restored transactions.
    public func restore() async throws -> [StoreTransaction] {
        do {
            try await session.sync()
        } catch let error as StoreKitError {
            throw error.purchaseError()
        }
        return try await session.currentEntitlements().compactMap { storeTransaction($0, state: .restored) }
    }

    /// `Transaction.unfinished`, after the queue did what came due by its clock.
    public func unfinishedTransactions() async throws -> [StoreTransaction] {
        await session.attach()
        return try await session.unfinished().compactMap { storeTransaction($0) }
    }

    /// `Transaction.finish()`; idempotent.
    public func finish(_ transaction: StoreTransaction) async throws {
        await session.finish(transaction.id)
    }

    /// `Transaction.updates` as the core's transactions; a revocation whose JWS did not verify is dropped.
    public var transactionUpdates: AsyncStream<StoreTransaction> {
        let signed = session.updates
        let (stream, continuation) = AsyncStream.makeStream(of: StoreTransaction.self)
        let forwarding = Task { [self] in
            for await update in signed {
                // The `Store` records a revocation without verifying it: only a verified one is passed on.
                if update.payload.revocationDate != nil, !update.isVerified { continue }
                if let transaction = storeTransaction(update) { continuation.yield(transaction) }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in forwarding.cancel() }
        return stream
    }

    /// Closes the session, then the StoreKit 1 provider (which closes the queue).
    public func close() async {
        await session.close()
        await base.close()
    }
}

/// `SignedTransactionVerifier` for a catalog whose product identifiers differ from the App Store's:
/// the signed transaction names the App Store's, the core's transaction the catalog's.
///
/// Guarantees: accepts exactly what the wrapped verifier accepts for the transaction under its App
/// Store identifier, and returns it under the catalog's.
struct StoreKit2TransactionVerifier: ReceiptVerifier {
    let verifier: SignedTransactionVerifier
    let storeIDs: [String: String]
    let catalogIDs: [String: String]

    func verify(_ transaction: StoreTransaction) async throws -> StoreTransaction {
        var asSigned = transaction
        asSigned.productID = storeIDs[transaction.productID] ?? transaction.productID
        var verified = try await verifier.verify(asSigned)
        verified.productID = catalogIDs[verified.productID] ?? verified.productID
        return verified
    }
}

extension SimulatedAppStoreProvider {
    /// The face a deployment's provider settings pick: `StoreKit` `1` (the default: the payment queue)
    /// or `2` (``SimulatedStoreKit2Provider``, which needs `SignedData`).
    ///
    /// - Throws: `PurchaseError.Code.providerMisconfigured` naming `StoreKit` for another value, or
    ///   for `2` with `SignedData` false.
    static func storeKitFace(_ settings: [String: SettingValue]) throws(PurchaseError) -> Int {
        guard let value = settings["StoreKit"] else { return 1 }
        guard let face = value.integerValue.map(Int.init), face == 1 || face == 2 else {
            throw ProviderSettingError(.simulatedAppStore, key: "StoreKit", expected: .oneOf(["1", "2"])).purchaseError
        }
        if face == 2, settings["SignedData"]?.boolValue == false {
            throw PurchaseError(
                .providerMisconfigured, detail: "StoreKit 2 needs signed data: SignedData must not be false")
        }
        return face
    }

    /// The provider ``make(_:)`` returns for `provider`'s settings: itself, or its StoreKit 2 face.
    static func face(of provider: SimulatedAppStoreProvider, settings: [String: SettingValue]) throws
        -> any StoreProvider
    {
        guard try storeKitFace(settings) == 2 else { return provider }
        return try SimulatedStoreKit2Provider(provider)
    }
}

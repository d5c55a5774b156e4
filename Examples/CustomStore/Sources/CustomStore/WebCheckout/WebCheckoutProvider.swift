public import Foundation
public import PurchaseKit

/// A store that sells the catalog's consumables and non-consumables through a web shop: a purchase
/// writes a checkout request for the shop and is pending until the person pays in the browser; the
/// shop then writes a signed order, which the provider reports as a transaction.
///
/// The shop is a folder (``WebShopFolder``) standing in for its server; ``SimulatedWebShop`` plays
/// the shop's side. Settings: ``WebCheckoutSettings``.
///
/// Guarantees:
/// - Products are the catalog's consumables and non-consumables with a price in the deployment's
///   storefront; subscriptions and products the catalog lacks are not sold
///   (`PurchaseError.Code.invalidProductIdentifiers` or `productUnavailable`). A product is known to
///   the shop by `Product.storeID(for:)` of ``kind``.
/// - ``purchase(_:)`` writes a ``CheckoutRequest`` durably and answers pending; it refuses a
///   non-consumable the shop already has an order for (`alreadyOwned`).
/// - Every order in the shop's `orders/` that reads as an order and names a product sold here is a
///   purchased transaction (its identifier the order's, its `verificationData` the order file's
///   bytes, for ``WebCheckoutVerifier``), handed back by ``unfinishedTransactions()`` across
///   relaunches until ``finish(_:)``. ``poll()`` (and, once started, a look every `PollInterval`
///   seconds) sends each unfinished order not yet reported in this process on
///   ``transactionUpdates``, while someone listens.
/// - ``finish(_:)`` is durable when it returns: the order's identifier is appended, fsynced, to
///   `<state folder>/web-checkout/finished-orders`, shared by every process on the state folder.
/// - ``restore()`` returns every order of a non-consumable, finished or not, as a restored transaction.
/// - ``close()`` stops the polling ``start()`` began and waits for it, then ends every update
///   stream; the provider is not used afterwards.
/// - The provider never verifies: it vends ``receiptVerifier``, which checks each order's signature.
public actor WebCheckoutProvider: StoreProvider, TransactionHistoryProviding {
    /// The kind the provider registers under: `web-checkout`.
    public static let kind: ProviderKind = "web-checkout"

    /// The name its transactions carry: `web-checkout`.
    public nonisolated let storeName = "web-checkout"
    /// The catalog it sells from.
    public nonisolated let catalog: Catalog
    /// Its settings.
    public nonisolated let settings: WebCheckoutSettings
    /// The shop's folder.
    public nonisolated let shop: WebShopFolder
    /// The file of finished orders' identifiers.
    public nonisolated let finishedOrdersFile: URL
    private nonisolated let secret: [UInt8]
    private nonisolated let updates = UpdateBroadcaster<StoreTransaction>()
    private let clock: any PurchaseClock
    private let readOnly: Bool
    private let storefront: String
    private let locale: String
    /// The products sold, by the shop's identifier.
    private let productsByShopID: [String: Product]
    /// Orders sent on ``transactionUpdates`` or returned as unfinished in this process, not finished yet.
    private var reported: Set<String> = []
    private var polling: Task<Void, Never>?
    private var closed = false

    /// Opens the provider on a shop folder.
    ///
    /// - Parameters:
    ///   - catalog: the products it sells.
    ///   - settings: its settings.
    ///   - secret: the shop's signing secret.
    ///   - stateDirectory: the deployment's state folder: it holds `web-checkout/`, and
    ///     ``WebCheckoutSettings/shopFolder`` is relative to it.
    ///   - clock: the date of checkout requests.
    ///   - readOnly: creates and writes nothing: purchases and finishing fail with
    ///     `PurchaseError.Code.ledgerIOFailed`, and ``start()`` does not poll.
    /// - Throws: `PurchaseError.Code.providerMisconfigured` when the deployment's storefront is not
    ///   declared; `ledgerIOFailed` when the provider's folders cannot be created.
    public init(
        catalog: Catalog, settings: WebCheckoutSettings, secret: String, stateDirectory: URL,
        clock: any PurchaseClock = SystemClock(), readOnly: Bool = false
    ) throws(PurchaseError) {
        self.catalog = catalog
        self.settings = settings
        self.secret = Array(secret.utf8)
        self.clock = clock
        self.readOnly = readOnly
        storefront = catalog.deployment.storefront
        locale = catalog.deployment.locale
        let shopURL =
            settings.shopFolder.hasPrefix("/")
            ? URL(fileURLWithPath: settings.shopFolder, isDirectory: true)
            : stateDirectory.appendingPathComponent(settings.shopFolder, isDirectory: true)
        shop = WebShopFolder(url: shopURL)
        let ownFolder = stateDirectory.appendingPathComponent("web-checkout", isDirectory: true)
        finishedOrdersFile = ownFolder.appendingPathComponent("finished-orders")
        var products: [String: Product] = [:]
        for product in catalog.products where product.type == .consumable || product.type == .nonConsumable {
            products[product.storeID(for: Self.kind)] = product
        }
        productsByShopID = products
        guard catalog.storefronts[storefront] != nil else {
            throw PurchaseError(.providerMisconfigured, detail: "the storefront \(storefront) is not declared")
        }
        guard !readOnly else { return }
        do {
            try shop.create()
            try FileManager.default.createDirectory(at: ownFolder, withIntermediateDirectories: true)
        } catch {
            throw PurchaseError(
                .ledgerIOFailed, detail: "the web-checkout store cannot create its folders", underlyingError: error)
        }
    }

    /// Builds the provider a deployment's configuration describes (the registry's factory for
    /// ``kind``): the secret comes from the process's environment or the settings.
    ///
    /// - Throws: `PurchaseError.Code.providerMisconfigured` for unusable settings or no secret, or
    ///   what ``init(catalog:settings:secret:stateDirectory:clock:readOnly:)`` throws.
    public init(context: ProviderContext) throws(PurchaseError) {
        let settings = try WebCheckoutSettings(context.configuration.settings)
        let secret = try settings.resolveSecret(in: ProcessInfo.processInfo.environment)
        try self.init(
            catalog: context.catalog, settings: settings, secret: secret, stateDirectory: context.stateDirectory,
            clock: context.clock, readOnly: context.readOnly)
    }

    /// Registers the provider under ``kind`` in `registry`, with its setting keys and the check of
    /// its settings (``WebCheckoutSettings/init(_:)``), which runs before anything is opened.
    public static func register(in registry: inout ProviderRegistry) {
        registry.register(
            kind, settingKeys: WebCheckoutSettings.keys, checkingSettings: { _ = try WebCheckoutSettings($0) }
        ) { context in
            try WebCheckoutProvider(context: context)
        }
    }

    // MARK: - Lifecycle

    /// Starts looking at the shop's orders every ``WebCheckoutSettings/pollInterval`` seconds (not in
    /// a read-only deployment); a second call does nothing.
    public func start() async throws {
        guard polling == nil, !closed, !readOnly else { return }
        let interval = settings.pollInterval
        polling = Task { [weak self] in
            while true {
                do {
                    try await Task.sleep(for: .seconds(interval))
                } catch {
                    return
                }
                guard let self else { return }
                _ = try? await self.poll()
            }
        }
    }

    /// Whether the polling ``start()`` began is running.
    public var isPolling: Bool { polling != nil }

    /// Stops the polling and waits until it has ended, then ends every update stream. Later calls
    /// fail (``poll()`` with `PurchaseError.Code.storeUnavailable`).
    public func close() async {
        closed = true
        let running = polling
        polling = nil
        running?.cancel()
        await running?.value
        updates.finish()
    }

    // MARK: - Orders

    /// Looks at the shop's orders now and sends each unfinished one not reported yet in this process
    /// on ``transactionUpdates`` (what a push from the shop, or the polling, triggers). Nothing is
    /// sent, or counted as reported, while no one listens.
    ///
    /// - Returns: the transactions sent.
    /// - Throws: `PurchaseError.Code.storeUnavailable` when the shop's folder cannot be read or the
    ///   provider is closed.
    @discardableResult
    public func poll() async throws -> [StoreTransaction] {
        guard !closed else { throw PurchaseError(.storeUnavailable, detail: "the web-checkout store is closed") }
        guard updates.listenerCount > 0 else { return [] }
        let fresh = try unfinished().filter { !reported.contains($0.id) }
        for transaction in fresh {
            reported.insert(transaction.id)
            updates.yield(transaction)
        }
        return fresh
    }

    /// Transactions that arrive outside a purchase: orders found by ``poll()``.
    public nonisolated var transactionUpdates: AsyncStream<StoreTransaction> { updates.stream() }

    /// Orders not finished yet, oldest payment first.
    public func unfinishedTransactions() async throws -> [StoreTransaction] {
        let transactions = try unfinished()
        reported.formUnion(transactions.map(\.id))
        return transactions
    }

    /// Records durably that the order was dealt with; idempotent.
    ///
    /// - Throws: `PurchaseError.Code.ledgerIOFailed` when the mark cannot be written.
    public func finish(_ transaction: StoreTransaction) async throws {
        guard transaction.store == storeName else { return }
        reported.remove(transaction.id)
        guard !(try finishedOrders().contains(transaction.id)) else { return }
        guard !readOnly else {
            throw PurchaseError(.ledgerIOFailed, detail: "the web-checkout store was opened read-only")
        }
        do {
            try DurableFile.appendLine(transaction.id, to: finishedOrdersFile)
        } catch {
            throw PurchaseError(
                .ledgerIOFailed, detail: "the web-checkout store cannot record a finished order", underlyingError: error
            )
        }
    }

    /// Every order of a non-consumable, as restored transactions.
    public func restore() async throws -> [StoreTransaction] {
        try orders().filter { $0.productType == .nonConsumable }.map { transaction in
            var restored = transaction
            restored.state = .restored
            return restored
        }
    }

    /// Every order the shop holds, with whether it was finished.
    public func history() async throws -> [TransactionHistoryEntry] {
        let finished = try finishedOrders()
        return try orders().map { TransactionHistoryEntry(transaction: $0, isFinished: finished.contains($0.id)) }
    }

    private func unfinished() throws(PurchaseError) -> [StoreTransaction] {
        let finished = try finishedOrders()
        return try orders().filter { !finished.contains($0.id) }
    }

    /// The shop's orders of products sold here, as purchased transactions.
    private func orders() throws(PurchaseError) -> [StoreTransaction] {
        let orders: [(order: WebShopOrder, data: Data)]
        do {
            orders = try shop.readOrders()
        } catch {
            throw PurchaseError(
                .storeUnavailable, detail: "the web shop's orders cannot be read", underlyingError: error)
        }
        return orders.compactMap { order, data in
            guard let product = productsByShopID[order.productID], let paid = order.paidDate else { return nil }
            return StoreTransaction(
                id: order.orderID, store: storeName, productID: product.productID, productType: product.type,
                quantity: order.quantity, purchaseDate: paid, environment: .local, verificationData: data)
        }
    }

    private func finishedOrders() throws(PurchaseError) -> Set<String> {
        do {
            return Set(try DurableFile.lines(of: finishedOrdersFile).map(String.init))
        } catch {
            throw PurchaseError(
                .ledgerIOFailed, detail: "the web-checkout store cannot read its finished orders",
                underlyingError: error)
        }
    }

    // MARK: - Products and purchases

    /// The products sold here among `productIDs`, priced in the deployment's storefront.
    public func products(for productIDs: [String]) async throws -> ProductsResponse {
        var products: [StoreProduct] = []
        var invalid: [String] = []
        for productID in productIDs {
            guard let product = sold(productID), let price = product.price(in: storefront) else {
                invalid.append(productID)
                continue
            }
            let localization = product.localization(for: locale)
            products.append(
                StoreProduct(
                    product: product, store: storeName, displayName: localization?.displayName ?? productID,
                    description: localization?.description ?? "", price: price, storefront: storefront))
        }
        return ProductsResponse(products: products, invalidProductIDs: invalid)
    }

    /// Whether purchases can be made: not in a read-only deployment, nor once closed.
    public func canMakePayments() async -> Bool { !readOnly && !closed }

    /// Writes a checkout request for the shop; the purchase is pending until its order arrives.
    public func purchase(_ request: PurchaseRequest) async throws -> ProviderPurchaseResult {
        guard let product = catalog.product(withID: request.productID) else {
            throw PurchaseError(.invalidProductIdentifiers, detail: "not in the catalog", productID: request.productID)
        }
        guard sold(product.productID) != nil, let price = product.price(in: storefront) else {
            throw PurchaseError(
                .productUnavailable, detail: "the web shop does not sell it in \(storefront)",
                productID: product.productID)
        }
        guard request.quantity >= 1, request.quantity == 1 || product.type == .consumable else {
            throw PurchaseError(
                .paymentInvalid, detail: "quantity \(request.quantity) for a \(product.type)",
                productID: product.productID)
        }
        guard !readOnly, !closed else {
            throw PurchaseError(
                .ledgerIOFailed, detail: "the web-checkout store cannot write", productID: product.productID)
        }
        if product.type == .nonConsumable, try orders().contains(where: { $0.productID == product.productID }) {
            throw PurchaseError(.alreadyOwned, productID: product.productID)
        }
        let checkout = CheckoutRequest(
            checkoutID: "checkout-" + UUID().uuidString.lowercased(), productID: product.storeID(for: Self.kind),
            quantity: request.quantity, price: "\(price.amount)", currency: price.currencyCode,
            requestedAt: clock.now)
        do {
            try shop.write(checkout.json, named: checkout.checkoutID, in: shop.checkouts)
        } catch {
            throw PurchaseError(
                .storeUnavailable, detail: "the checkout request cannot be written", productID: product.productID,
                underlyingError: error)
        }
        return .pending(nil)
    }

    /// The catalog's product `productID` when the shop sells it.
    private func sold(_ productID: String) -> Product? {
        guard let product = catalog.product(withID: productID) else { return nil }
        return productsByShopID[product.storeID(for: Self.kind)] == product ? product : nil
    }

    // MARK: - Verification

    /// The verifier of the shop's orders: it checks each order's signature with the shop's secret.
    public nonisolated var receiptVerifier: (any ReceiptVerifier)? {
        WebCheckoutVerifier(catalog: catalog, secret: secret, storeName: storeName)
    }
}

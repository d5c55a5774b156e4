import AppStoreServerAPI
import AppStoreSignedData
import Foundation
import PurchaseCore
import SimulatedAppStore
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the tests of this target share: a signing chain, a catalog, and a simulated account with its
/// server API reached through a client.
enum ServerAPITesting {
    static let chain: SimulatedSigningChain = {
        do {
            return try SimulatedSigningChain.make(environment: .localTesting)
        } catch {
            preconditionFailure("no test chain: \(error)")
        }
    }()

    static let key: SimulatedServerAPIKey = {
        do {
            return try SimulatedServerAPIKey.make()
        } catch {
            preconditionFailure("no test key: \(error)")
        }
    }()

    static let bundleID = "com.example.app"
    static let gems = "com.example.gems"
    static let noAds = "com.example.noads"
    static let monthly = "com.example.pro.monthly"

    static func catalog() -> Catalog {
        func product(
            _ id: String, _ type: ProductType, entitlements: [String] = [], payouts: [Payout] = [],
            subscription: SubscriptionInfo? = nil
        ) -> Product {
            Product(
                productID: id, type: type, prices: ["USA": Price(amount: 1, currencyCode: "USD")],
                localizations: ["en": ProductLocalization(displayName: id, description: id)],
                entitlements: entitlements, payouts: payouts, subscription: subscription)
        }
        return Catalog(
            deployment: Deployment(
                name: "test", providers: [ProviderConfiguration(kind: .simulatedAppStore, settings: [:])],
                storefront: "USA", locale: "en_US"),
            storefronts: ["USA": Storefront(code: "USA", currencyCode: "USD")],
            products: [
                product(gems, .consumable, payouts: [Payout(kind: .currency, name: "gems", quantity: 100)]),
                product(noAds, .nonConsumable, entitlements: ["no-ads"]),
                product(
                    monthly, .autoRenewable, entitlements: ["pro"],
                    subscription: SubscriptionInfo(group: "pro", period: SubscriptionPeriod("P1M")!, level: 1)),
            ])
    }

    /// A verifier trusting only ``chain``'s root, for the app in LocalTesting.
    static func verifier() throws -> SignedDataVerifier {
        try SignedDataVerifier(
            trustedRoots: [chain.identity.rootCertificate], bundleID: bundleID, environment: "LocalTesting")
    }

    /// The verified payload of a signed transaction.
    static func transaction(_ token: String?) throws -> TransactionPayload {
        try verifier().verifyTransaction(try #require(token)).payload
    }

    /// A configuration for ``key`` at `baseURL`.
    static func configuration(baseURL: URL, key: SimulatedServerAPIKey = ServerAPITesting.key)
        -> AppStoreServerAPIConfiguration
    {
        var configuration = AppStoreServerAPIConfiguration(
            baseURL: baseURL, keyID: key.keyID, issuerID: key.issuerID, bundleID: bundleID, privateKey: key.privateKey)
        // The simulated server answers on Swift's cooperative pool, which tests of other targets
        // running in the same process may keep busy for a long while: the default 30 seconds would
        // turn a busy machine into a failure.
        configuration.requestTimeout = 600
        return configuration
    }
}

/// A simulated account on a stopped clock, its StoreKit 2 face to buy with, its server API, and a
/// client reaching that API over HTTP on 127.0.0.1 (``LoopbackServerAPI``), or through
/// ``HandlerURLProtocol`` (no socket).
struct ServerAPIFixture {
    let clock: SimulationClock
    let queue: PaymentQueue
    let session: StoreKit2Session
    let server: SimulatedServerAPI
    let client: AppStoreServerAPIClient
    /// The HTTP server, when the API is hosted over loopback.
    let loopback: LoopbackServerAPI?

    init(overHTTP: Bool = true, configure: (inout AppStoreServerAPIConfiguration) -> Void = { _ in }) throws {
        clock = SimulationClock()
        queue = try PaymentQueue(
            catalog: ServerAPITesting.catalog(), clock: clock,
            signedData: SimulatedSignedData(
                chain: ServerAPITesting.chain,
                identity: SignedDataIdentity(environment: .localTesting, bundleID: ServerAPITesting.bundleID)))
        session = try StoreKit2Session(queue: queue)
        server = try SimulatedServerAPI(queue: queue, key: ServerAPITesting.key)
        let settings = URLSessionConfiguration.ephemeral
        var configuration: AppStoreServerAPIConfiguration
        if overHTTP {
            let loopback = try LoopbackServerAPI(server)
            self.loopback = loopback
            configuration = ServerAPITesting.configuration(baseURL: loopback.baseURL)
        } else {
            loopback = nil
            let host = HandlerURLProtocol.register(server)
            configuration = ServerAPITesting.configuration(baseURL: URL(string: "http://\(host)")!)
            settings.protocolClasses = [HandlerURLProtocol.self]
        }
        configure(&configuration)
        client = AppStoreServerAPIClient(configuration: configuration, sessionConfiguration: settings)
    }

    /// Stops the HTTP server.
    func close() async {
        await loopback?.stop()
    }

    /// Buys `productIdentifier` (for `account` when given) and returns its transaction identifier.
    @discardableResult
    func buy(_ productIdentifier: String, account: UUID? = nil) async throws -> String {
        var options = PurchaseOptions()
        options.appAccountToken = account
        guard case .success(let transaction) = try await session.purchase(productIdentifier, options: options) else {
            Issue.record("\(productIdentifier) was not charged")
            throw CancellationError()
        }
        await session.finish(transaction.payload.transactionId ?? "")
        return try #require(transaction.payload.transactionId)
    }
}

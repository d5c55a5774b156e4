public import Foundation
public import HTTPServer
public import PurchaseKit

/// The HTTP server of a deployment: DESIGN.md's HTTP contract over the deployment's ledger, its
/// App Store trust and its Google Play Developer API, on an `HTTPServer`.
///
/// Routes (JSON bodies; errors are `{"error": {"code": n, "name": "...", "message": "..."}}` with
/// `PurchaseError`'s stable codes and the message in the request's `Accept-Language`, else the
/// catalog's locale):
/// - `POST /v1/apple/notifications` with `{"signedPayload": JWS}`: an App Store Server Notification
///   V2, verified and applied to the ledger exactly once (`AppStoreNotificationProcessor`); 200 with
///   `notificationUUID`, `outcome` (`applied`, `needsAttention`, `ignored`, `duplicate`) and
///   `transactionID` only once it is durably applied; 400 for one that will never apply (a bad
///   signature), 503 for one a retry may apply (the ledger failed). Trusted by its signature: no API key.
/// - `POST /v1/google/notifications?token=SECRET` with a Cloud Pub/Sub push (`{"message": {"data":
///   base64, "messageId": ...}, "subscription": ...}`) of a Google Play real-time developer
///   notification: the purchase's current state is asked of the Play Developer API and applied to the
///   ledger exactly once per message and per order (`PlayNotificationProcessor`), the purchase then
///   acknowledged with Play when it is not yet; 200 with `messageID`, `kind`, `outcome` (`applied`,
///   `needsAttention`, `ignored`, `duplicate`), `transactionID` (the order), `acknowledged` and, for a partial refund, `debited` only once
///   durably applied (or applied before, or nothing to apply); 401 when `token` is not the secret of
///   `Server` > `GooglePlayPushTokenVariable` (compared in constant time); 400 for a push that will never
///   apply (malformed, another package); 503 when the API or the ledger failed (Pub/Sub pushes it
///   again); 501 without `Server` > `GooglePlayPackageName`. No API key.
/// - `POST /v1/transactions` with `{"signedTransaction": JWS, "appAccountToken": UUID}`: verified
///   (403 when not), delivered once to that account, answered with the account's entitlements (as
///   `purchasekit entitlements --json`: `entitlements`, `balances`, `subscriptions`, and `account`)
///   plus `delivered` (whether this request delivered it) and `transactionID`. A signed transaction
///   naming another account is refused (403). Or, for a deployment whose provider verifies StoreKit 1
///   receipts, `{"receipt": base64, "transactionID": id, "productID": id, "appAccountToken": UUID}`:
///   delivered once the receipt verifies and lists that transaction of that product (501 when no
///   provider takes receipts).
/// - `GET /v1/accounts/{token}/entitlements`: the account's entitlements.
/// - `POST /v1/accounts/{token}/balances/{name}/spend` with `{"quantity": n}`: takes `n` units from
///   the account's balance (never below zero: 409 `insufficientBalance` when they do not fit);
///   answered with the entitlements, `balance`, what the spend left, and `replayed`. Once the units
///   are taken the answer is 200, with only `account`, `balance` and `replayed` when the entitlements
///   cannot be read just then. With a spend identifier (the `Idempotency-Key` header or the body's
///   `spendID`, the same when both are given, else 400) the units are taken once per identifier and
///   account: a request repeating it answers 200 with the first spend's `balance` and
///   `"replayed": true`; one repeating it with another balance or quantity 422 `spendIDConflict`;
///   501 `unsupported` when the ledger does not record identifiers. A spend without one is taken
///   each time it is sent.
/// - `GET /healthz`: 200 when the ledger answers, else 503. `GET /metrics`: Prometheus text
///   (`purchasekit_http_requests_total` by route and status, the latency histogram
///   `purchasekit_http_request_duration_seconds`, `purchasekit_ledger_errors_total`).
///
/// The three app-facing routes need `Authorization: Bearer KEY`, compared in constant time with the
/// value of the environment variable the catalog's `Server` > `APIKeyVariable` names (default
/// `PURCHASEKIT_SERVER_API_KEY`); with no key set they answer 401. Bodies, headers, connections
/// and request time are bounded (`Server` > `MaximumBodyBytes`, `MaximumConnections`,
/// `RequestTimeout`, `ConnectionTimeout`); each response writes one access-log line
/// (time, remote address, method, path, status, body bytes, duration).
///
/// The server uses the deployment it is given and does not close it: ``shutdown()`` answers the
/// requests in flight, then the caller closes the deployment.
public final class PurchaseServer: Sendable {
    /// Where the server listens and where its log lines go.
    public struct Configuration: Sendable {
        /// The address to listen on (loopback by default).
        public var host: String
        /// The port; 0 for one the system chooses (``PurchaseServer/port`` tells it).
        public var port: Int
        /// The folder paths in the catalog's `Server` settings are relative to (the catalog's), or nil.
        public var catalogDirectory: URL?
        /// The environment the API key is read from.
        public var environment: [String: String]
        /// Where the access-log lines go (one call per line, without its newline): standard error by default.
        public var log: @Sendable (String) -> Void

        /// A configuration listening on `host`:`port`.
        public init(
            host: String = "127.0.0.1", port: Int = 8080, catalogDirectory: URL? = nil,
            environment: [String: String] = ProcessInfo.processInfo.environment,
            log: @escaping @Sendable (String) -> Void = PurchaseServer.standardErrorLine
        ) {
            self.host = host
            self.port = port
            self.catalogDirectory = catalogDirectory
            self.environment = environment
            self.log = log
        }
    }

    /// The deployment served.
    public let deployment: PurchaseDeployment
    /// The name of the environment variable the API key is read from.
    public let apiKeyVariable: String
    /// Whether an API key is configured (without one, app-facing requests are answered 401).
    public let hasAPIKey: Bool
    private let http: HTTPServer

    /// A server for `deployment` (opened, not necessarily started: the server uses its ledger and
    /// its `Store`'s entitlements, never its providers' purchase flow).
    ///
    /// - Throws: `PurchaseError.Code.providerMisconfigured` for unusable `Server` settings or root files.
    public init(deployment: PurchaseDeployment, configuration: Configuration) throws(PurchaseError) {
        let settings = try ServerSettings(
            deployment.catalog.deployment.server,
            catalogDirectory: configuration.catalogDirectory)
        let apiKey = APIKey(configuration.environment[settings.apiKeyVariable])
        let context = ServerContext(
            deployment: deployment, trust: try AppStoreTrust.resolve(deployment, settings: settings),
            googlePlay: GooglePlayNotifications.resolve(
                deployment, settings: settings, environment: configuration.environment),
            apiKey: apiKey, metrics: ServerMetrics())
        let log = configuration.log
        let limits = HTTPServer.Limits(
            maximumBodyBytes: settings.maximumBodyBytes, maximumHeaderBytes: 16 << 10,
            maximumConnections: settings.maximumConnections, connectionTimeout: settings.connectionTimeout,
            requestTimeout: settings.requestTimeout)
        let httpConfiguration = HTTPServer.Configuration(
            host: configuration.host, port: configuration.port, limits: limits,
            rejectionResponder: { context.rejectionResponse($0) },
            responseObserver: { record in
                let route =
                    switch Route.match(method: record.request.method, path: record.request.path) {
                    case .route(let route): route.template
                    case .wrongMethod(let template), .badAccount(let template): template
                    case .none: "other"
                    }
                let seconds =
                    Double(record.duration.components.seconds)
                    + Double(record.duration.components.attoseconds) / 1e18
                context.metrics.record(route: route, status: record.response.status, seconds: seconds)
                log(AccessLog.line(record, seconds: seconds))
            }, handlerThreads: settings.handlerThreads,
            // The handlers' threads are the server's own: a ledger may block them on its I/O.
            handlerThreadStart: { BlockingThreads.markCurrentThread() })
        self.deployment = deployment
        self.apiKeyVariable = settings.apiKeyVariable
        self.hasAPIKey = apiKey != nil
        self.http = HTTPServer(configuration: httpConfiguration) { await context.handle($0) }
    }

    /// Starts listening.
    ///
    /// - Throws: `HTTPServerError` when the address cannot be listened on.
    public func start() throws(HTTPServerError) {
        try http.start()
    }

    /// The port listened on, or 0 when not listening.
    public var port: Int { http.port }

    /// Stops accepting, answers the requests in flight, then stops listening (the deployment stays open).
    public func shutdown() async {
        await http.shutdown()
    }

    /// Writes `line` and a newline to standard error.
    @Sendable public static func standardErrorLine(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

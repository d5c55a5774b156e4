public import Foundation

/// The App Store Server API of a simulated App Store, over the same account its payment queue and
/// StoreKit 2 face use: a handler answering (method, path, query, headers, body) with (status,
/// headers, body) as Apple's server does, for any HTTP server to mount (it uses Foundation types only).
///
/// Endpoints, with Apple's paths, bodies, response shapes and error codes:
/// - `GET /inApps/v2/history/{transactionId}`: the customer's whole history, every product type and
///   state (finished consumables as far as the account keeps them: its latest 1,000), ordered by when
///   each last changed (its purchase, or its refund or revocation; a renewal extension does not move
///   it), 20 a page, `revision` and `hasMore`; filters `productId`, `productType`, `subscriptionGroupIdentifier`,
///   `inAppOwnershipType`, `revoked`, `startDate`, `endDate` and `sort`;
/// - `GET /inApps/v1/subscriptions/{transactionId}`: each subscription group with the status, latest
///   signed transaction and signed renewal info of each subscription in it (filter `status`);
/// - `GET /inApps/v1/transactions/{transactionId}`: one signed transaction;
/// - `GET /inApps/v1/lookup/{orderId}`: the transactions of an order (``PaymentQueue/orderID(ofTransaction:)``);
/// - `PUT /inApps/v1/subscriptions/extend/{originalTransactionId}`: moves an active subscription's
///   renewal date later by 1 to 90 days, in the account (and its signed data), at most twice in 365
///   days, and emits `RENEWAL_EXTENDED`; a request repeated with the same `requestIdentifier`
///   extends once and answers as the first time;
/// - `POST /inApps/v1/notifications/test` and `GET /inApps/v1/notifications/test/{token}`: emits a
///   `TEST` notification and reports it sent.
///
/// Every request needs a bearer token signed with the account's key (``SimulatedServerAPIKey``);
/// any other is answered 401. The signed data is the JWS the StoreKit 2 face gives, signed now.
public final class SimulatedServerAPI: Sendable {
    /// The account's queue.
    public let queue: PaymentQueue
    /// The key tokens must be signed with, and its identifiers.
    public let key: SimulatedServerAPIKey
    /// The bundle identifier tokens must name (`bid`): the app the store signs for.
    public let bundleID: String
    let now: @Sendable () -> Date

    /// How many transactions a history page holds, as Apple's.
    public static let historyPageSize = 20

    /// A server over `queue`'s account, accepting tokens signed with `key`.
    ///
    /// - Parameters:
    ///   - queue: the payment queue of the account (it must issue signed data).
    ///   - key: the account's server API key (``SimulatedServerAPIKey/persisted(in:creatingIfMissing:)``).
    ///   - now: the wall clock tokens are checked against (tokens are dated by the app's server, not by
    ///     the store's virtual clock).
    /// - Throws: ``SimulatedSignedDataError/notEnabled`` when the queue issues no signed data.
    public init(queue: PaymentQueue, key: SimulatedServerAPIKey, now: @escaping @Sendable () -> Date = { Date() })
        throws(SimulatedSignedDataError)
    {
        guard let signedData = queue.signedData else { throw .notEnabled }
        self.queue = queue
        self.key = key
        self.bundleID = signedData.identity.bundleID
        self.now = now
    }

    /// The answer to `request`.
    public func respond(to request: SimulatedServerAPIRequest) async -> SimulatedServerAPIResponse {
        guard isAuthorized(request) else { return .unauthenticated }
        let segments = request.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard segments.count >= 4, segments[0].isEmpty, segments[1] == "inApps" else { return Self.notFound }
        let route = Array(segments[2...])
        do {
            switch (request.method, route.count) {
            case ("GET", 3) where route[0] == "v2" && route[1] == "history":
                return try await history(route[2], request: request)
            case ("GET", 3) where route[0] == "v1" && route[1] == "subscriptions":
                return try await statuses(route[2], request: request)
            case ("GET", 3) where route[0] == "v1" && route[1] == "transactions":
                return try await transactionInfo(route[2])
            case ("GET", 3) where route[0] == "v1" && route[1] == "lookup":
                return try await lookUpOrder(route[2])
            case ("PUT", 4) where route[0] == "v1" && route[1] == "subscriptions" && route[2] == "extend":
                return try await extendRenewalDate(route[3], body: request.body)
            case ("POST", 3) where route[0] == "v1" && route[1] == "notifications" && route[2] == "test":
                return try await requestTestNotification()
            case ("GET", 4) where route[0] == "v1" && route[1] == "notifications" && route[2] == "test":
                return testNotificationStatus(route[3])
            default:
                return Self.notFound
            }
        } catch {
            return .error(5_000_000, "An unknown error occurred.")
        }
    }

    /// A path the API does not have.
    static let notFound = SimulatedServerAPIResponse(
        status: 404, headers: ["Content-Type": "text/plain"], body: Data("Not Found\n".utf8))
}

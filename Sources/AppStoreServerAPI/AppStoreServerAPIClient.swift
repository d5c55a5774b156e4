public import AppStoreSignedData
public import Foundation
import HTTPAPISupport

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// A client of the App Store Server API: one method per endpoint, each request carrying a bearer
/// token the client signs (``AppStoreServerAPITokenSigner``), each answer decoded into Apple's
/// response shape, each failure an ``AppStoreServerAPIError`` carrying Apple's error code.
///
/// Endpoints and their paths, as Apple documents them:
/// - Get Transaction History v2: `GET /inApps/v2/history/{transactionId}` (``transactionHistory(for:revision:query:)``,
///   every page: ``wholeTransactionHistory(for:query:maximumPages:)``);
/// - Get All Subscription Statuses: `GET /inApps/v1/subscriptions/{transactionId}`;
/// - Get Transaction Info: `GET /inApps/v1/transactions/{transactionId}`;
/// - Look Up Order ID: `GET /inApps/v1/lookup/{orderId}`;
/// - Extend a Subscription Renewal Date: `PUT /inApps/v1/subscriptions/extend/{originalTransactionId}`;
/// - Request a Test Notification: `POST /inApps/v1/notifications/test`;
/// - Get Test Notification Status: `GET /inApps/v1/notifications/test/{testNotificationToken}`.
///
/// Guarantees: a request takes at most the configuration's timeout; a response body is read up to
/// its bound, never further; a 401 makes the client sign a fresh token and try once more; nothing
/// else is retried (``AppStoreServerAPIError/isRetryable`` says what a caller may retry). Safe to
/// share between tasks.
public final class AppStoreServerAPIClient: Sendable {
    /// What the client sends where.
    public let configuration: AppStoreServerAPIConfiguration
    /// The tokens it signs.
    public let tokens: AppStoreServerAPITokenSigner
    private let session: BoundedURLSession

    /// A client for `configuration`.
    ///
    /// - Parameters:
    ///   - configuration: the server, the key and the app.
    ///   - sessionConfiguration: the URL session's settings (tests register a `URLProtocol` here);
    ///     ephemeral by default. Its timeouts are set from the configuration.
    ///   - now: the clock tokens are dated by.
    public init(
        configuration: AppStoreServerAPIConfiguration,
        sessionConfiguration: URLSessionConfiguration = .ephemeral,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.configuration = configuration
        self.tokens = AppStoreServerAPITokenSigner(configuration: configuration, now: now)
        session = BoundedURLSession(configuration: sessionConfiguration, timeout: configuration.requestTimeout)
    }

    // MARK: - Endpoints

    /// One page of the customer's transaction history (Get Transaction History v2).
    ///
    /// - Parameters:
    ///   - transactionID: any transaction of the customer.
    ///   - revision: the previous page's ``HistoryResponse/revision``; `nil` for the first page.
    ///   - query: filters and order (the same for every page).
    /// - Throws: ``AppStoreServerAPIError``.
    public func transactionHistory(
        for transactionID: String, revision: String? = nil, query: TransactionHistoryQuery = TransactionHistoryQuery()
    ) async throws(AppStoreServerAPIError) -> HistoryResponse {
        try await send(
            "GET", path: "/inApps/v2/history/" + EndpointURL.segment(transactionID),
            query: query.queryItems(revision: revision))
    }

    /// Every transaction of the customer's history, page after page by `revision` while `hasMore`.
    ///
    /// - Parameters:
    ///   - transactionID: any transaction of the customer.
    ///   - query: the filters and order of the history.
    ///   - maximumPages: the most pages read (20 transactions each); past it the request fails as
    ///     malformed, so a server that always says `hasMore` cannot keep the client forever.
    /// - Returns: the signed transactions, in the server's order.
    /// - Throws: ``AppStoreServerAPIError``.
    public func wholeTransactionHistory(
        for transactionID: String, query: TransactionHistoryQuery = TransactionHistoryQuery(),
        maximumPages: Int = 10_000
    ) async throws(AppStoreServerAPIError) -> [String] {
        var signed: [String] = []
        var revision: String?
        for _ in 0..<max(1, maximumPages) {
            let page = try await transactionHistory(for: transactionID, revision: revision, query: query)
            signed += page.signedTransactions ?? []
            guard page.hasMore == true else { return signed }
            guard let next = page.revision, next != revision else {
                throw AppStoreServerAPIError(.malformedResponse, detail: "hasMore without a new revision")
            }
            revision = next
        }
        throw AppStoreServerAPIError(.malformedResponse, detail: "more than \(maximumPages) pages of history")
    }

    /// The statuses of every subscription of the customer (Get All Subscription Statuses).
    ///
    /// - Parameters:
    ///   - transactionID: any transaction of the customer.
    ///   - statuses: only subscriptions in these statuses (`status`, repeated); all when empty.
    /// - Throws: ``AppStoreServerAPIError``.
    public func allSubscriptionStatuses(
        for transactionID: String, statuses: [AppStoreSubscriptionStatus] = []
    ) async throws(AppStoreServerAPIError) -> StatusResponse {
        try await send(
            "GET", path: "/inApps/v1/subscriptions/" + EndpointURL.segment(transactionID),
            query: statuses.map { URLQueryItem(name: "status", value: String($0.rawValue)) })
    }

    /// One transaction (Get Transaction Info).
    ///
    /// - Throws: ``AppStoreServerAPIError``.
    public func transactionInfo(_ transactionID: String) async throws(AppStoreServerAPIError)
        -> TransactionInfoResponse
    {
        try await send("GET", path: "/inApps/v1/transactions/" + EndpointURL.segment(transactionID))
    }

    /// The transactions of a customer's order, by the order ID of their receipt (Look Up Order ID).
    ///
    /// - Throws: ``AppStoreServerAPIError``.
    public func lookUpOrder(_ orderID: String) async throws(AppStoreServerAPIError) -> OrderLookupResponse {
        try await send("GET", path: "/inApps/v1/lookup/" + EndpointURL.segment(orderID))
    }

    /// Extends one subscription's renewal date (Extend a Subscription Renewal Date).
    ///
    /// - Throws: ``AppStoreServerAPIError``.
    public func extendRenewalDate(
        originalTransactionID: String, request: ExtendRenewalDateRequest
    ) async throws(AppStoreServerAPIError) -> ExtendRenewalDateResponse {
        try await send(
            "PUT", path: "/inApps/v1/subscriptions/extend/" + EndpointURL.segment(originalTransactionID),
            body: PayloadJSON.encode(request))
    }

    /// Asks the App Store to send a `TEST` notification to the app's server (Request a Test
    /// Notification).
    ///
    /// - Throws: ``AppStoreServerAPIError``.
    public func requestTestNotification() async throws(AppStoreServerAPIError) -> SendTestNotificationResponse {
        try await send("POST", path: "/inApps/v1/notifications/test")
    }

    /// The test notification a token names and the attempts to send it (Get Test Notification Status).
    ///
    /// - Throws: ``AppStoreServerAPIError``.
    public func testNotificationStatus(_ token: String) async throws(AppStoreServerAPIError)
        -> CheckTestNotificationResponse
    {
        try await send("GET", path: "/inApps/v1/notifications/test/" + EndpointURL.segment(token))
    }

    // MARK: - Requests

    /// Sends a request and decodes its successful answer, once more with a fresh token after a 401.
    private func send<Response: Decodable>(
        _ method: String, path: String, query: [URLQueryItem] = [], body: Data? = nil
    ) async throws(AppStoreServerAPIError) -> Response {
        var answer = try await exchange(method, path: path, query: query, body: body)
        if answer.status == 401 {
            tokens.discard()
            answer = try await exchange(method, path: path, query: query, body: body)
        }
        guard (200..<300).contains(answer.status) else {
            throw AppStoreServerAPIError.response(
                status: answer.status, body: answer.body, retryAfter: answer.retryAfter)
        }
        do {
            return try JSONDecoder().decode(Response.self, from: answer.body)
        } catch {
            throw AppStoreServerAPIError(
                .malformedResponse, httpStatus: answer.status, detail: "the body is not the expected JSON: \(error)")
        }
    }

    private struct Answer {
        var status: Int
        var body: Data
        var retryAfter: String?
    }

    /// One round trip.
    private func exchange(
        _ method: String, path: String, query: [URLQueryItem], body: Data?
    ) async throws(AppStoreServerAPIError) -> Answer {
        let url: URL
        do {
            url = try EndpointURL.make(base: configuration.baseURL, path: path, query: query)
        } catch {
            throw AppStoreServerAPIError(.invalidRequest, detail: error.description)
        }
        let token: String
        do {
            token = try tokens.token()
        } catch {
            throw AppStoreServerAPIError(.invalidRequest, detail: "the token cannot be signed: \(error)")
        }
        let request = BearerJSONRequest.make(
            url: url, method: method, token: token, body: body, timeout: configuration.requestTimeout)
        do {
            let (response, data) = try await session.load(request, limit: configuration.maximumResponseBytes)
            return Answer(
                status: response.statusCode, body: data, retryAfter: response.value(forHTTPHeaderField: "Retry-After"))
        } catch is BoundedURLSession.ResponseTooLarge {
            throw AppStoreServerAPIError(
                .responseTooLarge, detail: "the response is larger than \(configuration.maximumResponseBytes) bytes")
        } catch {
            throw AppStoreServerAPIError(.unreachable, detail: String(describing: error))
        }
    }

}

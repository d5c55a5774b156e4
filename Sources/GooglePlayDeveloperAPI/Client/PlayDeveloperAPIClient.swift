import Foundation
import HTTPAPISupport

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// A client of the Google Play Developer API (androidpublisher v3) for one app: one method per
/// endpoint, each request carrying `Authorization: Bearer <token>` from its token source, each answer
/// decoded into Google's shape, each failure a ``PlayDeveloperAPIError``.
///
/// Endpoints, under `/androidpublisher/v3/applications/{packageName}/purchases/`:
/// - `products/{productId}/tokens/{token}`: ``product(_:token:)``, `:acknowledge`
///   ``acknowledgeProduct(_:token:developerPayload:)``, `:consume` ``consumeProduct(_:token:)``;
/// - `subscriptionsv2/tokens/{token}`: ``subscription(token:)``;
/// - `subscriptions/{subscriptionId}/tokens/{token}:acknowledge`:
///   ``acknowledgeSubscription(_:token:developerPayload:)``;
/// - `voidedpurchases`: ``voidedPurchases(_:pageToken:)``, every page ``allVoidedPurchases(_:maximumPages:)``.
///
/// Guarantees: a request takes at most the configuration's timeout; a response body is read up to its
/// bound, never further; a 401 makes the client discard its token and try once more with a fresh one;
/// nothing else is retried (``PlayDeveloperAPIError/isRetryable`` says what a caller may retry). Safe
/// to share between tasks.
public final class PlayDeveloperAPIClient: Sendable {
    /// What the client sends where.
    public let configuration: PlayDeveloperAPIConfiguration
    /// Where its access tokens come from.
    public let tokens: any PlayAccessTokenSource
    private let session: BoundedURLSession

    /// A client for `configuration` with tokens from `tokens`.
    ///
    /// - Parameters:
    ///   - configuration: the server, the app, the bounds.
    ///   - tokens: the access tokens.
    ///   - sessionConfiguration: the URL session's settings, ephemeral by default; its timeouts are
    ///     set from the configuration.
    public init(
        configuration: PlayDeveloperAPIConfiguration, tokens: any PlayAccessTokenSource,
        sessionConfiguration: URLSessionConfiguration = .ephemeral
    ) {
        self.configuration = configuration
        self.tokens = tokens
        session = BoundedURLSession(configuration: sessionConfiguration, timeout: configuration.requestTimeout)
    }

    // MARK: - Endpoints

    /// A one-time product's purchase (`purchases.products.get`).
    ///
    /// - Throws: ``PlayDeveloperAPIError``.
    public func product(_ productID: String, token: String) async throws(PlayDeveloperAPIError) -> ProductPurchase {
        try decode(ProductPurchase.self, try await send("GET", path: productPath(productID, token)))
    }

    /// Acknowledges a one-time product's purchase (`purchases.products.acknowledge`), so that Play does
    /// not refund it three days after it was bought.
    ///
    /// - Throws: ``PlayDeveloperAPIError``.
    public func acknowledgeProduct(
        _ productID: String, token: String, developerPayload: String? = nil
    ) async throws(PlayDeveloperAPIError) {
        _ = try await send(
            "POST", path: productPath(productID, token) + ":acknowledge", body: payload(developerPayload))
    }

    /// Consumes a one-time product's purchase (`purchases.products.consume`), so it can be bought again.
    ///
    /// - Throws: ``PlayDeveloperAPIError``.
    public func consumeProduct(_ productID: String, token: String) async throws(PlayDeveloperAPIError) {
        _ = try await send("POST", path: productPath(productID, token) + ":consume")
    }

    /// A subscription's purchase (`purchases.subscriptionsv2.get`).
    ///
    /// - Throws: ``PlayDeveloperAPIError``.
    public func subscription(token: String) async throws(PlayDeveloperAPIError) -> SubscriptionPurchaseV2 {
        try decode(
            SubscriptionPurchaseV2.self,
            try await send("GET", path: purchasesPath + "/subscriptionsv2/tokens/" + EndpointURL.segment(token)))
    }

    /// Acknowledges a subscription's purchase (`purchases.subscriptions.acknowledge`).
    ///
    /// - Throws: ``PlayDeveloperAPIError``.
    public func acknowledgeSubscription(
        _ subscriptionID: String, token: String, developerPayload: String? = nil
    ) async throws(PlayDeveloperAPIError) {
        let path =
            purchasesPath + "/subscriptions/" + EndpointURL.segment(subscriptionID) + "/tokens/"
            + EndpointURL.segment(token) + ":acknowledge"
        _ = try await send("POST", path: path, body: payload(developerPayload))
    }

    /// One page of the app's voided purchases (`purchases.voidedpurchases.list`).
    ///
    /// - Parameters:
    ///   - query: the time range and what is listed (the same for every page).
    ///   - pageToken: the previous page's `nextPageToken`; nil for the first page.
    /// - Throws: ``PlayDeveloperAPIError``.
    public func voidedPurchases(
        _ query: VoidedPurchasesQuery = VoidedPurchasesQuery(), pageToken: String? = nil
    ) async throws(PlayDeveloperAPIError) -> VoidedPurchasesPage {
        var items: [URLQueryItem] = []
        if let start = query.startTimeMillis { items.append(URLQueryItem(name: "startTime", value: String(start))) }
        if let end = query.endTimeMillis { items.append(URLQueryItem(name: "endTime", value: String(end))) }
        if let most = query.maxResults { items.append(URLQueryItem(name: "maxResults", value: String(most))) }
        if let pageToken { items.append(URLQueryItem(name: "token", value: pageToken)) }
        items.append(URLQueryItem(name: "type", value: query.includeSubscriptions ? "1" : "0"))
        if query.includeQuantityBasedPartialRefund {
            items.append(URLQueryItem(name: "includeQuantityBasedPartialRefund", value: "true"))
        }
        return try decode(
            VoidedPurchasesPage.self, try await send("GET", path: purchasesPath + "/voidedpurchases", query: items))
    }

    /// Every voided purchase the query lists, page after page by the page token.
    ///
    /// - Parameters:
    ///   - query: the time range and what is listed.
    ///   - maximumPages: the most pages read; past it the request fails as malformed, so a server that
    ///     always names a next page cannot keep the client forever.
    /// - Throws: ``PlayDeveloperAPIError``.
    public func allVoidedPurchases(
        _ query: VoidedPurchasesQuery = VoidedPurchasesQuery(), maximumPages: Int = 1000
    ) async throws(PlayDeveloperAPIError) -> [VoidedPurchase] {
        var all: [VoidedPurchase] = []
        var pageToken: String?
        for _ in 0..<max(1, maximumPages) {
            let page = try await voidedPurchases(query, pageToken: pageToken)
            all += page.voidedPurchases ?? []
            guard let next = page.tokenPagination?.nextPageToken, !next.isEmpty else { return all }
            guard next != pageToken else {
                throw PlayDeveloperAPIError(.malformedResponse, detail: "the next page token repeats the last")
            }
            pageToken = next
        }
        throw PlayDeveloperAPIError(.malformedResponse, detail: "more than \(maximumPages) pages of voided purchases")
    }

    // MARK: - Requests

    private var purchasesPath: String {
        "/androidpublisher/v3/applications/" + EndpointURL.segment(configuration.packageName) + "/purchases"
    }

    private func productPath(_ productID: String, _ token: String) -> String {
        purchasesPath + "/products/" + EndpointURL.segment(productID) + "/tokens/" + EndpointURL.segment(token)
    }

    private func payload(_ developerPayload: String?) -> Data {
        guard let developerPayload,
            let data = try? JSONEncoder().encode(["developerPayload": developerPayload])
        else { return Data("{}".utf8) }
        return data
    }

    private func decode<Response: Decodable>(_ type: Response.Type, _ body: Data) throws(PlayDeveloperAPIError)
        -> Response
    {
        do {
            return try JSONDecoder().decode(type, from: body)
        } catch {
            throw PlayDeveloperAPIError(
                .malformedResponse, httpStatus: 200,
                detail: "the body is not the expected JSON: \(PlayJSON.describe(error))")
        }
    }

    /// Sends a request and answers the body of its success, once more with a fresh token after a 401.
    private func send(
        _ method: String, path: String, query: [URLQueryItem] = [], body: Data? = nil
    ) async throws(PlayDeveloperAPIError) -> Data {
        var token = try await tokens.accessToken()
        var answer = try await exchange(method, path: path, query: query, body: body, token: token)
        if answer.status == 401 {
            await tokens.discardToken(token)
            token = try await tokens.accessToken()
            answer = try await exchange(method, path: path, query: query, body: body, token: token)
        }
        guard (200..<300).contains(answer.status) else {
            throw PlayDeveloperAPIError.response(status: answer.status, body: answer.body)
        }
        return answer.body
    }

    private struct Answer {
        var status: Int
        var body: Data
    }

    /// One round trip.
    private func exchange(
        _ method: String, path: String, query: [URLQueryItem], body: Data?, token: String
    ) async throws(PlayDeveloperAPIError) -> Answer {
        let url: URL
        do {
            url = try EndpointURL.make(base: configuration.baseURL, path: path, query: query)
        } catch {
            throw PlayDeveloperAPIError(.invalidRequest, detail: error.description)
        }
        var request = BearerJSONRequest.make(
            url: url, method: method, token: token, body: body, timeout: configuration.requestTimeout)
        if body == nil && method == "POST" {
            // A POST without a body of its own is sent an empty one rather than none.
            request.httpBody = Data()
        }
        do {
            let (response, data) = try await session.load(request, limit: configuration.maximumResponseBytes)
            return Answer(status: response.statusCode, body: data)
        } catch is BoundedURLSession.ResponseTooLarge {
            throw PlayDeveloperAPIError(
                .responseTooLarge, detail: "the response is larger than \(configuration.maximumResponseBytes) bytes")
        } catch {
            throw PlayDeveloperAPIError(.unreachable, detail: String(describing: error))
        }
    }

}

import Foundation

/// The Play Developer API (androidpublisher v3) of a simulated Google Play, answering from the store's
/// state: a handler answering (method, path, query, headers, body) with (status, headers, body) as
/// Google's server does, for any HTTP server to mount (it uses Foundation types only).
///
/// Endpoints, under `/androidpublisher/v3/applications/{packageName}/purchases/`:
/// - `GET products/{productId}/tokens/{token}`: the one-time purchase (`ProductPurchase`);
/// - `POST products/{productId}/tokens/{token}:acknowledge` and `:consume`, and
///   `POST subscriptions/{subscriptionId}/tokens/{token}:acknowledge`: by the store's rules, as the app's
///   acknowledgement and consumption (an acknowledged purchase is kept past three days; consuming
///   acknowledges and frees the product to be bought again); 200 with an empty body;
/// - `GET subscriptionsv2/tokens/{token}`: the subscription purchase (`SubscriptionPurchaseV2`);
/// - `GET voidedpurchases`: the voided purchases of a time window (`startTime`, `endTime` in milliseconds,
///   the last 30 days at most), one-time only (`type` 0) or with subscriptions (1), partial refunds only
///   with `includeQuantityBasedPartialRefund=true`, `maxResults` a page (at most 1000) and `token` the next.
///
/// Every request needs `Authorization: Bearer` with the store's access token
/// (``PlayStoreState/developerAPIAccessToken``); any other is answered 401 `UNAUTHENTICATED`. A token of no
/// purchase of the app (another app's included) is 404, one of another product 400, an action the
/// purchase's state forbids 409; errors are Google's `{"error": {"code", "message", "status"}}`.
public final class SimulatedPlayDeveloperAPI: Sendable {
    /// The store it answers for.
    public let store: SimulatedGooglePlay

    /// How long back `voidedpurchases.list` reaches: 30 days, in milliseconds.
    public static let voidedPurchasesWindow: Int64 = 30 * 86_400_000

    /// The API of `store`.
    public init(store: SimulatedGooglePlay) {
        self.store = store
    }

    /// The answer to `request`.
    public func respond(to request: PlayDeveloperAPIRequest) async -> PlayDeveloperAPIResponse {
        do {
            guard let value = request.header("Authorization"), value.hasPrefix("Bearer "),
                await store.acceptsAccessToken(value.dropFirst("Bearer ".count))
            else { throw PlayDeveloperAPIError.unauthenticated }
            return try await route(request)
        } catch let error as PlayDeveloperAPIError {
            return error.response
        } catch {
            return PlayDeveloperAPIError(500, "INTERNAL", "Internal error encountered.").response
        }
    }

    /// The endpoint `request` names, answered.
    private func route(_ request: PlayDeveloperAPIRequest) async throws -> PlayDeveloperAPIResponse {
        let segments = request.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard segments.count >= 7, segments[0].isEmpty, segments[1] == "androidpublisher", segments[2] == "v3",
            segments[3] == "applications", segments[5] == "purchases"
        else { throw PlayDeveloperAPIError.noSuchMethod }
        let packageName = segments[4]
        let route = Array(segments[6...])
        switch (request.method, route.count) {
        case ("GET", 1) where route[0] == "voidedpurchases":
            return try await voidedPurchases(packageName: packageName, request: request)
        case ("GET", 3) where route[0] == "subscriptionsv2" && route[1] == "tokens":
            let record = try await store.apiRecord(route[2], packageName: packageName, type: .subs)
            return .json(
                SubscriptionPurchaseV2Body(record, product: store.products[record.productId], regionCode: regionCode))
        case ("GET", 4) where route[0] == "products" && route[2] == "tokens":
            let record = try await store.apiRecord(
                route[3], packageName: packageName, productId: route[1], type: .inapp)
            return .json(ProductPurchaseBody(record, regionCode: regionCode))
        case ("POST", 4) where ["products", "subscriptions"].contains(route[0]) && route[2] == "tokens":
            guard let colon = route[3].lastIndex(of: ":") else { throw PlayDeveloperAPIError.noSuchMethod }
            let token = String(route[3][..<colon])
            let action = route[3][route[3].index(after: colon)...]
            try Self.checkBody(request.body)
            switch (route[0], action) {
            case (_, "acknowledge"):
                try await store.apiAcknowledge(
                    token, packageName: packageName, productId: route[1], type: route[0] == "products" ? .inapp : .subs)
            case ("products", "consume"):
                try await store.apiConsume(token, packageName: packageName, productId: route[1])
            default:
                throw PlayDeveloperAPIError.noSuchMethod
            }
            return .empty
        default:
            throw PlayDeveloperAPIError.noSuchMethod
        }
    }

    /// The country of the store's locale (`en_US` → `US`), `US` when it names none.
    var regionCode: String {
        let parts = store.locale.split(whereSeparator: { $0 == "_" || $0 == "-" })
        let region = parts.dropFirst().last { $0.count == 2 && $0.allSatisfy(\.isLetter) }
        return region.map { $0.uppercased() } ?? "US"
    }

    /// Refuses a body that is neither empty nor a JSON object (`{}` or `{"developerPayload": "..."}`).
    private static func checkBody(_ body: Data) throws(PlayDeveloperAPIError) {
        guard body.contains(where: { !" \t\r\n".utf8.contains($0) }) else { return }
        guard (try? JSONSerialization.jsonObject(with: body)) is [String: Any] else {
            throw .invalidArgument("Invalid JSON payload received.")
        }
    }
}

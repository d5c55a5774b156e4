import AppStoreSignedData
import Foundation
import HTTPServer
import PurchaseCatalog
import PurchaseCore
import PurchaseKit

/// Everything a request needs: the deployment, the App Store trust, the API key, the counters; and
/// the answer to each request.
///
/// Safe to share: its properties are immutable or `Sendable` and lock their own state.
struct ServerContext: Sendable {
    let deployment: PurchaseDeployment
    let trust: AppStoreTrust
    /// The Play notification route's processor and push secret; nil without `GooglePlayPackageName`.
    let googlePlay: GooglePlayNotifications?
    let apiKey: APIKey?
    let metrics: ServerMetrics

    /// The answer to `request`; never throws: failures are JSON errors.
    func handle(_ request: HTTPRequest) async -> HTTPResponse {
        do throws(ServerError) {
            switch Route.match(method: request.method, path: request.path) {
            case .none, .badAccount:
                throw .notFound
            case .wrongMethod:
                throw .methodNotAllowed
            case .route(let route):
                if route.needsAPIKey, apiKey?.accepts(authorization: request.headers["Authorization"]) != true {
                    throw .unauthorized
                }
                return try await answer(route, request)
            }
        } catch {
            return errorResponse(error, acceptLanguage: request.headers["Accept-Language"])
        }
    }

    private func answer(_ route: Route, _ request: HTTPRequest) async throws(ServerError) -> HTTPResponse {
        switch route {
        case .appleNotification: try await notification(request)
        case .googleNotification: try await googleNotification(request)
        case .transactions: try await transaction(request)
        case .entitlements(let account): try await entitlements(of: account)
        case .spend(let account, let balance): try await spend(request, account: account, balance: balance)
        case .health: try await health()
        case .metrics:
            HTTPResponse(
                status: 200, headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8"],
                body: Data(metrics.text().utf8))
        }
    }

    // MARK: - Errors

    /// The JSON error `{"error": {"code", "name", "message"}}` in the language `acceptLanguage` asks for.
    func errorResponse(_ error: ServerError, acceptLanguage: String?) -> HTTPResponse {
        let locale = ResponseLanguage.locale(
            for: acceptLanguage, table: deployment.messages, fallback: deployment.locale)
        let body: [String: Any] = [
            "error": [
                "code": error.code.rawValue, "name": error.code.name,
                "message": deployment.messages.render(error.message, locale: locale),
            ] as [String: Any]
        ]
        var headers = HTTPHeaders()
        headers["Content-Language"] = locale.replacingOccurrences(of: "_", with: "-")
        if error.status == 401 { headers["WWW-Authenticate"] = "Bearer" }
        return HTTPResponse.json(status: error.status, JSONBody.data(body), headers: headers)
    }

    /// The answer to a request the HTTP server refuses itself.
    func rejectionResponse(_ rejection: HTTPRejection) -> HTTPResponse {
        let error =
            switch rejection.reason {
            case .bodyTooLarge: ServerError(status: 413, code: .clientInvalid, .serverBodyTooLarge)
            case .headersTooLarge: ServerError(status: 431, code: .clientInvalid, .serverHeadersTooLarge)
            case .timedOut: ServerError(status: 503, code: .storeUnavailable, .serverTimedOut)
            case .shuttingDown: ServerError(status: 503, code: .storeUnavailable, .serverShuttingDown)
            }
        var response = errorResponse(error, acceptLanguage: rejection.request.headers["Accept-Language"])
        if error.status == 503 { response.headers["Retry-After"] = "1" }
        return response
    }

    /// A `PurchaseError` as the server answers it, counting the ledger's failures.
    func failure(_ error: any Error) -> ServerError {
        let purchaseError = error as? PurchaseError ?? PurchaseError(.ledgerIOFailed, detail: "\(error)")
        if purchaseError.code == .ledgerIOFailed { metrics.recordLedgerError() }
        return ServerError(purchaseError)
    }

    // MARK: - Bodies

    /// The request's body decoded as `type` from JSON.
    func decode<Body: Decodable>(_ type: Body.Type, _ request: HTTPRequest) throws(ServerError) -> Body {
        guard let body = try? JSONDecoder().decode(type, from: request.body) else { throw .malformedBody }
        return body
    }

    // MARK: - Accounts

    func entitlements(of account: UUID, extra: [String: Any] = [:]) async throws(ServerError) -> HTTPResponse {
        do {
            var body = JSONBody.entitlements(try await deployment.store.entitlements(for: account))
            body["account"] = account.uuidString
            body.merge(extra) { _, new in new }
            return HTTPResponse.json(JSONBody.data(body))
        } catch {
            throw failure(error)
        }
    }

    private func health() async throws(ServerError) -> HTTPResponse {
        do {
            _ = try await deployment.ledger.delivery(for: TransactionID(store: "purchasekit-server", id: "healthz"))
        } catch {
            throw failure(error)
        }
        return HTTPResponse.json(JSONBody.data(["status": "ok"]))
    }
}

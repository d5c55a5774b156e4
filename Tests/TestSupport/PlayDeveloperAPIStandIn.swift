package import Foundation
import HTTPServer

/// A stand-in for Google's Play Developer API on 127.0.0.1, answering the JSON of PLAY-WIRE.md from
/// purchases a test sets: products by (product id, token), subscriptions by token, voided purchases in
/// pages. It checks the bearer token (401 with Google's error body otherwise), records acknowledgements,
/// consumptions and every request, and can be told to fail with a status (503 "down") until told not to.
package final class PlayDeveloperAPIStandIn: @unchecked Sendable {
    /// A request it received.
    package struct Received: Sendable {
        /// The method.
        package var method: String
        /// The path.
        package var path: String
        /// The query items.
        package var query: [String: String]
        /// The `Authorization` header.
        package var authorization: String?
    }

    private struct State {
        var products: [String: [String: Any]] = [:]
        var subscriptions: [String: [String: Any]] = [:]
        var voided: [[String: Any]] = []
        var failure: Int?
        var received: [Received] = []
    }

    /// The package name it serves.
    package let packageName: String
    /// The access token it accepts.
    package let accessToken: String
    /// The voided purchases a page holds.
    package let pageSize: Int
    private let lock = NSLock()
    private var state = State()
    private var server: HTTPServer?
    /// `http://127.0.0.1:PORT`.
    package private(set) var baseURL = URL(string: "http://127.0.0.1")!

    /// Starts answering for `packageName`, accepting `accessToken`.
    package init(packageName: String = "com.example.app", accessToken: String = "play-token", pageSize: Int = 2) throws
    {
        self.packageName = packageName
        self.accessToken = accessToken
        self.pageSize = pageSize
        let server = HTTPServer(configuration: HTTPServer.Configuration(host: "127.0.0.1", port: 0)) { [weak self] in
            guard let self else { return HTTPResponse(status: 503) }
            return self.respond($0)
        }
        try server.start()
        self.server = server
        baseURL = URL(string: "http://127.0.0.1:\(server.port)")!
    }

    /// Stops the server once the requests in flight are answered.
    package func stop() async {
        await server?.shutdown()
    }

    private func locked<R>(_ body: (inout State) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }

    /// Sets the one-time purchase `json` answers for `productID` and `token`.
    package func setProduct(_ productID: String, token: String, _ json: [String: Any]) {
        locked { $0.products[productID + "/" + token] = json }
    }

    /// The one-time purchase set for `productID` and `token`, with what the test double changed.
    package func product(_ productID: String, token: String) -> [String: Any]? {
        locked { $0.products[productID + "/" + token] }
    }

    /// Sets the subscription purchase `json` answers for `token`.
    package func setSubscription(token: String, _ json: [String: Any]) {
        locked { $0.subscriptions[token] = json }
    }

    /// The subscription purchase set for `token`, with what the test double changed.
    package func subscription(token: String) -> [String: Any]? {
        locked { $0.subscriptions[token] }
    }

    /// Sets the voided purchases listed.
    package func setVoided(_ voided: [[String: Any]]) {
        locked { $0.voided = voided }
    }

    /// Makes every request answer `status` with Google's error body (nil: answer normally).
    package func setFailure(_ status: Int?) {
        locked { $0.failure = status }
    }

    /// Every request received, in order.
    package var received: [Received] { locked { $0.received } }

    private func error(_ status: Int, _ name: String, _ message: String) -> HTTPResponse {
        let body: [String: Any] = ["error": ["code": status, "message": message, "status": name]]
        return HTTPResponse.json(status: status, (try? JSONSerialization.data(withJSONObject: body)) ?? Data())
    }

    private func json(_ value: [String: Any]) -> HTTPResponse {
        HTTPResponse.json((try? JSONSerialization.data(withJSONObject: value)) ?? Data())
    }

    private func respond(_ request: HTTPRequest) -> HTTPResponse {
        let query = Dictionary(request.query.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
        let authorization = request.headers["Authorization"]
        let failure = locked { state -> Int? in
            state.received.append(
                Received(method: request.method, path: request.path, query: query, authorization: authorization))
            return state.failure
        }
        if let failure { return error(failure, failure == 429 ? "RESOURCE_EXHAUSTED" : "UNAVAILABLE", "failing") }
        guard authorization == "Bearer " + accessToken else {
            return error(401, "UNAUTHENTICATED", "Request had invalid authentication credentials.")
        }
        let prefix = "/androidpublisher/v3/applications/\(packageName)/purchases/"
        guard request.path.hasPrefix(prefix) else { return error(404, "NOT_FOUND", "No application was found.") }
        let rest = String(request.path.dropFirst(prefix.count))
        let parts = rest.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if request.method == "GET", rest == "voidedpurchases" { return voidedPage(query) }
        if parts.count == 4, parts[0] == "products", parts[2] == "tokens" {
            return product(parts[1], parts[3], method: request.method)
        }
        if request.method == "GET", parts.count == 3, parts[0] == "subscriptionsv2", parts[1] == "tokens" {
            guard let found = subscription(token: parts[2]) else {
                return error(404, "NOT_FOUND", "The purchase token was not found.")
            }
            return json(found)
        }
        if request.method == "POST", parts.count == 4, parts[0] == "subscriptions", parts[2] == "tokens",
            parts[3].hasSuffix(":acknowledge")
        {
            let token = String(parts[3].dropLast(":acknowledge".count))
            let found = locked { state -> Bool in
                guard var purchase = state.subscriptions[token] else { return false }
                purchase["acknowledgementState"] = "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED"
                state.subscriptions[token] = purchase
                return true
            }
            return found ? HTTPResponse(status: 200) : error(404, "NOT_FOUND", "The purchase token was not found.")
        }
        return error(404, "NOT_FOUND", "Not found.")
    }

    private func product(_ productID: String, _ last: String, method: String) -> HTTPResponse {
        var token = last
        var action = ""
        if let colon = last.lastIndex(of: ":") {
            token = String(last[..<colon])
            action = String(last[last.index(after: colon)...])
        }
        let key = productID + "/" + token
        switch (method, action) {
        case ("GET", ""):
            guard let found = locked({ $0.products[key] }) else {
                return error(404, "NOT_FOUND", "The purchase token was not found.")
            }
            return json(found)
        case ("POST", "acknowledge"), ("POST", "consume"):
            let found = locked { state -> Bool in
                guard var purchase = state.products[key] else { return false }
                purchase["acknowledgementState"] = 1
                if action == "consume" { purchase["consumptionState"] = 1 }
                state.products[key] = purchase
                return true
            }
            return found ? HTTPResponse(status: 200) : error(404, "NOT_FOUND", "The purchase token was not found.")
        default:
            return error(400, "INVALID_ARGUMENT", "Unsupported request.")
        }
    }

    private func voidedPage(_ query: [String: String]) -> HTTPResponse {
        let all = locked { $0.voided }
        let start = query["token"].flatMap { Int($0.dropFirst("page-".count)) } ?? 0
        guard start >= 0, start <= all.count else { return error(400, "INVALID_ARGUMENT", "Bad page token.") }
        let end = min(all.count, start + pageSize)
        var body: [String: Any] = ["voidedPurchases": Array(all[start..<end])]
        if end < all.count { body["tokenPagination"] = ["nextPageToken": "page-\(end)"] }
        return json(body)
    }
}

import Foundation
import HTTPServer
import PurchaseCore

/// A push endpoint on 127.0.0.1 that records every request and answers the statuses it is given in
/// order, then 204.
final class PushEndpoint: Sendable {
    /// One request the endpoint received.
    struct Received: Sendable {
        var method: String
        var path: String
        var token: String?
        var contentType: String?
        var body: Data
    }

    private let server: HTTPServer
    private let received: Locked<[Received]>
    /// `http://127.0.0.1:PORT/play/rtdn?token=secret`.
    let url: URL

    /// Starts an endpoint answering `statuses` first.
    init(answering statuses: [Int] = []) throws {
        let received = Locked<[Received]>([])
        self.received = received
        let script = Locked(statuses)
        server = HTTPServer(configuration: HTTPServer.Configuration(host: "127.0.0.1", port: 0)) { request in
            received.withLock {
                $0.append(
                    Received(
                        method: request.method, path: request.path, token: request.queryValue("token"),
                        contentType: request.headers["Content-Type"], body: request.body))
            }
            let status = script.withLock { $0.isEmpty ? 204 : $0.removeFirst() }
            return HTTPResponse(status: status)
        }
        try server.start()
        url = URL(string: "http://127.0.0.1:\(server.port)/play/rtdn?token=secret")!
    }

    /// Every request received, oldest first.
    var requests: [Received] { received.withLock { $0 } }

    /// Stops the server.
    func stop() async {
        await server.shutdown()
    }
}

package import Foundation
import HTTPServer
package import SimulatedAppStore

/// A simulated App Store Server API hosted over HTTP on 127.0.0.1, on a port the system chooses.
package final class LoopbackServerAPI: Sendable {
    private let server: HTTPServer
    /// `http://127.0.0.1:PORT`.
    package let baseURL: URL

    /// Starts `api` behind an HTTP server on loopback.
    package init(_ api: SimulatedServerAPI) throws {
        server = HTTPServer(configuration: HTTPServer.Configuration(host: "127.0.0.1", port: 0)) { request in
            let answer = await api.respond(
                to: SimulatedServerAPIRequest(
                    method: request.method, path: request.path,
                    query: request.query.map { URLQueryItem(name: $0.name, value: $0.value) },
                    headers: Dictionary(
                        request.headers.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first }),
                    body: request.body))
            var headers = HTTPHeaders()
            for (name, value) in answer.headers { headers.add(name: name, value: value) }
            return HTTPResponse(status: answer.status, headers: headers, body: answer.body)
        }
        try server.start()
        baseURL = URL(string: "http://127.0.0.1:\(server.port)")!
    }

    /// Stops the server once the requests in flight are answered.
    package func stop() async {
        await server.shutdown()
    }
}

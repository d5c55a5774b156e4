package import Foundation
import HTTPServer
package import SimulatedGooglePlay

/// A simulated Play Developer API hosted over HTTP on 127.0.0.1, on a port the system chooses: requests
/// to `baseURL` + `/androidpublisher/v3/...` reach the store's ``SimulatedPlayDeveloperAPI``.
package final class LoopbackPlayDeveloperAPI: Sendable {
    private let server: HTTPServer
    /// The API it hosts.
    package let api: SimulatedPlayDeveloperAPI
    /// `http://127.0.0.1:PORT`, the base URL a client uses instead of `https://androidpublisher.googleapis.com`.
    package let baseURL: URL

    /// Starts `api` behind an HTTP server on loopback.
    ///
    /// - Throws: `HTTPServerError` when the server cannot start.
    package init(_ api: SimulatedPlayDeveloperAPI) throws {
        self.api = api
        server = HTTPServer(configuration: HTTPServer.Configuration(host: "127.0.0.1", port: 0)) { request in
            let answer = await api.respond(
                to: PlayDeveloperAPIRequest(
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

    /// Starts the Play Developer API of `store` behind an HTTP server on loopback.
    ///
    /// - Throws: `HTTPServerError` when the server cannot start.
    package convenience init(store: SimulatedGooglePlay) throws {
        try self.init(SimulatedPlayDeveloperAPI(store: store))
    }

    /// Stops the server once the requests in flight are answered.
    package func stop() async {
        await server.shutdown()
    }
}

import Foundation
import HTTPServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A started server on 127.0.0.1 with an ephemeral port, and URLSession requests to it.
struct TestServer {
    let server: HTTPServer

    init(limits: HTTPServer.Limits = HTTPServer.Limits(), handler: @escaping HTTPServer.Handler) throws {
        server = HTTPServer(
            configuration: HTTPServer.Configuration(host: "127.0.0.1", port: 0, limits: limits),
            handler: handler)
        try server.start()
    }

    /// Wraps a server the caller made and started.
    init(started server: HTTPServer) {
        self.server = server
    }

    var port: Int { server.port }

    func url(_ pathAndQuery: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(pathAndQuery)")!
    }

    /// Sends a request with URLSession and answers the status, the response and the body.
    func request(
        _ method: String, _ pathAndQuery: String, body: Data? = nil, headers: [String: String] = [:]
    ) async throws -> (status: Int, response: HTTPURLResponse, body: Data) {
        var request = URLRequest(url: url(pathAndQuery))
        request.httpMethod = method
        request.httpBody = body
        request.timeoutInterval = 60
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as! HTTPURLResponse
        return (http.statusCode, http, data)
    }
}

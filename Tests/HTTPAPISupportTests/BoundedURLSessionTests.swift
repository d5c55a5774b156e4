import Foundation
import HTTPAPISupport
import HTTPServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The bounded session against a server on 127.0.0.1 answering a body of the size the path names.
struct BoundedURLSessionTests {
    /// A loopback server answering `/bytes/N` with N bytes of `x`.
    static func server() throws -> HTTPServer {
        let server = HTTPServer(configuration: HTTPServer.Configuration(host: "127.0.0.1", port: 0)) { request in
            guard request.path.hasPrefix("/bytes/"), let count = Int(request.path.dropFirst("/bytes/".count)) else {
                return HTTPResponse(status: 404)
            }
            return HTTPResponse(status: 200, body: Data(repeating: UInt8(ascii: "x"), count: count))
        }
        try server.start()
        return server
    }

    static func request(_ server: HTTPServer, bytes: Int) -> URLRequest {
        URLRequest(url: URL(string: "http://127.0.0.1:\(server.port)/bytes/\(bytes)")!)
    }

    @Test(arguments: [0, 1, 999, 1000])
    func aBodyUpToTheLimitArrivesWhole(bytes: Int) async throws {
        let server = try Self.server()
        let session = BoundedURLSession(configuration: .ephemeral, timeout: 30)
        let (response, body) = try await session.load(Self.request(server, bytes: bytes), limit: 1000)
        #expect(response.statusCode == 200)
        #expect(body == Data(repeating: UInt8(ascii: "x"), count: bytes))
        await server.shutdown()
    }

    @Test(arguments: [1001, 200_000])
    func aBodyPastTheLimitIsRefused(bytes: Int) async throws {
        let server = try Self.server()
        let session = BoundedURLSession(configuration: .ephemeral, timeout: 30)
        await #expect(throws: BoundedURLSession.ResponseTooLarge.self) {
            _ = try await session.load(Self.request(server, bytes: bytes), limit: 1000)
        }
        await server.shutdown()
    }

    @Test func anAnswerThatIsNotASuccessIsStillAnAnswer() async throws {
        let server = try Self.server()
        let session = BoundedURLSession(configuration: .ephemeral, timeout: 30)
        let url = URL(string: "http://127.0.0.1:\(server.port)/elsewhere")!
        let (response, _) = try await session.load(URLRequest(url: url), limit: 1000)
        #expect(response.statusCode == 404)
        await server.shutdown()
    }

    @Test func theConfigurationGetsTheTimeoutAndNoCookiesOrCache() {
        let configuration = URLSessionConfiguration.ephemeral
        _ = BoundedURLSession(configuration: configuration, timeout: 7)
        #expect(configuration.timeoutIntervalForRequest == 7)
        #expect(configuration.timeoutIntervalForResource == 7)
        #expect(configuration.httpCookieStorage == nil)
        #expect(configuration.urlCache == nil)
    }
}

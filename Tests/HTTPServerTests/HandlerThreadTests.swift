import Foundation
import HTTPServer
import Testing

/// `HTTPServer.Configuration.handlerThreadStart` runs first on every thread handlers run on, and
/// handlers see what it set there.
struct HandlerThreadTests {
    /// Whether the start hook prepared the calling thread.
    static func preparedHere() -> Bool {
        Thread.current.threadDictionary["prepared"] as? Bool == true
    }

    @Test func handlersRunOnThreadsTheStartHookPrepared() async throws {
        let configuration = HTTPServer.Configuration(
            handlerThreads: 3,
            handlerThreadStart: { Thread.current.threadDictionary["prepared"] = true })
        let server = HTTPServer(configuration: configuration) { _ in
            let prepared = Self.preparedHere()
            return HTTPResponse.text(status: 200, prepared ? "prepared" : "not prepared")
        }
        try server.start()
        let test = TestServer(started: server)
        for index in 0..<6 {
            let answer = try await test.request("GET", "/\(index)")
            #expect(String(decoding: answer.body, as: UTF8.self) == "prepared")
        }
        await server.shutdown()
    }
}

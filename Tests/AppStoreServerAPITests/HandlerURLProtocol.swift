import Foundation
import PurchaseCore
import SimulatedAppStore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `URLProtocol` that answers requests to a host of its own with a simulated server API (or a
/// canned answer), so the client is tested through URLSession without a socket.
final class HandlerURLProtocol: URLProtocol {
    /// What a registered host answers with.
    enum Responder: Sendable {
        case server(SimulatedServerAPI)
        case canned(status: Int, headers: [String: String], body: Data)
    }

    private static let hosts = Locked<[String: Responder]>([:])

    /// A new host answered by `server`.
    static func register(_ server: SimulatedServerAPI) -> String {
        register(.server(server))
    }

    /// A new host answered by `responder`.
    static func register(_ responder: Responder) -> String {
        let host = "api-\(UUID().uuidString.lowercased()).test"
        hosts.withLock { $0[host] = responder }
        return host
    }

    override class func canInit(with request: URLRequest) -> Bool {
        guard let host = request.url?.host else { return false }
        return hosts.withLock { $0[host] != nil }
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let request = self.request
        guard let url = request.url, let host = url.host,
            let responder = Self.hosts.withLock({ $0[host] })
        else { return }
        var body = request.httpBody ?? Data()
        if body.isEmpty, let stream = request.httpBodyStream {
            stream.open()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = stream.read(&buffer, maxLength: buffer.count)
                guard count > 0 else { break }
                body.append(contentsOf: buffer[0..<count])
            }
            stream.close()
        }
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        let simulated = SimulatedServerAPIRequest(
            method: request.httpMethod ?? "GET", path: url.path, query: components?.queryItems ?? [],
            headers: request.allHTTPHeaderFields ?? [:], body: body)
        let box = UncheckedBox(self)
        Task {
            let answer: SimulatedServerAPIResponse
            switch responder {
            case .server(let server): answer = await server.respond(to: simulated)
            case .canned(let status, let headers, let body):
                answer = SimulatedServerAPIResponse(status: status, headers: headers, body: body)
            }
            let loader = box.value
            let response = HTTPURLResponse(
                url: url, statusCode: answer.status, httpVersion: "HTTP/1.1",
                headerFields: answer.headers.merging(["Content-Length": String(answer.body.count)]) { $1 })!
            loader.client?.urlProtocol(loader, didReceive: response, cacheStoragePolicy: .notAllowed)
            loader.client?.urlProtocol(loader, didLoad: answer.body)
            loader.client?.urlProtocolDidFinishLoading(loader)
        }
    }

    override func stopLoading() {}
}

/// Carries a non-`Sendable` value into a task that alone uses it.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

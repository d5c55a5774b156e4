import Foundation
import TestSupport
import Testing

@testable import SimulatedGooglePlay

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A simulated Play with its Developer API on loopback, and requests to it with URLSession.
struct DeveloperAPIHarness {
    let play: PlayHarness
    let host: LoopbackPlayDeveloperAPI
    let accessToken: String

    static let package = "/androidpublisher/v3/applications/com.example.app/purchases"

    /// A store with the test products and its API hosted on 127.0.0.1.
    static func make() async throws -> DeveloperAPIHarness {
        let play = await PlayHarness.make()
        let host = try LoopbackPlayDeveloperAPI(store: play.store)
        return DeveloperAPIHarness(play: play, host: host, accessToken: await play.store.state.developerAPIAccessToken)
    }

    /// Sends `method` to `path` (under the app's purchases unless it starts with `/androidpublisher`) with
    /// `query` and `body`, authorized by `token` (default the store's; nil: no header); the status and the
    /// body as a JSON object (empty for an empty body).
    func send(
        _ method: String, _ path: String, query: [URLQueryItem] = [], body: Data? = nil, token: String?? = .none
    ) async throws -> (status: Int, json: [String: Any]) {
        let full = path.hasPrefix("/androidpublisher") ? path : Self.package + path
        var components = try #require(URLComponents(url: host.baseURL, resolvingAgainstBaseURL: false))
        components.percentEncodedPath = full
        if !query.isEmpty { components.queryItems = query }
        var request = URLRequest(url: try #require(components.url), timeoutInterval: 10)
        request.httpMethod = method
        request.httpBody = body
        if let bearer = token ?? accessToken {
            request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = try #require(response as? HTTPURLResponse).statusCode
        guard !data.isEmpty else { return (status, [:]) }
        return (status, try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]))
    }

    /// The error status name of an error answer.
    static func errorStatus(_ json: [String: Any]) -> String? {
        (json["error"] as? [String: Any])?["status"] as? String
    }

    /// Stops the server.
    func stop() async {
        await host.stop()
    }
}

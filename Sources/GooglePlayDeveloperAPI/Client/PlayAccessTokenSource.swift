import Foundation

/// Where a Play Developer API client gets the OAuth 2.0 access token it sends as
/// `Authorization: Bearer <token>`.
///
/// ## Implementation requirements
/// - ``accessToken()`` answers a token valid now, or throws; it may be called for every request and
///   from several tasks at once, so a source that fetches tokens caches them itself.
/// - ``discardToken(_:)`` is called after the server refused `token` (401); the next
///   ``accessToken()`` should answer another one when it can.
public protocol PlayAccessTokenSource: Sendable {
    /// A token to send now.
    ///
    /// - Throws: ``PlayDeveloperAPIError`` with code `invalidRequest` when no token can be had.
    func accessToken() async throws(PlayDeveloperAPIError) -> String

    /// Forgets `token`, which the server refused.
    func discardToken(_ token: String) async
}

// MARK: - Default implementations

extension PlayAccessTokenSource {
    /// Does nothing: the source has no cache.
    public func discardToken(_ token: String) async {}
}

/// A token read from an environment variable at each request (the variable a deployment's settings
/// name); the token itself never goes in a catalog. Whoever starts the server keeps the variable
/// holding a token that is valid (Google's access tokens last about an hour).
public struct EnvironmentAccessTokenSource: PlayAccessTokenSource {
    /// The variable's name.
    public let variable: String
    private let environment: @Sendable () -> [String: String]

    /// A source reading `variable` from `environment` (read at each request).
    public init(variable: String, environment: @escaping @Sendable () -> [String: String]) {
        self.variable = variable
        self.environment = environment
    }

    /// The variable's value.
    ///
    /// - Throws: ``PlayDeveloperAPIError`` `invalidRequest` when it is unset or empty.
    public func accessToken() async throws(PlayDeveloperAPIError) -> String {
        guard let token = environment()[variable]?.trimmingCharacters(in: .whitespacesAndNewlines), !token.isEmpty
        else {
            throw PlayDeveloperAPIError(.invalidRequest, detail: "the environment variable \(variable) holds no token")
        }
        return token
    }
}

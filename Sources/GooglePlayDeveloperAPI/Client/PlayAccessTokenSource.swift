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

/// A token read from an environment variable (the variable a deployment's settings name); the token
/// itself never goes in a catalog. A process's environment does not change once it runs, so this suits
/// a token valid as long as the process (a long-lived token of a stand-in or a proxy); for Google's
/// access tokens, which last about an hour, use ``FileAccessTokenSource``.
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

/// A token read from a file at each request (its first line, at most 8 KiB), so that a process outside
/// (a sidecar or a timer running `gcloud auth print-access-token`) can replace it as Google's tokens
/// expire, without a restart: write the new token to a temporary file and rename it over this one.
public struct FileAccessTokenSource: PlayAccessTokenSource {
    /// The file's path.
    public let path: String

    /// A source reading the file at `path`.
    public init(path: String) {
        self.path = path
    }

    /// The file's first line.
    ///
    /// - Throws: ``PlayDeveloperAPIError`` `invalidRequest` when the file cannot be read, is larger than
    ///   8 KiB, or holds no token.
    public func accessToken() async throws(PlayDeveloperAPIError) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw PlayDeveloperAPIError(.invalidRequest, detail: "the access token file \(path) cannot be read")
        }
        defer { try? handle.close() }
        let limit = 8 << 10
        let data = (try? handle.read(upToCount: limit + 1)) ?? nil
        guard let data, data.count <= limit else {
            throw PlayDeveloperAPIError(
                .invalidRequest, detail: "the access token file \(path) is empty, unreadable or larger than 8 KiB")
        }
        let line = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let token = line.trimmingCharacters(in: .whitespaces)
        guard !token.isEmpty else {
            throw PlayDeveloperAPIError(.invalidRequest, detail: "the access token file \(path) holds no token")
        }
        return token
    }
}

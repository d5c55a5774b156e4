public import Foundation

/// The URL of one request to an HTTP API: a base URL (which may carry a path prefix), an endpoint's
/// path and its query.
public enum EndpointURL {
    /// Why a request's URL could not be made. Its description is a sentence for logs.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The base URL cannot be split into its components.
        case unreadableBase
        /// The components do not make a URL.
        case unbuildable

        /// `the base URL cannot be read` or `the request URL cannot be built`.
        public var description: String {
            switch self {
            case .unreadableBase: "the base URL cannot be read"
            case .unbuildable: "the request URL cannot be built"
            }
        }
    }

    /// `base` with `path` appended to its path (one trailing slash of the base dropped first) and
    /// `query` as its query (none when empty); the base's own query and fragment are kept.
    ///
    /// - Parameters:
    ///   - base: the API's base URL, such as `https://api.example.com` or `http://127.0.0.1:8080/prefix/`.
    ///   - path: the endpoint's path, percent-encoded, starting with `/`.
    ///   - query: the query items, in order.
    /// - Throws: ``Failure`` when the base cannot be read or the result is not a URL.
    public static func make(base: URL, path: String, query: [URLQueryItem] = []) throws(Failure) -> URL {
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else {
            throw .unreadableBase
        }
        let prefix =
            components.percentEncodedPath.hasSuffix("/")
            ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath
        components.percentEncodedPath = prefix + path
        components.queryItems = query.isEmpty ? nil : query
        guard let url = components.url else { throw .unbuildable }
        return url
    }

    /// `value` as one path segment: every character but the unreserved ones of RFC 3986 (letters,
    /// digits, `-`, `.`, `_`, `~`) percent-encoded, so a `/` or `?` in it stays inside the segment.
    public static func segment(_ value: String) -> String {
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }
}

public import Foundation

/// Where a Play Developer API client sends its requests, for which app, and its bounds.
public struct PlayDeveloperAPIConfiguration: Sendable {
    /// Google's server.
    public static let defaultBaseURL = URL(string: "https://androidpublisher.googleapis.com")!

    /// The server's base URL; request paths (`/androidpublisher/v3/...`) are appended to it.
    public var baseURL: URL
    /// The app's package name (`com.example.app`).
    public var packageName: String
    /// How long one request may take, connection included.
    public var requestTimeout: TimeInterval = 30
    /// The largest response body read; a larger one is refused
    /// (``PlayDeveloperAPIError/Code/responseTooLarge``).
    public var maximumResponseBytes = 4 * 1024 * 1024

    /// A configuration for `packageName` on the server at `baseURL` (Google's by default).
    public init(packageName: String, baseURL: URL = PlayDeveloperAPIConfiguration.defaultBaseURL) {
        self.packageName = packageName
        self.baseURL = baseURL
    }
}

/// Downloadable content that comes with a product (used by the simulated App Store's downloads).
public struct HostedContent: Sendable, Hashable, Codable {
    /// The content's version string (`1.0`).
    public var version: String
    /// The download's size in bytes; never negative.
    public var contentLength: Int64

    /// Creates a description of hosted content.
    public init(version: String, contentLength: Int64) {
        self.version = version
        self.contentLength = contentLength
    }
}

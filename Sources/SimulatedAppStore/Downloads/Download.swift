public import Foundation

/// Hosted content of a purchased product, downloading under the virtual clock (`SKDownload`'s shape).
public struct Download: Sendable, Hashable {
    /// Where a download stands.
    public enum State: String, Sendable, Hashable, CaseIterable {
        /// Created with its transaction; not started.
        case waiting
        /// Downloading; ``Download/progress`` and ``Download/timeRemaining`` move with the clock.
        case active
        /// Stopped by the app; resumes where it stopped.
        case paused
        /// All content is here.
        case finished
        /// Stopped by an error (``Download/error``).
        case failed
        /// Cancelled by the app.
        case cancelled

        /// Whether the download can no longer change.
        public var isTerminal: Bool { self == .finished || self == .failed || self == .cancelled }
    }

    /// The content's identifier (the product identifier it comes with).
    public var contentIdentifier: String
    /// The transaction the content was bought with.
    public var transactionIdentifier: String
    /// The content's version (`HostedContent.Version`).
    public var contentVersion: String
    /// The content's size in bytes.
    public var expectedContentLength: Int64
    /// Where it stands.
    public var state: State
    /// How much is downloaded, from 0 to 1.
    public var progress: Double
    /// Estimated virtual seconds left while active; `nil` when not known (not active).
    public var timeRemaining: TimeInterval?
    /// Why it failed.
    public var error: StoreKitError?
    /// Where the content is, once finished (`SKDownload.contentURL`): a folder holding
    /// `ContentInfo.plist` and `Contents/`, which the simulated store fills with a description of the
    /// content, not its bytes. It stays after the transaction is finished.
    public var contentURL: URL?

    /// Creates a download value (the queue creates them).
    public init(
        contentIdentifier: String,
        transactionIdentifier: String,
        contentVersion: String,
        expectedContentLength: Int64,
        state: State = .waiting,
        progress: Double = 0,
        timeRemaining: TimeInterval? = nil,
        error: StoreKitError? = nil,
        contentURL: URL? = nil
    ) {
        self.contentIdentifier = contentIdentifier
        self.transactionIdentifier = transactionIdentifier
        self.contentVersion = contentVersion
        self.expectedContentLength = expectedContentLength
        self.state = state
        self.progress = progress
        self.timeRemaining = timeRemaining
        self.error = error
        self.contentURL = contentURL
    }

    /// The key the queue tracks a download by: transaction and content.
    var key: String { transactionIdentifier + "/" + contentIdentifier }
}

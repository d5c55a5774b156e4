public import Foundation

/// One piece of hosted content of a purchased or restored transaction, as its store reports it while
/// it downloads (StoreKit's `SKDownload`).
///
/// Guarantees: ``progress`` is between 0 and 1; ``contentURL`` is set only in
/// ``State/finished``; ``error`` only in ``State/failed`` and ``State/cancelled``.
public struct ContentDownload: Sendable {
    /// Where a download stands (`SKDownloadState`).
    public enum State: String, Sendable, Hashable, CaseIterable {
        /// Known with its transaction, not started.
        case waiting
        /// Downloading: ``ContentDownload/progress`` and ``ContentDownload/timeRemaining`` move.
        case active
        /// Stopped for now; it resumes where it stopped.
        case paused
        /// All of the content is at ``ContentDownload/contentURL``.
        case finished
        /// Stopped by an error (``ContentDownload/error``); starting it again starts over.
        case failed
        /// Cancelled before it finished; starting it again starts over.
        case cancelled

        /// Whether the download can no longer change by itself.
        public var isTerminal: Bool { self == .finished || self == .failed || self == .cancelled }
    }

    /// The catalog's identifier of the product the content comes with.
    public var productID: String
    /// The content's identifier in its store.
    public var contentIdentifier: String
    /// The content's version.
    public var contentVersion: String
    /// The content's size in bytes.
    public var contentLength: Int64
    /// Where it stands.
    public var state: State
    /// How much of the content is here, from 0 to 1.
    public var progress: Double
    /// The store's estimate of the seconds left while active; `nil` when not known.
    public var timeRemaining: TimeInterval?
    /// Where the content is once finished; `nil` in every other state. A store may remove it once the
    /// transaction is finished (StoreKit does): move what the app keeps when the download finishes.
    public var contentURL: URL?
    /// Why it failed or was cancelled.
    public var error: PurchaseError?

    /// Creates a download value; `progress` is clamped to 0...1, and `contentURL` and `error` are kept
    /// only in the states that have them.
    public init(
        productID: String,
        contentIdentifier: String,
        contentVersion: String,
        contentLength: Int64,
        state: State = .waiting,
        progress: Double = 0,
        timeRemaining: TimeInterval? = nil,
        contentURL: URL? = nil,
        error: PurchaseError? = nil
    ) {
        self.productID = productID
        self.contentIdentifier = contentIdentifier
        self.contentVersion = contentVersion
        self.contentLength = contentLength
        self.state = state
        self.progress = progress.isNaN ? 0 : min(1, max(0, progress))
        self.timeRemaining = timeRemaining
        self.contentURL = state == .finished ? contentURL : nil
        self.error = state == .failed || state == .cancelled ? error : nil
    }
}

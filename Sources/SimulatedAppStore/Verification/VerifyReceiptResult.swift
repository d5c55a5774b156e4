/// What an ``AppStoreReceiptVerifier`` obtained for a receipt: the final response and how it got there.
public struct VerifyReceiptResult: Sendable, Hashable {
    /// One request sent.
    public struct Attempt: Sendable, Hashable {
        /// The endpoint it went to.
        public var environment: AppStoreEnvironment
        /// The status answered, or `nil` when the transport failed or the body was unreadable.
        public var status: VerifyReceiptStatus?
    }

    /// The accepted response: status 0, or 21006 when expired subscriptions are accepted.
    public var response: VerifyReceiptResponse
    /// The environment whose answer was accepted.
    public var environment: AppStoreEnvironment
    /// Every request sent, in order (production first; the other environment after 21007/21008).
    public var attempts: [Attempt]

    /// Whether the receipt verified only in the sandbox.
    public var isSandbox: Bool { environment == .sandbox }
}

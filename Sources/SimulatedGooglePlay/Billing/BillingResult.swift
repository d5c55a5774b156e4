public import PurchaseCore

/// What a Play Billing call answered (`BillingResult`): a response code and a debug message for the
/// developer.
///
/// The debug message is English and meant for logs, as Play's is; what a person sees is ``message``,
/// the code's text from the message tables. A result that is not OK is an `Error`, so code that
/// prefers throwing can throw it.
public struct BillingResult: Error, Sendable, Hashable, Codable {
    /// The response code.
    public var responseCode: BillingResponseCode
    /// A developer-facing explanation (English), empty for plain success.
    public var debugMessage: String

    /// Creates a result.
    ///
    /// - Parameters:
    ///   - responseCode: the code.
    ///   - debugMessage: the developer-facing explanation.
    public init(_ responseCode: BillingResponseCode, _ debugMessage: String = "") {
        self.responseCode = responseCode
        self.debugMessage = debugMessage
    }

    /// Success with no message.
    public static let ok = BillingResult(.ok)

    /// Whether the code is ``BillingResponseCode/ok``.
    public var isOK: Bool { responseCode == .ok }

    /// The localized description of the code for a person, rendered by a message table.
    public var message: Message { .keyed(responseCode.messageKey, arguments: []) }
}

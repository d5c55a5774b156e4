public import PurchaseCore

/// The keys of what `purchasekit-server` tells the apps calling it (its JSON errors' messages) and
/// the people running it (standard error).
extension MessageKey {
    /// A request without the right API key.
    public static let serverUnauthorized = MessageKey("server.unauthorized")
    /// A path the server does not serve.
    public static let serverNotFound = MessageKey("server.notFound")
    /// A method the path does not take.
    public static let serverMethodNotAllowed = MessageKey("server.methodNotAllowed")
    /// A body that is not the JSON the endpoint expects.
    public static let serverMalformedBody = MessageKey("server.malformedBody")
    /// A spend identifier (`Idempotency-Key` or `spendID`) that is empty, too long or holds control characters.
    public static let serverInvalidSpendID = MessageKey("server.invalidSpendID")
    /// A spend whose `Idempotency-Key` header and `spendID` field differ.
    public static let serverSpendIDMismatch = MessageKey("server.spendIDMismatch")
    /// A spend the ledger could not take just now (a retry may succeed); said instead of the ledger's
    /// general failure, which speaks of a purchase.
    public static let serverBalanceNotUpdated = MessageKey("server.balanceNotUpdated")
    /// A body past the server's limit.
    public static let serverBodyTooLarge = MessageKey("server.bodyTooLarge")
    /// Headers past the server's limit.
    public static let serverHeadersTooLarge = MessageKey("server.headersTooLarge")
    /// A request that took longer than the server allows.
    public static let serverTimedOut = MessageKey("server.timedOut")
    /// A request that came while the server was shutting down.
    public static let serverShuttingDown = MessageKey("server.shuttingDown")
    /// A signed transaction of another account than the one posted.
    public static let serverAccountMismatch = MessageKey("server.accountMismatch")
    /// App Store data, with no trust configured for it.
    public static let serverAppStoreNotConfigured = MessageKey("server.appStoreNotConfigured")
    /// Google Play notifications, with no `GooglePlayPackageName` configured.
    public static let serverGooglePlayNotConfigured = MessageKey("server.googlePlayNotConfigured")
    /// A Play notification for another app than the one configured.
    public static let serverGooglePlayWrongPackage = MessageKey("server.googlePlayWrongPackage")
    /// The Play Developer API could not confirm the purchase now (the notification is applied when sent again).
    public static let serverGooglePlayUnavailable = MessageKey("server.googlePlayUnavailable")
    /// The Play Developer API refused to tell the purchase's state.
    public static let serverGooglePlayRefused = MessageKey("server.googlePlayRefused")
    /// The Play Developer API's answer lacks what the purchase needs.
    public static let serverGooglePlayIncomplete = MessageKey("server.googlePlayIncomplete")
    /// No API key configured (the environment variable's name).
    public static let serverNoAPIKey = MessageKey("server.noAPIKey", arguments: [.text])
    /// The server listens (the address).
    public static let serverListening = MessageKey("server.listening", arguments: [.text])
    /// The command line's usage.
    public static let serverUsage = MessageKey("server.usage")
    /// An option the server does not know (the option).
    public static let serverUnknownOption = MessageKey("server.unknownOption", arguments: [.text])
    /// An option given without its value (the option).
    public static let serverMissingValue = MessageKey("server.missingValue", arguments: [.text])
    /// A `--listen` value that is not `HOST:PORT` (the value).
    public static let serverInvalidListen = MessageKey("server.invalidListen", arguments: [.text])
    /// The server cannot listen (the address, the reason).
    public static let serverCannotListen = MessageKey("server.cannotListen", arguments: [.text, .text])

    /// Every key the server declares, in the order above.
    public static let serverKeys: [MessageKey] = [
        .serverUnauthorized, .serverNotFound, .serverMethodNotAllowed, .serverMalformedBody, .serverInvalidSpendID,
        .serverSpendIDMismatch, .serverBalanceNotUpdated, .serverBodyTooLarge,
        .serverHeadersTooLarge, .serverTimedOut, .serverShuttingDown, .serverAccountMismatch,
        .serverAppStoreNotConfigured, .serverGooglePlayNotConfigured, .serverGooglePlayWrongPackage,
        .serverGooglePlayUnavailable, .serverGooglePlayRefused, .serverGooglePlayIncomplete, .serverNoAPIKey,
        .serverListening, .serverUsage, .serverUnknownOption,
        .serverMissingValue, .serverInvalidListen, .serverCannotListen,
    ]
}

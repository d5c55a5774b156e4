import PurchaseCore

/// The keys of `jws inspect` and `notification inspect` (`tool.jws.*`, `tool.notification.*`): a
/// signed token's header, certificate chain, payload and verification result, and a notification's
/// summary.
extension MessageKey {
    /// The header line; gives the algorithm and the number of certificates in `x5c`.
    static let toolJWSHeader = MessageKey("tool.jws.header", arguments: [.text, .text])
    /// One certificate of the chain; gives its position, subject, issuer, and validity's start and end.
    static let toolJWSCertificate = MessageKey(
        "tool.jws.certificate", arguments: [.text, .text, .text, .text, .text])
    /// Said of a certificate carrying Apple's intermediate marker extension.
    static let toolJWSIntermediateMarker = MessageKey("tool.jws.marker.intermediate")
    /// Said of a certificate carrying Apple's signing-leaf marker extension.
    static let toolJWSLeafMarker = MessageKey("tool.jws.marker.leaf")
    /// The heading before the payload.
    static let toolJWSPayload = MessageKey("tool.jws.payload")
    /// The token verified; gives the root certificate files.
    static let toolJWSVerified = MessageKey("tool.jws.verified", arguments: [.text])
    /// The token did not verify; gives the reason and the failed check in English.
    static let toolJWSNotVerified = MessageKey("tool.jws.notVerified", arguments: [.text, .text])
    /// No `--root` was given, so nothing was verified.
    static let toolJWSNoRoot = MessageKey("tool.jws.noRoot")
    /// The input is not a compact JWS; gives why.
    static let toolJWSMalformed = MessageKey("tool.jws.malformed", arguments: [.text])
    /// A `--root` file holds no readable certificate; gives why.
    static let toolJWSBadRoot = MessageKey("tool.jws.badRoot", arguments: [.text])
    /// The input is not a notification body; gives why.
    static let toolNotificationNotABody = MessageKey("tool.notification.notABody", arguments: [.text])
    /// A notification's summary; gives its type, subtype, UUID and signing date.
    static let toolNotificationSummary = MessageKey(
        "tool.notification.summary", arguments: [.text, .text, .text, .text])
    /// The heading of the notification's signed transaction.
    static let toolNotificationTransaction = MessageKey("tool.notification.transaction")
    /// The heading of the notification's signed renewal info.
    static let toolNotificationRenewal = MessageKey("tool.notification.renewal")

    /// The keys of `jws inspect` and `notification inspect`.
    static let toolSignedDataKeys: [MessageKey] = [
        .toolJWSHeader, .toolJWSCertificate, .toolJWSIntermediateMarker, .toolJWSLeafMarker, .toolJWSPayload,
        .toolJWSVerified, .toolJWSNotVerified, .toolJWSNoRoot, .toolJWSMalformed, .toolJWSBadRoot,
        .toolNotificationNotABody, .toolNotificationSummary, .toolNotificationTransaction,
        .toolNotificationRenewal,
    ]
}

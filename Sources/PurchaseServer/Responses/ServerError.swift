import AppStoreSignedData
import GooglePlayDeveloperAPI
import PurchaseCore

/// An error the server answers with: its HTTP status, the stable `PurchaseError` code and the
/// message the caller reads (rendered in the request's language).
struct ServerError: Error, Sendable {
    var status: Int
    var code: PurchaseError.Code
    var message: Message

    init(status: Int, code: PurchaseError.Code, _ key: MessageKey) {
        self.status = status
        self.code = code
        self.message = .keyed(key, arguments: [])
    }

    init(status: Int, code: PurchaseError.Code, message: Message) {
        self.status = status
        self.code = code
        self.message = message
    }

    static let unauthorized = ServerError(status: 401, code: .clientInvalid, .serverUnauthorized)
    static let notFound = ServerError(status: 404, code: .unsupported, .serverNotFound)
    static let methodNotAllowed = ServerError(status: 405, code: .unsupported, .serverMethodNotAllowed)
    static let malformedBody = ServerError(status: 400, code: .clientInvalid, .serverMalformedBody)
    static let appStoreNotConfigured = ServerError(
        status: 501, code: .providerMisconfigured, .serverAppStoreNotConfigured)
    static let accountMismatch = ServerError(status: 403, code: .verificationFailed, .serverAccountMismatch)

    /// The answer to a `PurchaseError`: 409 for a balance too small, 422 for a spend identifier used
    /// for another spend, 403 for data that did not verify, 501 for what the deployment does not
    /// support, 503 for what a retry may fix (the ledger, a check that could not be made), 400 otherwise.
    init(_ error: PurchaseError) {
        let status =
            switch error.code {
            case .insufficientBalance: 409
            case .spendIDConflict: 422
            case .unsupported: 501
            case .verificationFailed, .receiptInvalid: 403
            case .productUnavailable, .invalidProductIdentifiers, .paymentInvalid, .clientInvalid: 400
            default: error.code.isRetryable ? 503 : 500
            }
        self.init(status: status, code: error.code, message: Message(error: error))
    }

    /// The answer to a notification that was not applied: its own status (400 for one never
    /// applied, 503 for one a retry may apply), with the `PurchaseError` code closest to its cause.
    init(_ error: NotificationProcessingError) {
        let code: PurchaseError.Code =
            switch error.code {
            case .malformedBody: .clientInvalid
            case .verificationFailed: .verificationFailed
            case .verificationUnavailable: .verificationUnavailable
            case .incompleteNotification: .receiptInvalid
            case .unknownProduct: .productUnavailable
            case .undeliverable: .paymentInvalid
            default: .ledgerIOFailed
            }
        self.init(status: error.httpStatus, code: code, message: error.message)
    }
}

extension ServerError {
    static let googlePlayNotConfigured = ServerError(
        status: 501, code: .providerMisconfigured, .serverGooglePlayNotConfigured)

    /// The answer to a Play notification that was not applied: its own status (400 for one never
    /// applied, 503 for one a redelivery may apply), with the `PurchaseError` code closest to its cause.
    init(_ error: PlayNotificationError) {
        let status = error.httpStatus
        switch error.code {
        case .malformedPush:
            self.init(status: status, code: .clientInvalid, .serverMalformedBody)
        case .wrongPackage:
            self.init(status: status, code: .clientInvalid, .serverGooglePlayWrongPackage)
        case .apiFailed:
            self.init(
                status: status, code: error.isRetryable ? .storeUnavailable : .receiptInvalid,
                error.isRetryable ? .serverGooglePlayUnavailable : .serverGooglePlayRefused)
        case .incompletePurchase:
            self.init(status: status, code: .receiptInvalid, .serverGooglePlayIncomplete)
        case .unknownProduct:
            self.init(
                status: status, code: .productUnavailable, message: Message(error: PurchaseError(.productUnavailable)))
        case .undeliverable:
            self.init(status: status, code: .paymentInvalid, message: Message(error: PurchaseError(.paymentInvalid)))
        default:
            self.init(status: status, code: .ledgerIOFailed, message: Message(error: PurchaseError(.ledgerIOFailed)))
        }
    }
}

extension PurchaseError {
    /// A stable, numbered identifier of a failure.
    ///
    /// The numbers are part of the public contract (the command-line tool prints them): a number,
    /// once given, keeps its meaning forever and is never reused. New codes get new numbers.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private let kind: Kind

        private init(_ kind: Kind) { self.kind = kind }

        /// The stable number.
        public var rawValue: Int { kind.rawValue }

        /// The stable name, in lowerCamelCase (`paymentCancelled`).
        public var name: String { String(describing: kind) }

        /// The code for a stable number, or `nil` for a number no release has given.
        public init?(rawValue: Int) {
            guard let kind = Kind(rawValue: rawValue) else { return nil }
            self.kind = kind
        }

        /// Every code this release knows.
        public static var all: [Code] { Kind.allCases.map(Code.init) }

        /// `name`.
        public var description: String { name }

        /// Whether trying again later may help.
        public var isRetryable: Bool {
            switch kind {
            case .storeUnavailable, .purchaseInProgress, .ledgerIOFailed, .verificationUnavailable,
                .unknown:
                true
            default:
                false
            }
        }

        /// What a person can do about it.
        public var recoveryAction: RecoveryAction {
            switch kind {
            case .paymentCancelled, .alreadyOwned, .pendingApproval, .nothingToRestore: .none
            case .paymentNotAllowed: .openSettings
            case .paymentInvalid: .updatePaymentMethod
            case .storeUnavailable, .purchaseInProgress, .ledgerIOFailed, .verificationUnavailable, .unknown:
                .retry
            case .clientInvalid, .productUnavailable, .invalidProductIdentifiers, .verificationFailed,
                .receiptInvalid, .catalogInvalid, .unsupported, .insufficientBalance, .ineligibleForOffer,
                .providerMisconfigured, .spendIDConflict:
                .contactSupport
            }
        }

        // Numbers are grouped by area; never renumber, never reuse.
        private enum Kind: Int, CaseIterable {
            case unknown = 0
            case clientInvalid = 1
            case paymentCancelled = 2
            case paymentInvalid = 3
            case paymentNotAllowed = 4
            case productUnavailable = 5
            case invalidProductIdentifiers = 6
            case storeUnavailable = 7
            case purchaseInProgress = 8
            case alreadyOwned = 9
            case pendingApproval = 10
            case ineligibleForOffer = 11
            case nothingToRestore = 12
            case insufficientBalance = 13
            case spendIDConflict = 14
            case verificationFailed = 20
            case receiptInvalid = 21
            case verificationUnavailable = 22
            case ledgerIOFailed = 30
            case catalogInvalid = 40
            case providerMisconfigured = 41
            case unsupported = 50
        }

        /// The cause is not known.
        public static let unknown = Code(.unknown)
        /// The client (app, account or device) may not make this request.
        public static let clientInvalid = Code(.clientInvalid)
        /// The person cancelled the payment.
        public static let paymentCancelled = Code(.paymentCancelled)
        /// The payment was refused as invalid (payment method, parameters).
        public static let paymentInvalid = Code(.paymentInvalid)
        /// Purchases are turned off on this device or account (restrictions, parental controls).
        public static let paymentNotAllowed = Code(.paymentNotAllowed)
        /// The product is not for sale in this storefront or right now.
        public static let productUnavailable = Code(.productUnavailable)
        /// The store does not know one or more requested product identifiers.
        public static let invalidProductIdentifiers = Code(.invalidProductIdentifiers)
        /// The store could not be reached or did not answer (network, outage).
        public static let storeUnavailable = Code(.storeUnavailable)
        /// A purchase is already running; a second one was refused, not queued.
        public static let purchaseInProgress = Code(.purchaseInProgress)
        /// The person already owns this non-consumable or active subscription.
        public static let alreadyOwned = Code(.alreadyOwned)
        /// The purchase waits for someone's approval (Ask to Buy).
        public static let pendingApproval = Code(.pendingApproval)
        /// The person may not redeem this offer.
        public static let ineligibleForOffer = Code(.ineligibleForOffer)
        /// A restore found nothing the person owns.
        public static let nothingToRestore = Code(.nothingToRestore)
        /// A balance has fewer units than a spend asked for.
        public static let insufficientBalance = Code(.insufficientBalance)
        /// A spend identifier already names a spend of another balance or quantity of the same account
        /// (see ``IdempotentSpending``): nothing was taken; a new spend needs a new identifier.
        public static let spendIDConflict = Code(.spendIDConflict)
        /// The verifier refused the transaction or receipt (see ``PurchaseError/verifierStatus``).
        public static let verificationFailed = Code(.verificationFailed)
        /// The receipt is malformed, tampered with or missing.
        public static let receiptInvalid = Code(.receiptInvalid)
        /// The verifier could not be reached or asked to try later.
        public static let verificationUnavailable = Code(.verificationUnavailable)
        /// The fulfillment ledger could not read or record durably.
        public static let ledgerIOFailed = Code(.ledgerIOFailed)
        /// The catalog is invalid.
        public static let catalogInvalid = Code(.catalogInvalid)
        /// A provider's settings are wrong or its kind is not registered.
        public static let providerMisconfigured = Code(.providerMisconfigured)
        /// The provider or platform does not support the operation.
        public static let unsupported = Code(.unsupported)
    }
}

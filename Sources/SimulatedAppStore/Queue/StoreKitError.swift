public import PurchaseCore

/// A failure as the simulated App Store reports it: StoreKit 1's `SKError` codes.
///
/// ``purchaseError(productID:)`` maps it onto the core's `PurchaseError` with
/// `PurchaseError.storeKit(code:productID:)`, so apps see the same codes whichever provider runs.
public struct StoreKitError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An `SKError.Code` by its raw value; codes StoreKit may add later keep their number.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The `SKError.Code` raw value.
        public let rawValue: Int

        /// Creates a code from an `SKError.Code` raw value.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// `SKError.unknown` (0).
        public static let unknown = Code(rawValue: 0)
        /// `SKError.clientInvalid` (1): the client may not make the request.
        public static let clientInvalid = Code(rawValue: 1)
        /// `SKError.paymentCancelled` (2): the person cancelled.
        public static let paymentCancelled = Code(rawValue: 2)
        /// `SKError.paymentInvalid` (3): a payment parameter was not recognized.
        public static let paymentInvalid = Code(rawValue: 3)
        /// `SKError.paymentNotAllowed` (4): the person may not authorize payments.
        public static let paymentNotAllowed = Code(rawValue: 4)
        /// `SKError.storeProductNotAvailable` (5): not for sale in the current storefront.
        public static let storeProductNotAvailable = Code(rawValue: 5)
        /// `SKError.cloudServicePermissionDenied` (6).
        public static let cloudServicePermissionDenied = Code(rawValue: 6)
        /// `SKError.cloudServiceNetworkConnectionFailed` (7): the device could not reach the network.
        public static let cloudServiceNetworkConnectionFailed = Code(rawValue: 7)
        /// `SKError.cloudServiceRevoked` (8).
        public static let cloudServiceRevoked = Code(rawValue: 8)
        /// `SKError.privacyAcknowledgementRequired` (9).
        public static let privacyAcknowledgementRequired = Code(rawValue: 9)
        /// `SKError.unauthorizedRequestData` (10).
        public static let unauthorizedRequestData = Code(rawValue: 10)
        /// `SKError.invalidOfferIdentifier` (11).
        public static let invalidOfferIdentifier = Code(rawValue: 11)
        /// `SKError.invalidSignature` (12).
        public static let invalidSignature = Code(rawValue: 12)
        /// `SKError.missingOfferParams` (13).
        public static let missingOfferParams = Code(rawValue: 13)
        /// `SKError.invalidOfferPrice` (14).
        public static let invalidOfferPrice = Code(rawValue: 14)
        /// `SKError.overlayCancelled` (15).
        public static let overlayCancelled = Code(rawValue: 15)
        /// `SKError.overlayInvalidConfiguration` (16).
        public static let overlayInvalidConfiguration = Code(rawValue: 16)
        /// `SKError.overlayTimeout` (17).
        public static let overlayTimeout = Code(rawValue: 17)
        /// `SKError.ineligibleForOffer` (18).
        public static let ineligibleForOffer = Code(rawValue: 18)
        /// `SKError.unsupportedPlatform` (19).
        public static let unsupportedPlatform = Code(rawValue: 19)
        /// `SKError.overlayPresentedInBackgroundScene` (20).
        public static let overlayPresentedInBackgroundScene = Code(rawValue: 20)

        private static let names: [String] = [
            "unknown", "clientInvalid", "paymentCancelled", "paymentInvalid", "paymentNotAllowed",
            "storeProductNotAvailable", "cloudServicePermissionDenied", "cloudServiceNetworkConnectionFailed",
            "cloudServiceRevoked", "privacyAcknowledgementRequired", "unauthorizedRequestData",
            "invalidOfferIdentifier", "invalidSignature", "missingOfferParams", "invalidOfferPrice",
            "overlayCancelled", "overlayInvalidConfiguration", "overlayTimeout", "ineligibleForOffer",
            "unsupportedPlatform", "overlayPresentedInBackgroundScene",
        ]

        /// The `SKError.Code` case name (`paymentCancelled`), or `code N` for numbers StoreKit has not named.
        public var description: String {
            Self.names.indices.contains(rawValue) ? Self.names[rawValue] : "code \(rawValue)"
        }

        /// Parses a code as catalogs and settings write it: an `SKError.Code` name (`paymentCancelled`,
        /// also `SKErrorPaymentCancelled`), its number, or the name of a `PurchaseError.Code`
        /// (`storeUnavailable`, `productUnavailable`...) mapped to the nearest `SKError`; `networkError`
        /// is `cloudServiceNetworkConnectionFailed`. `nil` for anything else.
        public init?(parsing text: String) {
            if let number = Int(text), number >= 0 {
                self.init(rawValue: number)
                return
            }
            var name = text
            if name.hasPrefix("SKError") {
                name = String(name.dropFirst("SKError".count))
                if let first = name.first { name = first.lowercased() + name.dropFirst() }
            }
            if let index = Self.names.firstIndex(of: name) {
                self.init(rawValue: index)
                return
            }
            switch name {
            case "storeUnavailable", "networkError": self = .cloudServiceNetworkConnectionFailed
            case "productUnavailable", "invalidProductIdentifiers": self = .storeProductNotAvailable
            case "unsupported": self = .unsupportedPlatform
            default: return nil
            }
        }
    }

    /// What went wrong.
    public var code: Code
    /// A sentence for logs, in English.
    public var message: String
    /// Whether this failure is an interrupted purchase: the person must act outside the app, after
    /// which the store delivers a new purchased transaction (see ``PaymentQueue/resolveInterruptedPurchase(_:)``).
    public var isInterruption: Bool

    /// Creates an error.
    public init(_ code: Code, message: String? = nil, isInterruption: Bool = false) {
        self.code = code
        self.message = message ?? "SKError \(code)"
        self.isInterruption = isInterruption
    }

    /// The core's error for this failure, via `PurchaseError.storeKit(code:productID:)`.
    public func purchaseError(productID: String? = nil) -> PurchaseError {
        var error = PurchaseError.storeKit(code: code.rawValue, productID: productID)
        error.detail = "\(message) (SKError code \(code.rawValue))"
        return error
    }

    /// `code: message`.
    public var description: String { "\(code) (\(code.rawValue)): \(message)" }
}

public import PurchaseCore

/// Why signed Play purchase data, or a key to check it with, was not accepted.
///
/// Guarantees: the signing and verification types of this module throw only this; ``kind`` is one of
/// six stable kinds (a ``Kind/rawValue`` is never reused, new kinds may come, so switch with a
/// `default`); ``detail`` says in English, for logs, which check failed; ``message`` is what a person
/// sees, from the message table in their language; ``purchaseError`` is the core's error for it.
public struct PlaySignatureError: Error, Sendable, CustomStringConvertible {
    /// A stable identifier of what kind of check failed.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        private enum Value: Int, Sendable {
            case malformedData = 1
            case invalidKey = 2
            case signatureInvalid = 3
            case wrongPackage = 4
            case wrongProduct = 5
            case notPurchased = 6
        }

        private let value: Value

        private init(_ value: Value) { self.value = value }

        /// The purchase data is empty or not a purchase's JSON, or the signature is not base64.
        public static let malformedData = Kind(.malformedData)
        /// The key is not base64, not a DER SubjectPublicKeyInfo (or PEM private key), not RSA, or not
        /// 2048 bits.
        public static let invalidKey = Kind(.invalidKey)
        /// The signature is not the key's `SHA1withRSA` signature of the purchase data.
        public static let signatureInvalid = Kind(.signatureInvalid)
        /// The purchase is another app's: its `packageName` is not the expected one.
        public static let wrongPackage = Kind(.wrongPackage)
        /// The purchase is of another product than the transaction claims.
        public static let wrongProduct = Kind(.wrongProduct)
        /// The purchase is pending or was cancelled: nothing has been paid.
        public static let notPurchased = Kind(.notPurchased)

        /// The stable number of the kind.
        public var rawValue: Int { value.rawValue }

        /// The kind's name, such as `signatureInvalid`.
        public var description: String { "\(value)" }

        /// The message key of the kind.
        public var messageKey: MessageKey {
            switch value {
            case .malformedData: .googlePlaySignatureMalformedData
            case .invalidKey: .googlePlaySignatureInvalidKey
            case .signatureInvalid: .googlePlaySignatureInvalid
            case .wrongPackage: .googlePlaySignatureWrongPackage
            case .wrongProduct: .googlePlaySignatureWrongProduct
            case .notPurchased: .googlePlaySignatureNotPurchased
            }
        }
    }

    /// What kind of check failed.
    public var kind: Kind
    /// Which check failed and why, in English, for logs.
    public var detail: String

    /// An error of `kind`.
    ///
    /// - Parameters:
    ///   - kind: what kind of check failed.
    ///   - detail: which check failed and why, in English.
    public init(_ kind: Kind, detail: String) {
        self.kind = kind
        self.detail = detail
    }

    /// What a person sees, resolved in their language by a `MessageTable`.
    public var message: Message { .keyed(kind.messageKey, arguments: []) }

    /// `kind: detail`, for logs.
    public var description: String { "\(kind): \(detail)" }

    /// The core's error for this failure: `PurchaseError.Code.providerMisconfigured` for
    /// ``Kind/invalidKey`` (the app's license key is wrong, not the purchase),
    /// `PurchaseError.Code.verificationFailed` for every other kind, with ``detail`` and this error as
    /// its underlying error.
    public var purchaseError: PurchaseError {
        PurchaseError(
            kind == .invalidKey ? .providerMisconfigured : .verificationFailed, detail: description,
            underlyingError: self)
    }
}

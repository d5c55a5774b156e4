public import PurchaseCore

/// Why App Store signed data was not accepted.
///
/// Guarantees: ``SignedDataVerifier`` throws only this; ``kind`` is one of six stable kinds (a
/// ``Kind/rawValue`` is never reused, new kinds may come, so switch with a `default`); ``detail``
/// says in English, for logs, which check failed; ``message`` is what a person sees, from the message
/// table in their language; ``purchaseError`` is the core's error for it.
public struct SignedDataVerificationError: Error, Sendable, CustomStringConvertible {
    /// A stable identifier of what kind of check failed.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        private enum Value: Int, Sendable {
            case invalidFormat = 1
            case invalidCertificate = 2
            case verificationFailed = 3
            case wrongBundleID = 4
            case wrongEnvironment = 5
            case retryable = 6
        }

        private let value: Value

        private init(_ value: Value) { self.value = value }

        /// The token is not a compact JWS, or its payload is not the expected JSON.
        public static let invalidFormat = Kind(.invalidFormat)
        /// The `x5c` chain is missing, not three certificates, unreadable, outside its validity at the
        /// date checked, without Apple's marker extensions, or revoked.
        public static let invalidCertificate = Kind(.invalidCertificate)
        /// The algorithm is not ES256, the chain does not lead to a trusted root, or the signature is
        /// not the leaf key's signature of the token.
        public static let verificationFailed = Kind(.verificationFailed)
        /// The data is another app's: its bundle id, or in Production its app Apple id, is not the
        /// expected one.
        public static let wrongBundleID = Kind(.wrongBundleID)
        /// The data is from another App Store environment.
        public static let wrongEnvironment = Kind(.wrongEnvironment)
        /// A check could not be completed (an online revocation check); trying again may succeed.
        public static let retryable = Kind(.retryable)

        /// The stable number of the kind.
        public var rawValue: Int { value.rawValue }

        /// The kind's name, such as `invalidCertificate`.
        public var description: String { "\(value)" }

        /// The message key of the kind.
        public var messageKey: MessageKey {
            switch value {
            case .invalidFormat: .signedDataInvalidFormat
            case .invalidCertificate: .signedDataInvalidCertificate
            case .verificationFailed: .signedDataVerificationFailed
            case .wrongBundleID: .signedDataWrongBundleID
            case .wrongEnvironment: .signedDataWrongEnvironment
            case .retryable: .signedDataRetryable
            }
        }
    }

    /// What kind of check failed.
    public var kind: Kind
    /// Which check failed and why, in English, for logs.
    public var detail: String
    /// The error that caused this one, when there was one (a decoding error, a revocation checker's).
    public var underlyingError: (any Error & Sendable)?

    /// An error of `kind`.
    public init(_ kind: Kind, detail: String, underlyingError: (any Error & Sendable)? = nil) {
        self.kind = kind
        self.detail = detail
        self.underlyingError = underlyingError
    }

    /// What a person sees, resolved in their language by a `MessageTable`.
    public var message: Message { .keyed(kind.messageKey, arguments: []) }

    /// `kind: detail`, for logs.
    public var description: String { "\(kind): \(detail)" }
}

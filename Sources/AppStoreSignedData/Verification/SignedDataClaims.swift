public import Foundation

/// What a verifier checks in a payload once its signature is verified, whatever the payload's type.
///
/// Guarantees: a plain value; `nil` means the payload does not carry the field (see
/// ``SignedDataVerifier`` for how each is checked).
public struct SignedDataClaims: Sendable, Hashable {
    /// When the App Store signed the data: the date an offline verifier checks the chain at.
    public var signedDate: Date?
    /// The app's bundle id.
    public var bundleID: String?
    /// The App Store environment, in Apple's names (`Sandbox`, `Production`, `Xcode`, `LocalTesting`).
    public var environment: String?
    /// The app's Apple id, when the payload carries it.
    public var appAppleID: Int64?

    /// Claims with the given fields.
    public init(signedDate: Date? = nil, bundleID: String? = nil, environment: String? = nil, appAppleID: Int64? = nil)
    {
        self.signedDate = signedDate
        self.bundleID = bundleID
        self.environment = environment
        self.appAppleID = appAppleID
    }
}

public import AppStoreSignedData

/// Whom and where the simulated App Store signs for: the environment its signed data names (and
/// whose certificate chain signs it), the app's bundle identifier and version, and, in production,
/// the app's Apple identifier.
///
/// Every payload the store signs carries these values, so a verifier set up for the same app and
/// environment accepts it and one set up for another refuses it.
public struct SignedDataIdentity: Sendable, Hashable {
    /// The environment every payload names (`environment`, `receiptType`); it also names the
    /// certificate chain that signs them. `LocalTesting` by default, as Xcode's local testing.
    public var environment: AppStoreSignedData.AppStoreEnvironment
    /// The app's bundle identifier (`bundleId`).
    public var bundleID: String
    /// The app's version (`bundleVersion` of notifications, `applicationVersion` of the app transaction).
    public var bundleVersion: String
    /// The app's Apple identifier (`appAppleId`); written in production only, as the App Store does.
    public var appAppleID: Int64?

    /// Creates an identity.
    public init(
        environment: AppStoreSignedData.AppStoreEnvironment = .localTesting, bundleID: String = "com.example.app",
        bundleVersion: String = "1.0", appAppleID: Int64? = nil
    ) {
        self.environment = environment
        self.bundleID = bundleID
        self.bundleVersion = bundleVersion
        self.appAppleID = appAppleID
    }

    /// ``appAppleID`` when ``environment`` is production, else `nil`.
    var appAppleIDInPayloads: Int64? { environment == .production ? appAppleID : nil }

    /// The environments the simulated App Store signs in.
    public static let environments: [AppStoreSignedData.AppStoreEnvironment] = [
        .localTesting, .xcode, .sandbox, .production,
    ]
}

public import AppStoreSignedData
public import Foundation

/// Where an App Store Server API client sends its requests and how it signs them.
///
/// The settings App Store Connect gives for an In-App Purchase key: the key's `.p8` file (its
/// ``privateKey``), its ``keyID`` and the team's ``issuerID``; the app's ``bundleID``; and the server,
/// Apple's production or sandbox one (``productionURL``, ``sandboxURL``) or any other base URL (a
/// simulated App Store on loopback).
public struct AppStoreServerAPIConfiguration: Sendable {
    /// Apple's server for production purchases.
    public static let productionURL = URL(string: "https://api.storekit.itunes.apple.com")!
    /// Apple's server for sandbox purchases.
    public static let sandboxURL = URL(string: "https://api.storekit-sandbox.itunes.apple.com")!
    /// The audience every token names (`aud`).
    public static let audience = "appstoreconnect-v1"
    /// The longest lifetime Apple accepts for a token (an `exp` at most 60 minutes after `iat`).
    public static let maximumTokenLifetime: TimeInterval = 3600

    /// The server's base URL; request paths (`/inApps/...`) are appended to it.
    public var baseURL: URL
    /// The key's identifier (`kid`), as App Store Connect shows it.
    public var keyID: String
    /// The issuer identifier (`iss`) of the team, as App Store Connect shows it.
    public var issuerID: String
    /// The app's bundle identifier (`bid`).
    public var bundleID: String
    /// The In-App Purchase key (P-256) the tokens are signed with.
    public var privateKey: ES256PrivateKey
    /// How long a token is valid (`exp` − `iat`), at most ``maximumTokenLifetime``; 20 minutes by default.
    public var tokenLifetime: TimeInterval = 20 * 60
    /// How long before its expiry a token is replaced by a fresh one.
    public var tokenRenewalMargin: TimeInterval = 60
    /// How long one request may take, connection included.
    public var requestTimeout: TimeInterval = 30
    /// The largest response body read; a larger one is refused (``AppStoreServerAPIError/Code/responseTooLarge``).
    public var maximumResponseBytes = 4 * 1024 * 1024

    /// A configuration for the server at `baseURL`.
    public init(baseURL: URL, keyID: String, issuerID: String, bundleID: String, privateKey: ES256PrivateKey) {
        self.baseURL = baseURL
        self.keyID = keyID
        self.issuerID = issuerID
        self.bundleID = bundleID
        self.privateKey = privateKey
    }

    /// Apple's base URL for an environment: production, or sandbox for every other one (Xcode and
    /// local testing have no server of Apple's).
    public static func baseURL(for environment: AppStoreEnvironment) -> URL {
        environment == .production ? productionURL : sandboxURL
    }
}

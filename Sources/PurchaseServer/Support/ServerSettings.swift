import Foundation
import PurchaseCore

/// The settings of the catalog's `Deployment` > `Server` dict, read once when the server is made.
///
/// Keys (all optional):
/// - `APIKeyVariable`: the environment variable holding the API key app-facing endpoints require
///   (default `PURCHASEKIT_SERVER_API_KEY`). The key itself never goes in a catalog.
/// - `AppStoreRootFiles`: a path or an array of paths (relative to the catalog's folder) of the root
///   certificates (DER or PEM) App Store signed data must chain to; with it `AppStoreEnvironment`
///   (default `Production`), `AppStoreBundleID` (default: not checked) and `AppStoreAppAppleID`.
///   Without it the server trusts what the deployment's own App Store trusts (see ``AppStoreTrust``).
/// - `AppStoreProvider`: the provider kind App Store transactions are recorded under (default: the
///   App Store provider of the deployment, else its default provider).
/// - `GooglePlayPackageName`: the app whose Play notifications `POST /v1/google/notifications` applies;
///   without it that route answers 501. With it `GooglePlayDeveloperAPIURL` (default Google's),
///   `GooglePlayAccessTokenVariable` (the environment variable holding the Play Developer API's access
///   token, default `PURCHASEKIT_GOOGLE_PLAY_ACCESS_TOKEN`) or `GooglePlayAccessTokenFile` (a file, relative
///   to the catalog's folder, whose first line is the token, read at each request: preferred, as
///   Google's tokens expire hourly), `GooglePlayPushTokenVariable` (the one
///   holding the secret the push URL carries as `?token=`, default `PURCHASEKIT_GOOGLE_PLAY_PUSH_TOKEN`)
///   and `GooglePlayProvider` (the provider kind Play's orders are recorded under).
/// - `MaximumBodyBytes` (default 65536), `MaximumConnections` (default 256), `RequestTimeout` and
///   `ConnectionTimeout` (seconds, default 30).
struct ServerSettings: Sendable {
    /// The default name of the API key's environment variable.
    static let defaultAPIKeyVariable = "PURCHASEKIT_SERVER_API_KEY"

    var apiKeyVariable = ServerSettings.defaultAPIKeyVariable
    var appStoreRootFiles: [String] = []
    var appStoreEnvironment: String?
    var appStoreBundleID: String?
    var appStoreAppAppleID: Int64?
    var appStoreProvider: ProviderKind?
    var googlePlayPackageName: String?
    var googlePlayDeveloperAPIURL: URL?
    var googlePlayAccessTokenVariable = "PURCHASEKIT_GOOGLE_PLAY_ACCESS_TOKEN"
    var googlePlayAccessTokenFile: String?
    var googlePlayPushTokenVariable = "PURCHASEKIT_GOOGLE_PLAY_PUSH_TOKEN"
    var googlePlayProvider: ProviderKind?
    var maximumBodyBytes = 64 << 10
    var maximumConnections = 256
    /// The threads handlers run on; each may wait on the ledger's connection (see `BlockingThreads`),
    /// so this bounds the requests that reach the ledger at once.
    var handlerThreads = 32
    var requestTimeout: Duration = .seconds(30)
    var connectionTimeout: Duration = .seconds(30)

    /// The settings `server` gives; a value of the wrong type is a `providerMisconfigured` error
    /// naming its key.
    init(_ server: [String: SettingValue], catalogDirectory: URL?) throws(PurchaseError) {
        func wrong(_ key: String, _ expected: String) -> PurchaseError {
            PurchaseError(.providerMisconfigured, detail: "Deployment > Server > \(key) must be \(expected)")
        }
        func text(_ key: String) throws(PurchaseError) -> String? {
            guard let value = server[key] else { return nil }
            guard let text = value.stringValue, !text.isEmpty else { throw wrong(key, "a non-empty string") }
            return text
        }
        func positive(_ key: String) throws(PurchaseError) -> Int? {
            guard let value = server[key] else { return nil }
            guard let number = value.integerValue, number > 0, number <= Int32.max else {
                throw wrong(key, "a positive integer")
            }
            return Int(number)
        }
        if let name = try text("APIKeyVariable") { apiKeyVariable = name }
        switch server["AppStoreRootFiles"] {
        case nil: break
        case .string(let path)?: appStoreRootFiles = [path]
        case .array(let values)?:
            appStoreRootFiles = try values.map { value throws(PurchaseError) in
                guard let path = value.stringValue, !path.isEmpty else {
                    throw wrong("AppStoreRootFiles", "a path or an array of paths")
                }
                return path
            }
        default: throw wrong("AppStoreRootFiles", "a path or an array of paths")
        }
        appStoreRootFiles = appStoreRootFiles.map { path in
            guard !path.hasPrefix("/"), let catalogDirectory else { return path }
            return catalogDirectory.appendingPathComponent(path).path
        }
        appStoreEnvironment = try text("AppStoreEnvironment")
        appStoreBundleID = try text("AppStoreBundleID")
        if let number = try positive("AppStoreAppAppleID") { appStoreAppAppleID = Int64(number) }
        if let kind = try text("AppStoreProvider") { appStoreProvider = ProviderKind(rawValue: kind) }
        googlePlayPackageName = try text("GooglePlayPackageName")
        if let url = try text("GooglePlayDeveloperAPIURL") {
            guard let parsed = URL(string: url), parsed.scheme == "https" || parsed.scheme == "http", parsed.host != nil
            else { throw wrong("GooglePlayDeveloperAPIURL", "an http or https URL") }
            googlePlayDeveloperAPIURL = parsed
        }
        if let name = try text("GooglePlayAccessTokenVariable") { googlePlayAccessTokenVariable = name }
        googlePlayAccessTokenFile = try text("GooglePlayAccessTokenFile").map { path in
            guard !path.hasPrefix("/"), let catalogDirectory else { return path }
            return catalogDirectory.appendingPathComponent(path).path
        }
        if let name = try text("GooglePlayPushTokenVariable") { googlePlayPushTokenVariable = name }
        if let kind = try text("GooglePlayProvider") { googlePlayProvider = ProviderKind(rawValue: kind) }
        if let bytes = try positive("MaximumBodyBytes") { maximumBodyBytes = bytes }
        if let count = try positive("MaximumConnections") { maximumConnections = count }
        if let count = try positive("HandlerThreads") { handlerThreads = count }
        if let seconds = try positive("RequestTimeout") { requestTimeout = .seconds(seconds) }
        if let seconds = try positive("ConnectionTimeout") { connectionTimeout = .seconds(seconds) }
    }
}

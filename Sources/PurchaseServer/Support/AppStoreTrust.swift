import AppStoreSignedData
import Foundation
import PurchaseCore
import PurchaseKit

/// What the server trusts App Store signed data through, and the provider kind it records the App
/// Store's transactions under.
///
/// Found, in order: the catalog's `Server` > `AppStoreRootFiles` (with `AppStoreEnvironment`,
/// `AppStoreBundleID`, `AppStoreAppAppleID`); else the signed-data verifier of a provider of the
/// deployment that verifies StoreKit 2 transactions (`SignedTransactionVerifier`); else, for a
/// `simulated-app-store` provider keeping its state in the state folder, the root of its
/// environment's signing chain, `simulated-app-store/signing-root-<Environment>.pem`, with its
/// `SignedDataEnvironment` (default `LocalTesting`), `BundleID` (default `com.example.app`) and
/// `AppAppleID` settings. Without any, App Store data cannot be verified and is refused.
struct AppStoreTrust: Sendable {
    /// The verifier, or nil when the deployment names no trust for App Store data.
    var verifier: SignedDataVerifier?
    /// The provider kind the App Store's transactions are recorded under.
    var store: ProviderKind

    /// The trust of `deployment` with `settings`.
    ///
    /// - Throws: `PurchaseError.Code.providerMisconfigured` when a root file named cannot be read or
    ///   holds no certificate.
    static func resolve(_ deployment: PurchaseDeployment, settings: ServerSettings) throws(PurchaseError)
        -> AppStoreTrust
    {
        let configurations = deployment.catalog.deployment.providers
        let simulated = configurations.first { $0.kind == .simulatedAppStore }
        let signing = deployment.providers.first { $0.receiptVerifier is SignedTransactionVerifier }
        let store =
            settings.appStoreProvider ?? signing.map { ProviderKind(rawValue: $0.storeName) } ?? simulated?.kind
            ?? configurations.first?.kind ?? .simulatedAppStore
        if !settings.appStoreRootFiles.isEmpty {
            var roots: [[UInt8]] = []
            for path in settings.appStoreRootFiles {
                roots += try certificates(at: path)
            }
            return AppStoreTrust(
                verifier: try verifier(
                    roots, bundleID: settings.appStoreBundleID,
                    environment: settings.appStoreEnvironment ?? "Production", appAppleID: settings.appStoreAppAppleID),
                store: store)
        }
        if let verifier = (signing?.receiptVerifier as? SignedTransactionVerifier)?.verifier {
            return AppStoreTrust(verifier: verifier, store: store)
        }
        if let simulated, simulated.settings["SignedData"]?.boolValue != false,
            simulated.settings["Persistence"]?.stringValue != "Memory"
        {
            let environment = simulated.settings["SignedDataEnvironment"]?.stringValue ?? "LocalTesting"
            let path = deployment.stateDirectory.appendingPathComponent("simulated-app-store")
                .appendingPathComponent("signing-root-\(environment).pem").path
            if FileManager.default.fileExists(atPath: path) {
                return AppStoreTrust(
                    verifier: try verifier(
                        try certificates(at: path),
                        bundleID: settings.appStoreBundleID ?? simulated.settings["BundleID"]?.stringValue
                            ?? "com.example.app",
                        environment: environment,
                        appAppleID: simulated.settings["AppAppleID"]?.integerValue),
                    store: store)
            }
        }
        return AppStoreTrust(verifier: nil, store: store)
    }

    private static func certificates(at path: String) throws(PurchaseError) -> [[UInt8]] {
        do {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            let found = try CertificateFile.certificates(in: [UInt8](bytes))
            guard !found.isEmpty else { throw PurchaseError(.providerMisconfigured, detail: "no certificate") }
            return found
        } catch {
            throw PurchaseError(
                .providerMisconfigured, detail: "the App Store root certificate file \(path) is unusable: \(error)")
        }
    }

    private static func verifier(_ roots: [[UInt8]], bundleID: String?, environment: String, appAppleID: Int64?)
        throws(PurchaseError) -> SignedDataVerifier
    {
        do {
            return try SignedDataVerifier(
                trustedRoots: roots, bundleID: bundleID, environment: environment, appAppleID: appAppleID)
        } catch {
            throw PurchaseError(
                .providerMisconfigured, detail: "the App Store root certificates are unusable: \(error)")
        }
    }
}

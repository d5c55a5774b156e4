import AppStoreSignedData
import Foundation
import PurchaseCore

extension SimulatedAppStoreProvider {
    /// What the provider signs with, and the notifications it emitted; `nil` when it issues no
    /// signed data (setting `SignedData` false).
    public var signedData: SimulatedSignedData? { queue.signedData }

    /// The root certificate (DER) of the chain the provider signs with: what a verifier of its signed
    /// data trusts; `nil` without signed data.
    public var rootCertificate: [UInt8]? { queue.signedData?.rootCertificate }

    /// The notifications the provider's store emitted and will emit; `nil` without signed data.
    public var notifications: NotificationOutbox? { queue.signedData?.notifications }

    /// The signed transaction (compact JWS, signed now) of a transaction the store reported: where
    /// the StoreKit 2 form of a transaction is (a transaction's `verificationData` stays its receipt).
    ///
    /// - Returns: `nil` when the account does not know it.
    /// - Throws: ``SimulatedSignedDataError`` without signed data or when signing fails.
    public func signedTransaction(for transactionID: String) async throws(SimulatedSignedDataError) -> String? {
        try await queue.signedTransaction(transactionID)
    }

    /// The signed renewal info (compact JWS, signed now) of the newest subscription to a product of the
    /// catalog (its product identifier).
    ///
    /// - Returns: `nil` when the account never subscribed to it.
    /// - Throws: ``SimulatedSignedDataError`` without signed data or when signing fails.
    public func signedRenewalInfo(for productID: String) async throws(SimulatedSignedDataError) -> String? {
        let storeID = queue.catalog.products.first { $0.productID == productID }?.storeID(for: .simulatedAppStore)
        return try await queue.signedRenewalInfo(productIdentifier: storeID ?? productID)
    }

    /// The signed app transaction (compact JWS, signed now).
    ///
    /// - Throws: ``SimulatedSignedDataError`` without signed data or when signing fails.
    public func signedAppTransaction() async throws(SimulatedSignedDataError) -> String {
        try await queue.signedAppTransaction()
    }

    /// The signed data a provider made by ``make(_:)`` issues, from its settings: `SignedData`
    /// (boolean, default true), `SignedDataEnvironment` (`LocalTesting`, the default, `Xcode`,
    /// `Sandbox` or `Production`: the environment the payloads name and whose chain signs them),
    /// `BundleID` (shared with receipts), `BundleVersion` (default `1.0`) and `AppAppleID` (an
    /// integer, written in production). The chain is kept in `directory`
    /// (`SimulatedSigningChain.persisted`), or in memory only
    /// when `inMemory`.
    ///
    /// - Throws: `PurchaseError.Code.providerMisconfigured` naming the key for a setting it cannot
    ///   use; `PurchaseError.Code.ledgerIOFailed` (with the ``SigningChainError``) when the chain
    ///   cannot be read, made or written.
    static func signedData(
        _ settings: [String: SettingValue], controls: SessionControls, directory: URL?, readOnly: Bool, now: Date
    ) throws(PurchaseError) -> SimulatedSignedData? {
        guard let identity = try signedDataIdentity(settings, controls: controls) else { return nil }
        do {
            let chain =
                if let directory {
                    try SimulatedSigningChain.persisted(
                        in: directory, environment: identity.environment, creatingIfMissing: !readOnly, at: now)
                } else {
                    try SimulatedSigningChain.make(environment: identity.environment, at: now)
                }
            return SimulatedSignedData(chain: chain, identity: identity)
        } catch {
            throw PurchaseError(
                .ledgerIOFailed, detail: "the simulated App Store's signing chain is unusable: \(error)",
                underlyingError: error)
        }
    }

    /// The identity the settings name, or `nil` when `SignedData` is false.
    ///
    /// - Throws: `PurchaseError.Code.providerMisconfigured` naming the key for a setting it cannot use.
    static func signedDataIdentity(_ settings: [String: SettingValue], controls: SessionControls)
        throws(PurchaseError) -> SignedDataIdentity?
    {
        func misconfigured(_ key: String, _ expected: ProviderSettingError.Expectation) -> PurchaseError {
            ProviderSettingError(.simulatedAppStore, key: key, expected: expected).purchaseError
        }
        if let value = settings["SignedData"] {
            guard let enabled = value.boolValue else { throw misconfigured("SignedData", .boolean) }
            if !enabled { return nil }
        }
        var identity = SignedDataIdentity(bundleID: controls.bundleID)
        if let value = settings["SignedDataEnvironment"] {
            let names = SignedDataIdentity.environments.map(\.rawValue)
            guard let text = value.stringValue, names.contains(text) else {
                throw misconfigured("SignedDataEnvironment", .oneOf(names))
            }
            identity.environment = AppStoreSignedData.AppStoreEnvironment(rawValue: text)
        }
        if let value = settings["BundleVersion"] {
            guard let text = value.stringValue, !text.isEmpty else {
                throw misconfigured("BundleVersion", .nonEmptyString)
            }
            identity.bundleVersion = text
        }
        if let value = settings["AppAppleID"] {
            guard let number = value.integerValue, number > 0 else {
                throw misconfigured("AppAppleID", .positiveInteger)
            }
            identity.appAppleID = number
        }
        return identity
    }

    /// The setting keys of signed data, read by `signedDataIdentity`.
    static let signedDataSettingKeys = ["SignedData", "SignedDataEnvironment", "BundleVersion", "AppAppleID"]
}

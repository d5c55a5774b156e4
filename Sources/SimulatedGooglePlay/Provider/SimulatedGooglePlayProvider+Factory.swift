import Foundation
public import PurchaseCore

extension SimulatedGooglePlay {
    /// The purchase `token` as the app would read it now: its JSON and Play's signature of it.
    func signedPurchase(of token: String) -> PlaySignedPurchase? {
        state.purchases[token].map { purchase($0).signedPurchase }
    }
}

extension SimulatedGooglePlayProvider {
    /// Every top-level setting key the provider reads.
    public static let settingKeys = ["PackageName", "AppName", "Seed", "Persistence"]

    /// Builds the provider for a deployment: a ``SimulatedGooglePlay`` selling the catalog's products
    /// (``PlayCatalogProducts``) on the deployment's clock, its state kept in
    /// `<state>/simulated-google-play/state.json` (written crash-safely after every change, see
    /// `PlayStateFile`) or in memory.
    ///
    /// Settings: `PackageName` (default `com.example.app`), `AppName` (default the deployment's name),
    /// `Seed` (integer seed of purchase tokens and order ids for a new state; default 0), `Persistence`
    /// (`File`, the default, or `Memory`). The app's signing key is the state's, made on first use. In a
    /// read-only deployment the state is read, never written (a missing one reads as empty).
    ///
    /// - Throws: `PurchaseError.Code.providerMisconfigured` for unusable settings,
    ///   `PurchaseError.Code.ledgerIOFailed` when the state cannot be read or written, or its key is damaged.
    public static func make(_ context: ProviderContext) throws -> any StoreProvider {
        try makeSimulated(context)
    }

    /// ``make(_:)`` typed as the provider itself, for tests and tools that steer the store.
    public static func makeSimulated(_ context: ProviderContext) throws -> SimulatedGooglePlayProvider {
        let settings = try Settings(context.configuration.settings)
        let directory = context.stateDirectory.appendingPathComponent("simulated-google-play", isDirectory: true)
        let file = settings.inMemory ? nil : PlayStateFile(directory: directory)
        var state = try file?.read() ?? PlayStoreState(seed: settings.seed)
        let key: PlaySigningKey
        do {
            if let pem = state.signingKeyPEM {
                key = try PlaySigningKey(pemText: pem)
            } else {
                key = try PlaySigningKey.generate()
                state.signingKeyPEM = try key.pemText()
            }
        } catch {
            throw PurchaseError(
                .ledgerIOFailed, detail: "the simulated Google Play's signing key is unusable: \(error)",
                underlyingError: error)
        }
        let writable = context.readOnly ? nil : file
        try writable?.write(state)
        let products = PlayCatalogProducts(catalog: context.catalog)
        let store = SimulatedGooglePlay(
            packageName: settings.packageName, appName: settings.appName ?? context.catalog.deployment.name,
            products: products.products, clock: context.clock, locale: context.catalog.deployment.locale,
            state: state, stateFile: writable)
        let verifier = PlayPurchaseVerifier(licenseKey: key.licenseKey, packageName: settings.packageName)
        return SimulatedGooglePlayProvider(store: store, catalogProducts: products, verifier: verifier)
    }

    /// Checks the settings ``make(_:)`` reads without opening anything.
    ///
    /// - Throws: `PurchaseError.Code.providerMisconfigured`, with a `ProviderSettingError` naming the
    ///   key, for the first setting it cannot use.
    public static func checkSettings(_ settings: [String: SettingValue]) throws {
        _ = try Settings(settings)
    }

    /// Registers ``make(_:)`` under the kind `simulated-google-play`, with ``checkSettings(_:)``, and the
    /// products' `GooglePlay` dict with its check (``PlayProductSettings``).
    public static func register(in registry: inout ProviderRegistry) {
        registry.register(
            .simulatedGooglePlay, settingKeys: settingKeys, checkingSettings: checkSettings, factory: make)
        registry.registerProductSettings(PlayProductSettings.catalogKey) { settings, product, storefronts in
            PlayProductSettings.problems(settings, product: product, storefronts: storefronts)
        }
    }

    /// The settings, checked.
    struct Settings {
        var packageName = "com.example.app"
        var appName: String?
        var seed: UInt64 = 0
        var inMemory = false

        init(_ settings: [String: SettingValue]) throws(PurchaseError) {
            func misconfigured(_ key: String, _ expected: ProviderSettingError.Expectation) -> PurchaseError {
                ProviderSettingError(.simulatedGooglePlay, key: key, expected: expected).purchaseError
            }
            if let value = settings["PackageName"] {
                guard let text = value.stringValue, !text.isEmpty else {
                    throw misconfigured("PackageName", .nonEmptyString)
                }
                packageName = text
            }
            if let value = settings["AppName"] {
                guard let text = value.stringValue, !text.isEmpty else {
                    throw misconfigured("AppName", .nonEmptyString)
                }
                appName = text
            }
            if let value = settings["Seed"] {
                guard let number = value.integerValue else { throw misconfigured("Seed", .integer) }
                seed = UInt64(bitPattern: number)
            }
            switch settings["Persistence"].map({ $0.stringValue ?? "" }) ?? "File" {
            case "File": inMemory = false
            case "Memory": inMemory = true
            default: throw misconfigured("Persistence", .oneOf(["File", "Memory"]))
            }
        }
    }
}

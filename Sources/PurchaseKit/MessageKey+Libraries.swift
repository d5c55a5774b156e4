import AppStoreSignedData
import PostgresLedger
import PurchaseCatalog
public import PurchaseCore
import PurchaseScenarios
import SimulatedGooglePlay

extension MessageKey {
    /// Every key the package's libraries declare, each module's in the order it lists them: the purchase
    /// flow's (`coreKeys`), catalog diagnostics and reader reasons (`catalogKeys`, `propertyListKeys`),
    /// scenario diagnostics (`scenarioKeys`), scenario steps (`scenarioStepKeys`), App Store signed data
    /// (`signedDataKeys`), App Store Server Notifications (`notificationKeys`), the PostgreSQL ledger
    /// (`postgresKeys`) and the simulated Google Play (`googlePlayKeys`). Render their texts from a
    /// `MessageTable` to check a language.
    public static let libraryKeys: [MessageKey] =
        coreKeys + catalogKeys + propertyListKeys + scenarioKeys + scenarioStepKeys + signedDataKeys
        + notificationKeys + postgresKeys + googlePlayKeys
}

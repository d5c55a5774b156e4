import Foundation
import GooglePlayDeveloperAPI
import PurchaseCore
import PurchaseKit

/// What the server applies Google Play notifications with: the processor (the Play Developer API
/// client of the catalog's `GooglePlayPackageName`, the ledger, the store kind) and the push secret.
///
/// The store kind is `Server` > `GooglePlayProvider`, else the deployment's `simulated-google-play`
/// provider when it has one, else `google-play`. The access token is read from the file
/// `GooglePlayAccessTokenFile` names at each request, else from the environment variable
/// `GooglePlayAccessTokenVariable` names; the push secret from the one
/// `GooglePlayPushTokenVariable` names, once (unset or empty: every push is refused, 401).
struct GooglePlayNotifications: Sendable {
    /// The kind Play's orders are recorded under when the deployment names no Play provider.
    static let defaultProvider: ProviderKind = "google-play"
    /// The simulated Play's provider kind.
    static let simulatedProvider: ProviderKind = "simulated-google-play"

    let processor: PlayNotificationProcessor
    let pushToken: APIKey?

    /// The settings' Play notifications for `deployment`, or nil without `GooglePlayPackageName`.
    static func resolve(
        _ deployment: PurchaseDeployment, settings: ServerSettings, environment: [String: String]
    ) -> GooglePlayNotifications? {
        guard let package = settings.googlePlayPackageName else { return nil }
        let kinds = deployment.catalog.deployment.providers.map(\.kind)
        let store =
            settings.googlePlayProvider ?? (kinds.contains(simulatedProvider) ? simulatedProvider : defaultProvider)
        let client = PlayDeveloperAPIClient(
            configuration: PlayDeveloperAPIConfiguration(
                packageName: package,
                baseURL: settings.googlePlayDeveloperAPIURL ?? PlayDeveloperAPIConfiguration.defaultBaseURL),
            tokens: settings.googlePlayAccessTokenFile.map {
                FileAccessTokenSource(path: $0) as any PlayAccessTokenSource
            }
                ?? EnvironmentAccessTokenSource(
                    variable: settings.googlePlayAccessTokenVariable, environment: { environment }))
        return GooglePlayNotifications(
            processor: PlayNotificationProcessor(
                catalog: deployment.catalog, ledger: deployment.ledger, store: store, api: client),
            pushToken: APIKey(environment[settings.googlePlayPushTokenVariable]))
    }
}

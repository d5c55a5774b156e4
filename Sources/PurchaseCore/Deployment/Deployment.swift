/// Where and how an app sells: its providers, default storefront and locale.
///
/// A loaded deployment always has at least one provider; the first is the default for purchases, and a
/// product whose store IDs name another provider is sold there.
public struct Deployment: Sendable, Hashable, Codable {
    /// A name for people and logs (`production`, `staging`, `kiosk`...).
    public var name: String
    /// The providers in catalog order; the first is the default for purchases. Never empty once loaded.
    public var providers: [ProviderConfiguration]
    /// The default storefront's ISO 3166-1 alpha-3 code (`USA`, `JPN`); always one the catalog declares.
    public var storefront: String
    /// The default locale identifier in canonical form (`en_US`, `ja_JP`, `zh-Hans`).
    public var locale: String
    /// The folder of overriding message tables, resolved against the catalog's folder when the catalog was
    /// read from a file; `nil` when the catalog names none.
    public var messageTables: String?

    /// Creates a deployment.
    public init(
        name: String,
        providers: [ProviderConfiguration],
        storefront: String,
        locale: String,
        messageTables: String? = nil
    ) {
        self.name = name
        self.providers = providers
        self.storefront = storefront
        self.locale = locale
        self.messageTables = messageTables
    }

    /// The default provider (the first), or `nil` for a deployment built in code with none.
    public var defaultProvider: ProviderConfiguration? { providers.first }

    /// The configuration of the provider of the given kind, if the deployment uses it.
    public func provider(_ kind: ProviderKind) -> ProviderConfiguration? {
        providers.first { $0.kind == kind }
    }
}

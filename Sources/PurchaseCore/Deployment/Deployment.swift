/// Where and how an app sells: its providers, its ledger, default storefront and locale.
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
    /// The fulfillment ledger deliveries are recorded in (`LedgerConfiguration.default`, `file`,
    /// when the catalog names none).
    public var ledger: LedgerConfiguration
    /// What a refund of a consumable does to the balances it credited (``RefundedConsumables/debit``
    /// when the catalog says nothing).
    public var refundedConsumables: RefundedConsumables
    /// The settings of the deployment's HTTP server (`purchasekit-server`), as the catalog's
    /// `Deployment` > `Server` dict gives them; empty when it names none. Read by the server only.
    public var server: [String: SettingValue]

    /// Creates a deployment.
    public init(
        name: String,
        providers: [ProviderConfiguration],
        storefront: String,
        locale: String,
        messageTables: String? = nil,
        ledger: LedgerConfiguration = .default,
        refundedConsumables: RefundedConsumables = .debit,
        server: [String: SettingValue] = [:]
    ) {
        self.name = name
        self.providers = providers
        self.storefront = storefront
        self.locale = locale
        self.messageTables = messageTables
        self.ledger = ledger
        self.refundedConsumables = refundedConsumables
        self.server = server
    }

    private enum CodingKeys: String, CodingKey {
        case name, providers, storefront, locale, messageTables, ledger, refundedConsumables, server
    }

    /// Decodes a deployment; a missing `ledger` is `LedgerConfiguration.default`, a missing
    /// `refundedConsumables` ``RefundedConsumables/debit``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        providers = try container.decode([ProviderConfiguration].self, forKey: .providers)
        storefront = try container.decode(String.self, forKey: .storefront)
        locale = try container.decode(String.self, forKey: .locale)
        messageTables = try container.decodeIfPresent(String.self, forKey: .messageTables)
        ledger = try container.decodeIfPresent(LedgerConfiguration.self, forKey: .ledger) ?? .default
        refundedConsumables =
            try container.decodeIfPresent(RefundedConsumables.self, forKey: .refundedConsumables) ?? .debit
        server = try container.decodeIfPresent([String: SettingValue].self, forKey: .server) ?? [:]
    }

    /// The default provider (the first), or `nil` for a deployment built in code with none.
    public var defaultProvider: ProviderConfiguration? { providers.first }

    /// The provider that sells `product`: the first of the deployment's providers (in catalog order) that
    /// the product's store IDs name, else the default provider.
    public func provider(for product: Product) -> ProviderConfiguration? {
        if !product.storeIDs.isEmpty, let named = providers.first(where: { product.storeIDs[$0.kind] != nil }) {
            return named
        }
        return defaultProvider
    }

    /// The configuration of the provider of the given kind, if the deployment uses it.
    public func provider(_ kind: ProviderKind) -> ProviderConfiguration? {
        providers.first { $0.kind == kind }
    }
}

/// One store provider a deployment uses: its kind and the provider's own settings.
public struct ProviderConfiguration: Sendable, Hashable, Codable {
    /// The registered kind that builds the provider.
    public var kind: ProviderKind
    /// The provider's own keys, passed to its factory unchanged. Empty when the catalog gives none.
    public var settings: [String: SettingValue]

    /// Creates a configuration.
    public init(kind: ProviderKind, settings: [String: SettingValue] = [:]) {
        self.kind = kind
        self.settings = settings
    }
}

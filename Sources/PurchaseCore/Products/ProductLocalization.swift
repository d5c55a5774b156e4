/// A product's name and description in one language.
public struct ProductLocalization: Sendable, Hashable, Codable {
    /// The short name people see (`550 Gems`); never empty in a loaded catalog.
    public var displayName: String
    /// A sentence or two saying what the product gives.
    public var description: String

    /// Creates a localization.
    public init(displayName: String, description: String) {
        self.displayName = displayName
        self.description = description
    }
}

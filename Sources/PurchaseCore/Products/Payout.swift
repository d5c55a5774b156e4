/// Something a purchase credits to the buyer's balances, such as 100 gems.
public struct Payout: Sendable, Hashable, Codable {
    /// What sort of thing the payout is. Stores treat all kinds alike; the kind tells apps how to show it.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// An in-app currency (gems, coins).
        case currency
        /// A countable item (a booster, a key).
        case item
        /// A resource (energy, lives).
        case resource
        /// Anything else.
        case other
    }

    /// What sort of thing is credited.
    public var kind: Kind
    /// The balance the quantity is credited to (`gems`); balances are keyed by this name.
    public var name: String
    /// How many are credited per unit bought; at least 1 in a loaded catalog.
    public var quantity: Int

    /// Creates a payout.
    public init(kind: Kind, name: String, quantity: Int) {
        self.kind = kind
        self.name = name
        self.quantity = quantity
    }
}

/// How a transaction is known across stores: the store that issued it and that store's identifier.
///
/// Two stores may use the same identifier for different transactions, so delivery is keyed by the
/// pair, never by the identifier alone.
public struct TransactionID: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The store that issued the transaction: the provider's ``StoreProvider/storeName``.
    public var store: String
    /// The store's own identifier for the transaction.
    public var id: String

    /// Creates a transaction identifier.
    public init(store: String, id: String) {
        self.store = store
        self.id = id
    }

    /// `store/id`.
    public var description: String { "\(store)/\(id)" }

    /// Orders by store, then identifier.
    public static func < (lhs: TransactionID, rhs: TransactionID) -> Bool {
        (lhs.store, lhs.id) < (rhs.store, rhs.id)
    }
}

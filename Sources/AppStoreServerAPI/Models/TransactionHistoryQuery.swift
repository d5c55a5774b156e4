public import Foundation

/// The filters and order of a Get Transaction History request (its query parameters); every one is
/// optional, and the transactions returned match all that are given.
public struct TransactionHistoryQuery: Sendable, Hashable {
    /// The order of the transactions by the date they last changed (`sort`).
    public enum Order: String, Sendable, Hashable {
        /// Oldest first (Apple's default).
        case ascending = "ASCENDING"
        /// Newest first.
        case descending = "DESCENDING"
    }

    /// Only transactions purchased at or after this moment (`startDate`, milliseconds).
    public var startDate: Date?
    /// Only transactions purchased before this moment (`endDate`, milliseconds).
    public var endDate: Date?
    /// Only these products (`productId`, repeated).
    public var productIDs: [String] = []
    /// Only these product types (`productType`: `AUTO_RENEWABLE`, `NON_RENEWABLE`, `CONSUMABLE`,
    /// `NON_CONSUMABLE`).
    public var productTypes: [String] = []
    /// The order (`sort`).
    public var sort: Order?
    /// Only these subscription groups (`subscriptionGroupIdentifier`, repeated).
    public var subscriptionGroupIdentifiers: [String] = []
    /// Only this ownership (`inAppOwnershipType`: `PURCHASED` or `FAMILY_SHARED`).
    public var inAppOwnershipType: String?
    /// Only revoked (`true`) or only not revoked (`false`) transactions (`revoked`).
    public var revoked: Bool?

    /// No filter: the whole history, oldest first.
    public init() {}

    /// The query parameters, `revision` first when given.
    public func queryItems(revision: String?) -> [URLQueryItem] {
        var items: [URLQueryItem] = []
        if let revision { items.append(URLQueryItem(name: "revision", value: revision)) }
        if let startDate { items.append(URLQueryItem(name: "startDate", value: Self.milliseconds(startDate))) }
        if let endDate { items.append(URLQueryItem(name: "endDate", value: Self.milliseconds(endDate))) }
        items += productIDs.map { URLQueryItem(name: "productId", value: $0) }
        items += productTypes.map { URLQueryItem(name: "productType", value: $0) }
        if let sort { items.append(URLQueryItem(name: "sort", value: sort.rawValue)) }
        items += subscriptionGroupIdentifiers.map { URLQueryItem(name: "subscriptionGroupIdentifier", value: $0) }
        if let inAppOwnershipType { items.append(URLQueryItem(name: "inAppOwnershipType", value: inAppOwnershipType)) }
        if let revoked { items.append(URLQueryItem(name: "revoked", value: revoked ? "true" : "false")) }
        return items
    }

    private static func milliseconds(_ date: Date) -> String {
        String(Int64((date.timeIntervalSince1970 * 1000).rounded()))
    }
}

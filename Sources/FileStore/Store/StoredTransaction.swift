import Foundation
import PurchaseCore

/// One transaction of the file store as its journal keeps it. Identifiers are allocated in order
/// from 1, so a transaction lives at index `id - 1` of ``FileStoreState/transactions``.
struct StoredTransaction: Sendable, Hashable {
    var id: UInt64
    var originalID: UInt64
    var productID: String
    var productType: ProductType
    var quantity: Int
    var purchaseDate: Date
    var originalPurchaseDate: Date
    var expirationDate: Date?
    /// `purchased`, `deferred` (waiting for approval) or `failed` (declined).
    var state: TransactionState
    /// For the first transaction of an auto-renewable chain: whether the chain renews.
    var autoRenew: Bool
    var finished = false
    var revocationDate: Date?
    var revocationReason: RevocationReason?
    /// Whether the store was told (through ``FileStoreProvider/finish(_:)``) about the revocation.
    var revocationAcknowledged = false
    /// The app account token the purchase carried (a renewal: its chain's); `nil` for none.
    var appAccountToken: UUID? = nil

    /// Whether the provider should hand it to the store (again): an unfinished charge or decline,
    /// or a revocation not yet acknowledged.
    var needsHandling: Bool {
        if revocationDate != nil { return !revocationAcknowledged }
        return !finished && (state == .purchased || state == .failed)
    }

    func encode(into writer: inout ByteWriter) {
        writer.u64(id)
        writer.u64(originalID)
        writer.string(productID)
        writer.u8(productType.code)
        writer.int(quantity)
        writer.date(purchaseDate)
        writer.date(originalPurchaseDate)
        writer.optionalDate(expirationDate)
        writer.u8(state.code)
        writer.bool(autoRenew)
    }

    static func decode(from reader: inout ByteReader, interner: inout StringInterner) throws -> StoredTransaction {
        StoredTransaction(
            id: try reader.u64(),
            originalID: try reader.u64(),
            productID: try reader.string(interning: &interner),
            productType: try ProductType(code: try reader.u8()),
            quantity: try reader.int(),
            purchaseDate: try reader.date(),
            originalPurchaseDate: try reader.date(),
            expirationDate: try reader.optionalDate(),
            state: try TransactionState(code: try reader.u8()),
            autoRenew: try reader.bool()
        )
    }

    /// The transaction as the ``StoreProvider`` protocol reports it.
    func storeTransaction(store: String, chainRenews: Bool?, state overriding: TransactionState? = nil)
        -> StoreTransaction
    {
        StoreTransaction(
            id: String(id),
            originalID: String(originalID),
            store: store,
            productID: productID,
            productType: productType,
            quantity: quantity,
            purchaseDate: purchaseDate,
            originalPurchaseDate: originalPurchaseDate,
            expirationDate: expirationDate,
            revocationDate: revocationDate,
            revocationReason: revocationReason,
            environment: .local,
            ownership: .purchased,
            state: overriding ?? state,
            willAutoRenew: productType == .autoRenewable ? chainRenews : nil,
            // The file store fails a transaction only when its Ask to Buy is declined.
            failure: (overriding ?? state) == .failed ? .declined : nil,
            appAccountToken: appAccountToken
        )
    }
}

extension ProductType {
    var code: UInt8 {
        switch self {
        case .consumable: 1
        case .nonConsumable: 2
        case .autoRenewable: 3
        case .nonRenewing: 4
        }
    }

    init(code: UInt8) throws {
        switch code {
        case 1: self = .consumable
        case 2: self = .nonConsumable
        case 3: self = .autoRenewable
        case 4: self = .nonRenewing
        default: throw RecordFormatError(description: "unknown product type code \(code)")
        }
    }
}

extension TransactionState {
    var code: UInt8 {
        switch self {
        case .purchasing: 1
        case .purchased: 2
        case .restored: 3
        case .deferred: 4
        case .failed: 5
        }
    }

    init(code: UInt8) throws {
        switch code {
        case 1: self = .purchasing
        case 2: self = .purchased
        case 3: self = .restored
        case 4: self = .deferred
        case 5: self = .failed
        default: throw RecordFormatError(description: "unknown transaction state code \(code)")
        }
    }
}

extension RevocationReason {
    var code: UInt8 {
        switch self {
        case .developerIssue: 1
        case .other: 2
        }
    }

    init(code: UInt8) throws {
        switch code {
        case 1: self = .developerIssue
        case 2: self = .other
        default: throw RecordFormatError(description: "unknown revocation reason code \(code)")
        }
    }
}

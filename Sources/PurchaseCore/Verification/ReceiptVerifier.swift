/// Checks that a transaction is genuine before anything is delivered for it.
///
/// ## Implementation requirements
/// - ``verify(_:)`` returns normally only for a transaction it has checked and accepts. The
///   returned transaction is the one to deliver: the verifier may correct it with what the
///   authority says (a later expiry, a revocation).
/// - It throws ``PurchaseError`` with ``PurchaseError/Code/verificationFailed`` or
///   ``PurchaseError/Code/receiptInvalid`` (with ``PurchaseError/verifierStatus``) when the
///   transaction is refused, and ``PurchaseError/Code/verificationUnavailable`` when it could not
///   decide (the store keeps the transaction unfinished and tries again later).
public protocol ReceiptVerifier: Sendable {
    /// Verifies one transaction.
    func verify(_ transaction: StoreTransaction) async throws -> StoreTransaction
}

/// A verifier for stores that are themselves the authority (a local file store): it accepts a
/// transaction that names a product of the catalog and the expected store, and refuses others.
public struct CatalogReceiptVerifier: ReceiptVerifier {
    private let catalog: Catalog

    /// Creates a verifier that checks transactions against `catalog`.
    public init(catalog: Catalog) {
        self.catalog = catalog
    }

    /// Accepts transactions for products of the catalog with a positive quantity.
    public func verify(_ transaction: StoreTransaction) async throws -> StoreTransaction {
        guard let type = catalog.productType(withID: transaction.productID) else {
            throw PurchaseError(
                .verificationFailed,
                detail: "transaction \(transaction.transactionID) names a product the catalog does not declare",
                productID: transaction.productID
            )
        }
        guard type == transaction.productType, transaction.quantity >= 1 else {
            throw PurchaseError(
                .verificationFailed,
                detail: "transaction \(transaction.transactionID) does not match its product's type or quantity",
                productID: transaction.productID
            )
        }
        return transaction
    }
}

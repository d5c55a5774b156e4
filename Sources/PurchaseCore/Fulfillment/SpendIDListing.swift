public import Foundation

/// An ``IdempotentSpending`` ledger that can list the spends it recorded with an identifier, so that
/// another ledger taking in its contents (``LedgerExport/read(from:)``, ``LedgerImporting``) answers
/// their replays as it would have.
///
/// ## Implementation requirements
/// - ``recordedSpends()`` returns every spend ``IdempotentSpending/spend(_:quantity:account:spendID:)``
///   recorded, once each, as one consistent view.
public protocol SpendIDListing: IdempotentSpending {
    /// Every spend recorded with an identifier, in no particular order.
    func recordedSpends() async throws -> [IdentifiedSpend]
}

/// A spend a ledger recorded with an identifier: the account, the identifier and what its replays answer.
public struct IdentifiedSpend: Sendable, Hashable {
    /// The account's app account token; `nil` for the default account.
    public var account: UUID?
    /// The spend's identifier.
    public var spendID: SpendID
    /// What it took, and the balance it left.
    public var spend: RecordedSpend

    /// A spend recorded with an identifier.
    ///
    /// - Parameters:
    ///   - account: the account's app account token; `nil` for the default account.
    ///   - spendID: the spend's identifier.
    ///   - spend: what it took, and the balance it left.
    public init(account: UUID?, spendID: SpendID, spend: RecordedSpend) {
        self.account = account
        self.spendID = spendID
        self.spend = spend
    }
}

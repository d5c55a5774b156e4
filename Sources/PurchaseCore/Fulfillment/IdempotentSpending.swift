public import Foundation

/// A ledger's spends named by an identifier the caller chooses, so that a caller that lost the answer
/// to a spend and sends it again never spends twice: the second call answers what the first one did.
///
/// A capability a ``FulfillmentLedger`` may adopt beside its own requirements; `Store`'s
/// ``Store/spend(_:quantity:account:spendID:)`` asks the ledger for it (`ledger as? any IdempotentSpending`)
/// and refuses a spend with an identifier when the ledger does not offer it.
///
/// ## Implementation requirements
/// - ``spend(_:quantity:account:spendID:)`` is one atomic check-and-record keyed by the account and the
///   identifier: the units taken and the identifier's record are written in the same change, so that
///   however many callers race with the same identifier for the same account, in this process or in
///   another one sharing the ledger the way deliveries are shared, exactly one takes the units and the
///   others answer its result with ``SpendResult/replayed`` `true`.
/// - A replay (the same account, identifier, balance name and quantity) changes nothing and answers the
///   balance the first spend left, whatever happened to the balance since.
/// - The same identifier for the same account with another balance name or quantity changes nothing
///   and throws ``PurchaseError/Code/spendIDConflict``. Identifiers of different accounts never meet.
/// - A spend that does not fit throws ``PurchaseError/Code/insufficientBalance`` and records nothing, so
///   the identifier can be used again (once the balance holds the units, say).
/// - A call that returns has made its record durable to the ledger's own standard (the same as a
///   delivery's); a call that throws has recorded nothing (except when a ledger's connection broke while
///   a commit was under way: then a retry with the same identifier answers the replay). Records are kept
///   as long as the ledger's deliveries are, and reopening the ledger keeps them.
/// - The balance rules are those of ``FulfillmentLedger/spend(_:quantity:account:)``: a balance never
///   goes below zero through spending, and only the named account's units count. Errors are
///   ``PurchaseError``: ``PurchaseError/Code/clientInvalid`` for a quantity that is not positive,
///   ``PurchaseError/Code/ledgerIOFailed`` for storage failures.
public protocol IdempotentSpending: Sendable {
    /// Takes `quantity` units from a balance of one account once for `spendID`: the first call takes
    /// them, a call with the same identifier afterwards answers that first spend's result.
    ///
    /// - Parameters:
    ///   - balance: the payout name.
    ///   - quantity: the units to take; positive.
    ///   - account: the account's app account token; `nil` for the default account.
    ///   - spendID: the spend's identifier, chosen by the caller and unique among its account's spends.
    /// - Returns: the balance left after the spend `spendID` names, and whether this call replayed it.
    /// - Throws: ``PurchaseError/Code/insufficientBalance`` when the balance holds fewer units (nothing
    ///   recorded); ``PurchaseError/Code/spendIDConflict`` when `spendID` names a spend of another
    ///   balance or quantity of the account.
    func spend(_ balance: String, quantity: Int, account: UUID?, spendID: SpendID) async throws -> SpendResult
}

/// The identifier a caller gives a spend (an HTTP `Idempotency-Key`, say): 1 to ``maximumBytes``
/// bytes of UTF-8 text without control characters, compared byte for byte.
public struct SpendID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The identifier's text.
    public let rawValue: String

    /// The most UTF-8 bytes an identifier may have.
    public static let maximumBytes = 200

    /// An identifier of `text`.
    ///
    /// - Parameter text: the identifier's text, compared byte for byte.
    /// - Throws: ``PurchaseError/Code/clientInvalid`` for an empty text, one longer than
    ///   ``maximumBytes`` bytes of UTF-8, or one holding a control character (U+0000 to U+001F,
    ///   U+007F to U+009F).
    public init(_ text: String) throws(PurchaseError) {
        let bytes = text.utf8.count
        guard bytes > 0, bytes <= Self.maximumBytes else {
            throw PurchaseError(
                .clientInvalid, detail: "a spend identifier has 1 to \(Self.maximumBytes) bytes, not \(bytes)")
        }
        guard !text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else {
            throw PurchaseError(.clientInvalid, detail: "a spend identifier holds no control characters")
        }
        rawValue = text
    }

    /// The text.
    public var description: String { rawValue }

    /// Orders identifiers by their UTF-8 bytes.
    public static func < (lhs: SpendID, rhs: SpendID) -> Bool {
        lhs.rawValue.utf8.lexicographicallyPrecedes(rhs.rawValue.utf8)
    }
}

/// What a spend with an identifier answers (``IdempotentSpending/spend(_:quantity:account:spendID:)``).
public struct SpendResult: Sendable, Hashable {
    /// The account's balance right after the spend the identifier names (not the balance now, for a replay).
    public var balance: Int
    /// Whether the identifier named a spend made before, so that this call took nothing.
    public var replayed: Bool

    /// A result.
    ///
    /// - Parameters:
    ///   - balance: the balance left after the spend.
    ///   - replayed: whether the call answered a spend made before.
    public init(balance: Int, replayed: Bool) {
        self.balance = balance
        self.replayed = replayed
    }
}

/// What a ledger keeps of a spend with an identifier, to answer its replays and refuse a conflicting one.
public struct RecordedSpend: Sendable, Hashable {
    /// The payout name.
    public var balance: String
    /// The units taken.
    public var quantity: Int
    /// The account's balance right after the spend.
    public var balanceAfter: Int

    /// A record.
    ///
    /// - Parameters:
    ///   - balance: the payout name.
    ///   - quantity: the units taken.
    ///   - balanceAfter: the account's balance right after the spend.
    public init(balance: String, quantity: Int, balanceAfter: Int) {
        self.balance = balance
        self.quantity = quantity
        self.balanceAfter = balanceAfter
    }

    /// The answer to a spend of `quantity` units of `balance` with this record's identifier: the
    /// replay when they match, and otherwise the error
    /// ``IdempotentSpending/spend(_:quantity:account:spendID:)`` throws.
    ///
    /// - Parameters:
    ///   - balance: the payout name the spend asks for.
    ///   - quantity: the units it asks for.
    ///   - spendID: its identifier (for the error's detail).
    /// - Throws: ``PurchaseError/Code/spendIDConflict`` when the balance name or the quantity differ.
    public func replay(_ balance: String, quantity: Int, spendID: SpendID) throws(PurchaseError) -> SpendResult {
        guard balance == self.balance, quantity == self.quantity else {
            throw PurchaseError(
                .spendIDConflict,
                detail: "spend '\(spendID)' took \(self.quantity) \(self.balance), not \(quantity) \(balance)")
        }
        return SpendResult(balance: balanceAfter, replayed: true)
    }
}

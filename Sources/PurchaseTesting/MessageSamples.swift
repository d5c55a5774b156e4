public import Foundation
public import PurchaseCore

/// One message of every `MessageKey` with sample arguments, for tests that go over a whole message
/// table: when you add a language or override texts, render every sample and check none is empty.
///
/// Guarantees: ``all`` holds at least one message per key of `MessageKey.coreKeys`, and
/// ``keyed(_:)`` one per key it is given, for the keys other modules declare (`MessageKey.catalogKeys`
/// in PurchaseCatalog, `MessageKey.libraryKeys` in PurchaseKit for every library's).
public enum MessageSamples {
    /// The date the samples use (2027-01-01T00:00:00Z).
    public static let date = Date(timeIntervalSince1970: 1_798_761_600)  // 2027-01-01T00:00:00Z

    /// The messages of the typed cases.
    public static let typed: [Message] = [
        .restoreConfirmTitle, .restoreConfirmQuestion, .restoreSucceeded(count: 3), .restorePartial(count: 2),
        .nothingToRestore, .restoreFailed,
        .purchaseConfirm(productName: "Gems", price: Price(amount: 0.99, currencyCode: "USD")),
        .purchaseComplete(productName: "Gems"), .purchaseFailed, .purchaseCancelled, .purchasePending,
        .purchaseVerifying, .purchaseInProgress, .alreadyOwned, .paymentsDisabled, .productUnavailable,
        .invalidProductIdentifiers, .storeUnavailable, .paymentInvalid, .quantityRequiresConsumable, .clientInvalid,
        .ineligibleForOffer,
        .verificationFailed, .receiptInvalid, .verificationUnavailable, .ledgerFailed, .catalogInvalid,
        .providerMisconfigured, .unsupported, .unknownError, .balanceAmount(name: "gems", quantity: 100),
        .insufficientBalance, .subscriptionActive(productName: "Pro"),
        .subscriptionExpires(productName: "Pro", date: date), .subscriptionExpired(productName: "Pro"),
        .subscriptionEndedEarly(productName: "Pro", date: date),
        .subscriptionInGracePeriod(productName: "Pro", date: date),
    ]

    /// A `.keyed` message for each of `keys`, in order, with sample arguments of the kinds the key
    /// declares: for the keys no typed case covers (catalog diagnostics, scenario problems, the tool's
    /// texts).
    public static func keyed(_ keys: [MessageKey]) -> [Message] {
        keys.map { key in
            .keyed(
                key,
                arguments: key.argumentKinds.enumerated().map { index, kind in
                    switch kind {
                    case .text: .text("sample-\(index + 1)")
                    case .integer: .integer(index + 2)
                    case .date: .date(date)
                    case .price: .price(Price(amount: 0.99, currencyCode: "USD"))
                    }
                })
        }
    }

    /// Every sample of the core's keys: ``typed``, then a `.keyed` message for each key of
    /// `MessageKey.coreKeys` no typed case covers.
    public static let all: [Message] =
        typed + keyed(MessageKey.coreKeys.filter { key in !typed.contains { $0.key == key } })
}

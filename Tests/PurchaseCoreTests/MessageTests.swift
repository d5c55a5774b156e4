import Foundation
import PurchaseCore
import Testing

/// One message of every key, for tests that go over the whole table.
enum MessageSamples {
    static let date = Date(timeIntervalSince1970: 1_798_761_600)  // 2027-01-01T00:00:00Z

    /// The messages of the typed cases.
    static let typed: [Message] = [
        .restoreConfirmTitle, .restoreConfirmQuestion, .restoreSucceeded(count: 3), .restorePartial(count: 2),
        .nothingToRestore, .restoreFailed,
        .purchaseConfirm(productName: "Gems", price: Price(amount: 0.99, currencyCode: "USD")),
        .purchaseComplete(productName: "Gems"), .purchaseFailed, .purchaseCancelled, .purchasePending,
        .purchaseVerifying, .purchaseInProgress, .alreadyOwned, .paymentsDisabled, .productUnavailable,
        .invalidProductIdentifiers, .storeUnavailable, .paymentInvalid, .clientInvalid, .ineligibleForOffer,
        .verificationFailed, .receiptInvalid, .verificationUnavailable, .ledgerFailed, .catalogInvalid,
        .providerMisconfigured, .unsupported, .unknownError, .balanceAmount(name: "gems", quantity: 100),
        .insufficientBalance, .subscriptionActive(productName: "Pro"),
        .subscriptionExpires(productName: "Pro", date: date), .subscriptionExpired(productName: "Pro"),
        .toolProducts, .toolPrice, .toolBalance, .toolEntitlements, .toolSubscriptions, .toolExpires,
        .toolNothingOwned, .toolMissingFile(path: "a.plist"), .toolUsage(synopsis: "purchasekit COMMAND"),
        .toolInvalidCatalog(path: "a.plist"), .toolIOError(path: "a.plist"),
    ]

    /// A `.keyed` message for every key no typed case covers (the tool's texts and catalog diagnostics), with
    /// sample arguments of the kinds the key declares.
    static let keyed: [Message] = MessageKey.allCases.filter { key in !typed.contains { $0.key == key } }.map {
        key in
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

    static let all: [Message] = typed + keyed
}

struct MessageTests {
    @Test func samplesCoverEveryKeyOnce() {
        let keys = MessageSamples.all.map(\.key)
        #expect(Set(keys) == Set(MessageKey.allCases))
        #expect(keys.count == MessageKey.allCases.count)
    }

    @Test(arguments: MessageSamples.all)
    func argumentsMatchTheKeysDeclaredKinds(message: Message) {
        #expect(message.arguments.map(\.kind) == message.key.argumentKinds)
    }

    @Test func keysAreUniqueDottedNames() {
        let names = MessageKey.allCases.map(\.rawValue)
        #expect(Set(names).count == names.count)
        for name in names {
            #expect(name.contains("."), "\(name)")
            #expect(!name.contains(" "), "\(name)")
        }
    }

    @Test func pluralKeysTakeACount() {
        for key in MessageKey.allCases where key.isPlural {
            #expect(key.argumentKinds.contains(.integer), "\(key)")
        }
        #expect(MessageKey.restoreSucceeded.isPlural)
        #expect(!MessageKey.purchaseComplete.isPlural)
    }

    @Test func someKeysAreStable() {
        #expect(MessageKey.purchaseComplete.rawValue == "purchase.complete")
        #expect(MessageKey.restoreSucceeded.rawValue == "restore.succeeded")
        #expect(MessageKey.paymentsDisabled.rawValue == "payments.disabled")
        #expect(Message.purchaseComplete(productName: "Gems").arguments == [.text("Gems")])
    }

    /// Every error has its own text; only `unknown` reads as the generic one.
    @Test(arguments: PurchaseError.Code.all)
    func everyErrorCodeHasAMessage(code: PurchaseError.Code) {
        let message = Message(error: PurchaseError(code))
        #expect(message.arguments.isEmpty)
        #expect((message == .unknownError) == (code == .unknown), "\(code)")
    }

    @Test(arguments: [
        (PurchaseError.Code.paymentNotAllowed, Message.paymentsDisabled),
        (.paymentCancelled, .purchaseCancelled), (.pendingApproval, .purchasePending),
        (.purchaseInProgress, .purchaseInProgress), (.alreadyOwned, .alreadyOwned),
        (.storeUnavailable, .storeUnavailable), (.productUnavailable, .productUnavailable),
        (.nothingToRestore, .nothingToRestore), (.insufficientBalance, .insufficientBalance),
        (.verificationFailed, .verificationFailed), (.ledgerIOFailed, .ledgerFailed),
    ])
    func errorsMapToTheirMessages(code: PurchaseError.Code, expected: Message) {
        #expect(Message(error: PurchaseError(code)) == expected)
    }

    @Test func purchaseOutcomesMapToMessages() {
        let transaction = StoreTransaction(
            id: "1", store: "file", productID: "p", productType: .nonConsumable, purchaseDate: MessageSamples.date)
        #expect(
            Message(outcome: .purchased(transaction), productName: "Gems") == .purchaseComplete(productName: "Gems"))
        #expect(Message(outcome: .pending(productID: "p"), productName: "Gems") == .purchasePending)
        #expect(Message(outcome: .cancelled(productID: "p"), productName: "Gems") == .purchaseCancelled)
        #expect(Message(outcome: .failed(PurchaseError(.unknown)), productName: "Gems") == .purchaseFailed)
        #expect(
            Message(outcome: .failed(PurchaseError(.paymentNotAllowed)), productName: "Gems") == .paymentsDisabled)
    }

    @Test func restoreOutcomesMapToMessages() {
        #expect(Message(outcome: .restored(["a", "b"])) == .restoreSucceeded(count: 2))
        #expect(Message(outcome: .restored([])) == .nothingToRestore)
        #expect(Message(outcome: .nothingToRestore) == .nothingToRestore)
        #expect(
            Message(outcome: .partial(restored: ["a"], errors: [PurchaseError(.storeUnavailable)]))
                == .restorePartial(count: 1))
        #expect(Message(outcome: .failed(PurchaseError(.storeUnavailable))) == .storeUnavailable)
        #expect(Message(outcome: .failed(PurchaseError(.paymentNotAllowed))) == .paymentsDisabled)
        #expect(Message(outcome: .failed(PurchaseError(.receiptInvalid))) == .restoreFailed)
    }
}

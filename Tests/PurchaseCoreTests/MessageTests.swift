import Foundation
import PurchaseCore
import PurchaseTesting
import Testing

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

    /// A reason chooses a more precise message than its code's, without changing the code.
    @Test func aQuantityForANonConsumableIsNotBlamedOnThePayment() {
        let refused = PurchaseError(.paymentInvalid, reason: .quantityRequiresConsumable)
        #expect(Message(error: refused) == .quantityRequiresConsumable)
        #expect(Message(outcome: .failed(refused), productName: "Remove Ads") == .quantityRequiresConsumable)
        #expect(Message(error: PurchaseError(.paymentInvalid)) == .paymentInvalid)
        #expect(refused.recoveryAction == PurchaseError(.paymentInvalid).recoveryAction)
        #expect(refused.reason?.name == "quantityRequiresConsumable")
        #expect(MessageKey.quantityRequiresConsumable.rawValue == "error.quantityRequiresConsumable")
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

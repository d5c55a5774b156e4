import Foundation
import PurchaseCore
import PurchaseTesting
import Testing

struct MessageTests {
    @Test func samplesCoverEveryKeyOnce() {
        let keys = MessageSamples.all.map(\.key)
        #expect(Set(keys) == Set(MessageKey.coreKeys))
        #expect(keys.count == MessageKey.coreKeys.count)
    }

    /// The core keeps only the purchase flow's texts; other modules declare their own keys.
    @Test func theCoreDeclaresAtMostEightyKeys() {
        #expect(MessageKey.coreKeys.count <= 80)
        let purchaseFacing = [
            "restore", "purchase", "error", "payments", "product", "store", "balance", "subscription",
        ]
        for key in MessageKey.coreKeys {
            let family = String(key.rawValue.prefix { $0 != "." })
            #expect(purchaseFacing.contains(family), "\(key) belongs to the module that shows it")
        }
    }

    /// A key known by name only equals the declared key of that name, and names no arguments.
    @Test func keysAreEqualByName() {
        let named = MessageKey(rawValue: "purchase.complete")
        #expect(named == .purchaseComplete)
        #expect(Set([named, .purchaseComplete]).count == 1)
        #expect(named.argumentKinds.isEmpty && MessageKey.purchaseComplete.argumentKinds == [.text])
        #expect(named != .purchaseFailed)
        #expect("\(MessageKey.purchaseComplete)" == "purchase.complete")
    }

    @Test(arguments: MessageSamples.all)
    func argumentsMatchTheKeysDeclaredKinds(message: Message) {
        #expect(message.arguments.map(\.kind) == message.key.argumentKinds)
    }

    @Test func keysAreUniqueDottedNames() {
        let names = MessageKey.coreKeys.map(\.rawValue)
        #expect(Set(names).count == names.count)
        for name in names {
            #expect(name.contains("."), "\(name)")
            #expect(!name.contains(" "), "\(name)")
        }
    }

    @Test func pluralKeysTakeACount() {
        for key in MessageKey.coreKeys where key.isPlural {
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

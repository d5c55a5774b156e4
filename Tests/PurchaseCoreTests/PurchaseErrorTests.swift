import PurchaseCore
import Testing

struct PurchaseErrorTests {
    /// The numbers are a public contract: this table may only grow.
    @Test func codeNumbersAreStable() {
        let frozen: [String: Int] = [
            "unknown": 0, "clientInvalid": 1, "paymentCancelled": 2, "paymentInvalid": 3, "paymentNotAllowed": 4,
            "productUnavailable": 5, "invalidProductIdentifiers": 6, "storeUnavailable": 7, "purchaseInProgress": 8,
            "alreadyOwned": 9, "pendingApproval": 10, "ineligibleForOffer": 11, "nothingToRestore": 12,
            "insufficientBalance": 13, "spendIDConflict": 14, "verificationFailed": 20, "receiptInvalid": 21,
            "verificationUnavailable": 22,
            "ledgerIOFailed": 30, "catalogInvalid": 40, "providerMisconfigured": 41, "unsupported": 50,
        ]
        for (name, number) in frozen {
            #expect(PurchaseError.Code(rawValue: number)?.name == name)
        }
        let numbers = PurchaseError.Code.all.map(\.rawValue)
        #expect(Set(numbers).count == numbers.count)
    }

    @Test func cancelHasNoActionAndRestrictionsPointToSettings() {
        #expect(PurchaseError(.paymentCancelled).recoveryAction == .none)
        #expect(PurchaseError(.paymentCancelled).isRetryable == false)
        #expect(PurchaseError(.paymentNotAllowed).recoveryAction == .openSettings)
        #expect(PurchaseError(.storeUnavailable).recoveryAction == .retry)
        #expect(PurchaseError(.storeUnavailable).isRetryable)
        #expect(PurchaseError(.receiptInvalid).recoveryAction == .contactSupport)
    }

    @Test(arguments: [
        (0, "unknown"), (1, "clientInvalid"), (2, "paymentCancelled"), (3, "paymentInvalid"),
        (4, "paymentNotAllowed"), (5, "productUnavailable"), (7, "storeUnavailable"), (18, "ineligibleForOffer"),
        (19, "unsupported"), (999, "unknown"),
    ])
    func storeKitCodesMap(native: Int, expected: String) {
        #expect(PurchaseError.storeKit(code: native).code.name == expected)
    }

    @Test(arguments: [
        (21002, "verificationUnavailable", true), (21003, "receiptInvalid", false),
        (21004, "verificationFailed", false),
        (21005, "verificationUnavailable", true), (21007, "verificationFailed", false),
        (21009, "verificationUnavailable", true), (21100, "verificationUnavailable", true),
        (21199, "verificationUnavailable", true), (21010, "verificationFailed", false),
    ])
    func verifyReceiptStatusesMap(status: Int, expected: String, retryable: Bool) throws {
        let error = try #require(PurchaseError.verifyReceipt(status: status))
        #expect(error.code.name == expected)
        #expect(error.verifierStatus == status)
        #expect(error.isRetryable == retryable)
    }

    @Test func statusZeroIsNotAnError() {
        #expect(PurchaseError.verifyReceipt(status: 0) == nil)
    }
}

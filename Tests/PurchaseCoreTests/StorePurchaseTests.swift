import Foundation
import PurchaseCore
import PurchaseTesting
import Testing

/// The shipped harness over the sample catalog.
typealias Harness = StoreTestHarness

extension StoreTestHarness {
    init(gracePeriod: TimeInterval = 0) {
        self.init(catalog: SampleCatalog.make(), gracePeriod: gracePeriod)
    }
}

struct StorePurchaseTests {
    @Test func consumableCreditsItsPayoutTimesQuantity() async throws {
        let harness = Harness()
        let outcome = await harness.store.purchase("gems.100", quantity: 3)
        guard case .purchased(let transaction) = outcome else {
            Issue.record("expected purchased, got \(outcome)")
            return
        }
        #expect(transaction.quantity == 3)
        #expect(try await harness.store.entitlements().balances["gems"] == 300)
        #expect(await harness.provider.unfinishedTransactions().isEmpty)
    }

    /// A quantity whose units no balance can hold is refused before the charge (it used to trap in
    /// the delivery, after the charge, every time the transaction was tried again).
    @Test func aQuantityWhoseCreditsOverflowIsRefusedBeforeTheCharge() async throws {
        let harness = Harness()
        guard case .failed(let error) = await harness.store.purchase("gems.100", quantity: Int.max / 50) else {
            Issue.record("expected failed")
            return
        }
        #expect(error.code == .paymentInvalid)
        #expect(await harness.provider.allTransactions.isEmpty)
        #expect(try await harness.store.entitlements().balances["gems", default: 0] == 0)
    }

    @Test func consumableCanBeBoughtAgain() async throws {
        let harness = Harness()
        for _ in 0..<3 {
            guard case .purchased = await harness.store.purchase("gems.100") else {
                Issue.record("a consumable must be purchasable again")
                return
            }
        }
        #expect(try await harness.store.entitlements().balances["gems"] == 300)
    }

    @Test func spendingTakesFromTheBalanceAndRefusesToOverdraw() async throws {
        let harness = Harness()
        _ = await harness.store.purchase("gems.100")
        #expect(try await harness.store.spend("gems", quantity: 40) == 60)
        let error = await #expect(throws: PurchaseError.self) {
            try await harness.store.spend("gems", quantity: 61)
        }
        #expect(error?.code == .insufficientBalance)
        #expect(try await harness.store.entitlements().balances["gems"] == 60)
    }

    @Test func nonConsumableGrantsItsEntitlementAndCannotBeBoughtTwice() async throws {
        let harness = Harness()
        guard case .purchased = await harness.store.purchase("remove.ads") else {
            Issue.record("expected purchased")
            return
        }
        #expect(try await harness.store.entitlements().contains("no-ads"))
        guard case .failed(let error) = await harness.store.purchase("remove.ads") else {
            Issue.record("a second purchase of an owned non-consumable must fail")
            return
        }
        #expect(error.code == .alreadyOwned)
        #expect(error.recoveryAction == .none)
    }

    @Test func paymentsDisabledIsReportedBeforeAnythingElse() async throws {
        let harness = Harness()
        await harness.provider.setPaymentsAllowed(false)
        for productID in ["gems.100", "no.such.product"] {
            guard case .failed(let error) = await harness.store.purchase(productID) else {
                Issue.record("expected failure for \(productID)")
                return
            }
            #expect(error.code == .paymentNotAllowed)
            #expect(error.recoveryAction == .openSettings)
        }
        #expect(await harness.provider.allTransactions.isEmpty)
    }

    @Test func unknownProductIsAnInvalidIdentifier() async {
        let harness = Harness()
        guard case .failed(let error) = await harness.store.purchase("no.such.product") else {
            Issue.record("expected failure")
            return
        }
        #expect(error.code == .invalidProductIdentifiers)
    }

    @Test func quantityAboveOneIsOnlyForConsumables() async {
        let harness = Harness()
        guard case .failed(let error) = await harness.store.purchase("remove.ads", quantity: 2) else {
            Issue.record("expected failure")
            return
        }
        #expect(error.code == .paymentInvalid)
        #expect(error.reason == .quantityRequiresConsumable)
        #expect(Message(error: error) == .quantityRequiresConsumable)
        guard case .failed(let zero) = await harness.store.purchase("gems.100", quantity: 0) else {
            Issue.record("expected failure")
            return
        }
        #expect(zero.code == .paymentInvalid)
        #expect(zero.reason == nil)
    }

    @Test(arguments: [PurchaseError.Code.paymentInvalid, .storeUnavailable, .productUnavailable, .clientInvalid])
    func scriptedFailureSurfacesItsCode(code: PurchaseError.Code) async throws {
        let harness = Harness()
        await harness.provider.script("gems.100", .fail(code))
        guard case .failed(let error) = await harness.store.purchase("gems.100") else {
            Issue.record("expected failure")
            return
        }
        #expect(error.code == code)
        #expect(error.productID == "gems.100")
        #expect(try await harness.store.entitlements().balances["gems"] == 0)
    }

    @Test func cancelIsNotAFailure() async throws {
        let harness = Harness()
        await harness.provider.script("gems.100", .cancel, .fail(.paymentCancelled))
        for _ in 0..<2 {
            guard case .cancelled(let productID) = await harness.store.purchase("gems.100") else {
                Issue.record("expected cancelled")
                return
            }
            #expect(productID == "gems.100")
        }
        #expect(try await harness.store.entitlements().balances["gems"] == 0)
    }

    @Test func secondPurchaseWhileOneRunsIsRefusedNotQueued() async throws {
        let harness = Harness()
        await harness.provider.script("gems.100", .hold)
        let first = Task { await harness.store.purchase("gems.100") }
        while await harness.provider.heldPurchaseCount == 0 { await Task.yield() }

        guard case .failed(let error) = await harness.store.purchase("remove.ads") else {
            Issue.record("a purchase while another runs must be refused")
            return
        }
        #expect(error.code == .purchaseInProgress)
        #expect(error.isRetryable)

        await harness.provider.releaseHeldPurchase()
        guard case .purchased = await first.value else {
            Issue.record("the held purchase must complete")
            return
        }
        guard case .purchased = await harness.store.purchase("remove.ads") else {
            Issue.record("after the first purchase ends, the next one runs")
            return
        }
    }
}

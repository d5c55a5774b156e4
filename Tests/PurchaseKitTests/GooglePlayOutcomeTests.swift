import Foundation
import PurchaseKit
import SimulatedGooglePlay
import Testing

/// What a `Store` over the simulated Google Play reports for each way a billing flow ends.
struct GooglePlayOutcomeTests {
    @Test func theDialogCancelledIsACancelledPurchase() async throws {
        let state = GooglePlayDeploymentTests.temporaryState()
        defer { try? FileManager.default.removeItem(at: state) }
        let (deployment, provider) = try await GooglePlayDeploymentTests.open(
            try GooglePlayDeploymentTests.catalog("GooglePlay.plist"), state, ManualClock())
        await provider.store.planNextPurchases(.userCanceled)
        let outcome = await deployment.store.purchase("com.example.removeads")
        guard case .cancelled = outcome else {
            Issue.record("not cancelled: \(outcome)")
            await deployment.close()
            return
        }
        #expect(try await deployment.store.entitlements().names.isEmpty)
        await deployment.close()
    }

    @Test(
        arguments: [
            (BillingResponseCode.itemUnavailable, PurchaseError.Code.productUnavailable),
            (.serviceUnavailable, .storeUnavailable), (.networkError, .storeUnavailable),
            (.billingUnavailable, .paymentNotAllowed), (.developerError, .clientInvalid), (.error, .unknown),
        ])
    func aFailedFlowIsAPurchaseErrorOfAFittingCode(
        code: BillingResponseCode, expected: PurchaseError.Code
    ) async throws {
        let state = GooglePlayDeploymentTests.temporaryState()
        defer { try? FileManager.default.removeItem(at: state) }
        let (deployment, provider) = try await GooglePlayDeploymentTests.open(
            try GooglePlayDeploymentTests.catalog("GooglePlay.plist"), state, ManualClock())
        await provider.store.planNextPurchases(.fail(code))
        let outcome = await deployment.store.purchase("com.example.removeads")
        guard case .failed(let error) = outcome else {
            Issue.record("not failed: \(outcome)")
            await deployment.close()
            return
        }
        #expect(error.code == expected)
        #expect(error.detail?.contains(code.name) == true)
        // The next flow charges.
        guard case .purchased = await deployment.store.purchase("com.example.removeads") else {
            Issue.record("not purchased after the failure")
            await deployment.close()
            return
        }
        await deployment.close()
    }

    @Test func billingTurnedOffMeansNoPayments() async throws {
        let state = GooglePlayDeploymentTests.temporaryState()
        defer { try? FileManager.default.removeItem(at: state) }
        let (deployment, provider) = try await GooglePlayDeploymentTests.open(
            try GooglePlayDeploymentTests.catalog("GooglePlay.plist"), state, ManualClock())
        #expect(await provider.canMakePayments())
        await provider.store.updateControls { $0.billingAvailable = false }
        // The connection made at start stays; a new client cannot connect.
        await provider.close()
        #expect(await provider.canMakePayments() == false)
        await deployment.close()
    }
}

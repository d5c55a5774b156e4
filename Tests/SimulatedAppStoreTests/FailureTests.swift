import PurchaseCore
import SimulatedAppStore
import Testing

struct FailureTests {
    @Test(arguments: [StoreKitError.Code.paymentCancelled, .paymentInvalid, .cloudServiceNetworkConnectionFailed])
    func failTransactionsUsesTheChosenError(code: StoreKitError.Code) async throws {
        var controls = SessionControls()
        controls.failTransactionsEnabled = true
        controls.failureError = code
        let (queue, observer) = try await makeQueue(controls: controls)
        let added = await queue.buy(TestCatalog.gems)
        #expect(observer.latest(added.id)?.transactionState == .failed)
        #expect(observer.latest(added.id)?.error?.code == code)
    }

    @Test func productFailsOnTheAttemptsItsSimulationNames() async throws {
        let (queue, observer) = try await makeQueue()
        var outcomes: [String] = []
        for _ in 1...4 {
            let added = await queue.buy(TestCatalog.flaky)
            let latest = try #require(observer.latest(added.id))
            outcomes.append(latest.error.map { "\($0.code)" } ?? latest.transactionState.rawValue)
        }
        #expect(outcomes == ["cloudServiceNetworkConnectionFailed", "purchased", "paymentCancelled", "purchased"])
    }

    @Test func simulatedPurchaseErrorFailsEveryPayment() async throws {
        var controls = SessionControls()
        controls.simulatedErrors[.purchase] = .clientInvalid
        let (queue, observer) = try await makeQueue(controls: controls)
        let added = await queue.buy(TestCatalog.gems)
        #expect(observer.latest(added.id)?.error?.code == .clientInvalid)
        await queue.updateControls { $0.simulatedErrors = [:] }
        let again = await queue.buy(TestCatalog.gems)
        #expect(observer.latest(again.id)?.transactionState == .purchased)
    }

    private func faultPattern(seed: UInt64) async throws -> [Bool] {
        var controls = SessionControls()
        controls.faultRate = 0.5
        let (queue, observer) = try await makeQueue(controls: controls, seed: seed)
        var pattern: [Bool] = []
        for _ in 0..<32 {
            let added = await queue.buy(TestCatalog.gems)
            pattern.append(observer.latest(added.id)?.transactionState == .failed)
        }
        return pattern
    }

    @Test func seededFaultsAreReproducible() async throws {
        let first = try await faultPattern(seed: 42)
        let second = try await faultPattern(seed: 42)
        let other = try await faultPattern(seed: 7)
        #expect(first == second)
        #expect(first != other)
        #expect(first.contains(true) && first.contains(false))
    }

    @Test func splitMix64MatchesItsReferenceSequence() {
        // Reference values of SplitMix64 seeded with 0 (Steele, Lea and Flood's published generator).
        var generator = SplitMix64(seed: 0)
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
        #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
    }

    @Test(arguments: [
        ("paymentCancelled", 2), ("SKErrorPaymentInvalid", 3), ("storeUnavailable", 7), ("networkError", 7),
        ("productUnavailable", 5), ("18", 18),
    ])
    func errorNamesParse(text: String, raw: Int) {
        #expect(StoreKitError.Code(parsing: text)?.rawValue == raw)
    }

    @Test func unknownErrorNameDoesNotParse() {
        #expect(StoreKitError.Code(parsing: "teapot") == nil)
    }

    @Test func storeKitErrorsMapToCoreCodes() {
        #expect(StoreKitError(.paymentCancelled).purchaseError().code == .paymentCancelled)
        #expect(StoreKitError(.cloudServiceNetworkConnectionFailed).purchaseError().code == .storeUnavailable)
        #expect(StoreKitError(.paymentNotAllowed).purchaseError(productID: "x").productID == "x")
    }
}

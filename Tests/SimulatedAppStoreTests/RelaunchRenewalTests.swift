import Foundation
import PurchaseCore
import SimulatedAppStore
import Testing

struct RelaunchRenewalTests {
    @Test func renewalsThatCameDueWhileClosedArriveAtTheNextLaunch() async throws {
        let folder = try TestCatalog.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = SimulationClock()
        let (first, _) = try await makeQueue(persistence: .journal(directory: folder), clock: clock)
        let bought = await first.buy(TestCatalog.monthly)
        await first.finishTransaction(withIdentifier: bought.id)
        await first.close()

        clock.advance(by: 45 * 86_400)
        let (second, observer) = try await makeQueue(persistence: .journal(directory: folder), clock: clock)
        await second.waitForCallbacks()
        #expect(observer.updates.count == 1)
        #expect(observer.updates.first?.originalTransactionIdentifier == bought.id)
        #expect(observer.updates.first?.transactionState == .purchased)
        await second.close()
    }
}

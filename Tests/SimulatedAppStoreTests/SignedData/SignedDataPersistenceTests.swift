import AppStoreSignedData
import Foundation
import PurchaseCore
import Testing

@testable import SimulatedAppStore

/// What signed data keeps in the account, and what a relaunch does to notifications.
struct SignedDataPersistenceTests {
    @Test func theAppTransactionRecordRoundTripsAndTheSnapshotKeepsIt() throws {
        let record = AccountRecord.appTransaction(originalPurchaseDate: 1_767_225_600.25)
        var reader = BinaryReader(record.data)
        #expect(try AccountRecord(from: &reader) == record)
        #expect(reader.isAtEnd)
        #expect(record.data.first == 12)

        var account = SimulatedAccount()
        account.apply(record)
        // The first date stays: a later record does not move it.
        account.apply(.appTransaction(originalPurchaseDate: 1_800_000_000))
        account.apply(.clear)
        let restored = try SimulatedAccount(snapshot: try account.snapshot())
        #expect(restored.appTransactionDate == 1_767_225_600.25)
        // An account that never signed its app transaction writes nothing of it.
        #expect(try SimulatedAccount(snapshot: try SimulatedAccount().snapshot()).appTransactionDate == nil)
    }

    @Test func aRelaunchKeepsTheAppTransactionDateAndEmitsNoExpiryAgain() async throws {
        let folder = try TestCatalog.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = SimulationClock()
        func open() throws -> PaymentQueue {
            try PaymentQueue(
                catalog: TestCatalog.make(), persistence: .journal(directory: folder), clock: clock,
                signedData: TestSigning.signedData())
        }
        let first = try open()
        let monthly = await first.buy(TestCatalog.monthly)
        await first.disableAutoRenewForTransaction(monthly.id)
        await first.advanceTime(by: 40 * 86_400)
        #expect(try first.emitted(after: 0).last == "EXPIRED/VOLUNTARY")
        let appTransaction = try await first.signedAppTransaction()
        await first.close()

        let second = try open()
        await second.advanceTime(by: 86_400)
        await second.buy(TestCatalog.noAds)
        // The expiry happened before the relaunch: it is not emitted again.
        #expect(try second.emitted(after: 0) == ["ONE_TIME_CHARGE"])
        let verifier = try TestSigning.verifier()
        func originalPurchaseDate(_ token: String) throws -> AppStoreDate? {
            try verifier.verify(token, as: AppTransactionPayload.self) {
                SignedDataClaims(
                    signedDate: $0.signedDate?.date, bundleID: $0.bundleId, environment: $0.receiptType?.rawValue)
            }.payload.originalPurchaseDate
        }
        #expect(
            try originalPurchaseDate(try await second.signedAppTransaction()) == originalPurchaseDate(appTransaction))
        await second.close()
    }
}

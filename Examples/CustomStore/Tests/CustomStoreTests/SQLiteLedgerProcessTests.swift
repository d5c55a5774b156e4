import CustomStore
import Foundation
import PurchaseKit
import Testing

/// Two processes on one SQLite ledger: the busy timeout lets them take turns, one delivery is
/// recorded once, and their spends together never take the balance below zero.
struct SQLiteLedgerProcessTests {
    /// Runs `sqlite-ledger-child` and returns the lines it printed; it must exit 0.
    private func runChild(_ arguments: [String], in folder: URL) async throws -> [String] {
        let (status, output) = try await runBuiltExecutable("sqlite-ledger-child", arguments, in: folder)
        #expect(status == 0)
        return output.split(separator: "\n").map(String.init)
    }

    @Test func twoProcessesShareOneLedgerFile() async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("ledger.sqlite")
            let ledger = try SQLiteFulfillmentLedger(databaseURL: file)
            let gems = Delivery(
                transactionID: TransactionID(store: "web-checkout", id: "gems"),
                originalTransactionID: TransactionID(store: "web-checkout", id: "gems"), productID: "com.example.gems",
                productType: .consumable, quantity: 1, entitlements: [], credits: ["gems": 100], expirationDate: nil,
                purchaseDate: Date(timeIntervalSinceReferenceDate: 0),
                deliveredAt: Date(timeIntervalSinceReferenceDate: 0))
            #expect(try await ledger.recordDelivery(gems))

            let arguments = [file.path, "gems", "3", "25"]
            async let first = runChild(arguments, in: folder)
            async let second = runChild(arguments, in: folder)
            let lines = try await first + second
            #expect(lines.filter { $0 == "delivered true" }.count == 1)
            #expect(lines.filter { $0 == "delivered false" }.count == 1)
            let left = lines.compactMap { $0.hasPrefix("left ") ? Int($0.dropFirst(5)) : nil }
            #expect(left.count == 33)
            #expect(Set(left).count == 33)
            #expect(left.allSatisfy { $0 >= 0 })
            #expect(lines.filter { $0 == "refused" }.count == 17)

            let contents = try await ledger.contents()
            #expect(contents.balances["gems"] == 1)
            #expect(contents.deliveries.map(\.transactionID.id) == ["gems", "shared"])
            await ledger.close()
        }
    }
}

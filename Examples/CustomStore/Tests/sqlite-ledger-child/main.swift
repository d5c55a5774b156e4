// The other process of the SQLite ledger's two-process test: on the database given, it tries to
// record one shared delivery, then spends from a balance again and again, printing one line per
// answer ("delivered true|false", then "left N" or "refused").
//
// Usage: sqlite-ledger-child DATABASE BALANCE QUANTITY ATTEMPTS
import CustomStore
import Foundation
import PurchaseKit

let arguments = CommandLine.arguments
guard arguments.count == 5, let quantity = Int(arguments[3]), let attempts = Int(arguments[4]) else {
    FileHandle.standardError.write(Data("usage: sqlite-ledger-child DATABASE BALANCE QUANTITY ATTEMPTS\n".utf8))
    exit(64)
}
let ledger = try SQLiteFulfillmentLedger(databaseURL: URL(fileURLWithPath: arguments[1]))
let shared = Delivery(
    transactionID: TransactionID(store: "web-checkout", id: "shared"),
    originalTransactionID: TransactionID(store: "web-checkout", id: "shared"), productID: "com.example.shared",
    productType: .nonConsumable, quantity: 1, entitlements: ["shared"], credits: [:], expirationDate: nil,
    purchaseDate: Date(timeIntervalSinceReferenceDate: 0), deliveredAt: Date(timeIntervalSinceReferenceDate: 0))
var lines = ["delivered \(try await ledger.recordDelivery(shared))"]
for _ in 0..<attempts {
    do {
        lines.append("left \(try await ledger.spend(arguments[2], quantity: quantity))")
    } catch let error as PurchaseError where error.code == .insufficientBalance {
        lines.append("refused")
    }
}
await ledger.close()
print(lines.joined(separator: "\n"))

import Foundation
import PurchaseCore
import SimulatedAppStore

/// Shared pieces for the receipt and verification tests: a reproducible key, a clock, receipts.
enum ReceiptFixtures {
    static let key = ReceiptSigningKey(seed: Array("receipt-tests".utf8))
    static let issuer = ReceiptIssuer(signingKey: key)
    static let validator = ReceiptValidator(publicKey: key.publicKey)
    static let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z
    static let month: TimeInterval = 30 * 86_400

    /// A consumable entry.
    static func gems(_ id: String = "1000000000000001", at date: Date = start) -> ReceiptTransaction {
        ReceiptTransaction(quantity: 2, productID: "com.example.gems", transactionID: id, purchaseDate: date)
    }

    /// A monthly subscription entry starting at `date`.
    static func monthly(
        _ id: String = "1000000000000002",
        original: String? = nil,
        at date: Date = start
    ) -> ReceiptTransaction {
        ReceiptTransaction(
            productID: "com.example.monthly", transactionID: id, originalTransactionID: original,
            purchaseDate: date, expiresDate: date + month, isInIntroOfferPeriod: false,
            webOrderLineItemID: "5\(id)", subscriptionGroupIdentifier: "20708462")
    }

    static func receipt(_ environment: AppStoreEnvironment, _ entries: [ReceiptTransaction]) -> AppReceipt {
        AppReceipt(
            environment: environment, bundleID: "com.example.app", applicationVersion: "42",
            receiptCreationDate: start, inApp: entries)
    }

    static func receiptBytes(_ environment: AppStoreEnvironment, _ entries: [ReceiptTransaction]) throws -> Data {
        try issuer.issue(receipt(environment, entries))
    }

    /// A store transaction for `entry`, carrying `receipt` as its verification data.
    static func transaction(
        for entry: ReceiptTransaction,
        type: ProductType,
        receipt: Data?,
        state: TransactionState = .purchased
    ) -> StoreTransaction {
        StoreTransaction(
            id: entry.transactionID, originalID: entry.originalTransactionID, store: "app-store",
            productID: entry.productID, productType: type, quantity: entry.quantity,
            purchaseDate: entry.purchaseDate, expirationDate: entry.expiresDate, state: state,
            verificationData: receipt)
    }
}

/// A sleeper that records the waits asked of it and returns at once.
final class VerifyReceiptRecordingSleeper: VerifyReceiptSleeper {
    private let waits = Locked<[Duration]>([])

    var recorded: [Duration] { waits.withLock { $0 } }

    func sleep(for duration: Duration) async throws {
        waits.withLock { $0.append(duration) }
    }
}

/// A transport that fails a number of times before passing requests on.
final class FlakyVerifyReceiptTransport: VerifyReceiptTransport {
    struct Down: Error {}
    private let failuresLeft: Locked<Int>
    private let inner: any VerifyReceiptTransport

    init(failures: Int, inner: any VerifyReceiptTransport) {
        failuresLeft = Locked(failures)
        self.inner = inner
    }

    func send(_ body: Data, to environment: AppStoreEnvironment) async throws -> Data {
        let fail = failuresLeft.withLock { count in
            defer { count -= 1 }
            return count > 0
        }
        if fail { throw Down() }
        return try await inner.send(body, to: environment)
    }
}

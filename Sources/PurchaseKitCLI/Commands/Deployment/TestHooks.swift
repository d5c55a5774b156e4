import Foundation
import Glibc
import PurchaseKit

/// Crash-test hooks read from the environment, for the tests that kill the tool mid-purchase.
/// They do nothing unless the variables are set, and exist in debug builds only (the tests run the
/// debug tool): a release build reads none of these variables.
///
/// - `PURCHASEKIT_TEST_KILL_AT=afterDelivery`: SIGKILL the process right after the ledger recorded a
///   delivery, before the store finishes the transaction.
/// - `PURCHASEKIT_TEST_KILL_AT=compaction:STEP`: SIGKILL at that step of a ledger compaction.
/// - `PURCHASEKIT_TEST_LEDGER_COMPACTION_THRESHOLD=BYTES`: compact the ledger's journal beyond that size.
/// - `PURCHASEKIT_TEST_LOCK_TIMEOUT_MS=N`: give up waiting for the state folder's lock after N ms.
#if DEBUG
    enum TestHooks {
        static var killAt: String? { ProcessInfo.processInfo.environment["PURCHASEKIT_TEST_KILL_AT"] }

        /// The ledger's journal options with the hooks applied.
        static var ledgerOptions: JournalOptions {
            var options = JournalOptions()
            let environment = ProcessInfo.processInfo.environment
            if let text = environment["PURCHASEKIT_TEST_LEDGER_COMPACTION_THRESHOLD"], let bytes = Int64(text) {
                options.compactionThreshold = bytes
            }
            if let text = environment["PURCHASEKIT_TEST_LOCK_TIMEOUT_MS"], let milliseconds = Int(text) {
                options.lockTimeout = .milliseconds(milliseconds)
            }
            if let killAt, killAt.hasPrefix("compaction:") {
                let step = String(killAt.dropFirst("compaction:".count))
                options.compactionStepHook = { current in
                    if current.rawValue == step { Glibc.kill(getpid(), SIGKILL) }
                }
            }
            return options
        }

        /// The ledger wrapped with the delivery hook, when it is set.
        static func wrap(_ ledger: any FulfillmentLedger) -> any FulfillmentLedger {
            killAt == "afterDelivery" ? KillingLedger(base: ledger) : ledger
        }

        /// A ledger that kills the process once a delivery is recorded.
        private struct KillingLedger: FulfillmentLedger {
            let base: any FulfillmentLedger

            func recordDelivery(_ delivery: Delivery) async throws -> Bool {
                let recorded = try await base.recordDelivery(delivery)
                if recorded { Glibc.kill(getpid(), SIGKILL) }
                return recorded
            }
            func delivery(for transactionID: TransactionID) async throws -> Delivery? {
                try await base.delivery(for: transactionID)
            }
            func markFinished(_ transactionID: TransactionID) async throws {
                try await base.markFinished(transactionID)
            }
            func recordRevocation(_ transactionID: TransactionID, at date: Date) async throws -> Bool {
                try await base.recordRevocation(transactionID, at: date)
            }
            func recordRevocation(
                _ transactionID: TransactionID, at date: Date, refundedConsumables treatment: RefundedConsumables
            ) async throws -> RevokedPayout? {
                try await base.recordRevocation(transactionID, at: date, refundedConsumables: treatment)
            }
            func recordExpiration(_ transactionID: TransactionID, at date: Date) async throws -> Bool {
                try await base.recordExpiration(transactionID, at: date)
            }
            func spend(_ balance: String, quantity: Int, account: UUID?) async throws -> Int {
                try await base.spend(balance, quantity: quantity, account: account)
            }
            func contents() async throws -> LedgerContents { try await base.contents() }
        }
    }
#else
    enum TestHooks {
        /// The ledger's journal options: the defaults.
        static var ledgerOptions: JournalOptions { JournalOptions() }

        /// The ledger as it is.
        static func wrap(_ ledger: any FulfillmentLedger) -> any FulfillmentLedger { ledger }
    }
#endif

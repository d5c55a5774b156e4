import Foundation
import PurchaseKit

/// `purchasekit history`: every transaction the state folder knows, with its state, whether it was
/// delivered (the ledger) and whether it was finished with its store. A row of a purchase made for an
/// app account carries it (`account` in JSON); `--account UUID` lists that account's rows only.
struct HistoryCommand {
    var options: GlobalOptions
    /// The account whose rows are listed; `nil` for every account's.
    var account: UUID?
    /// The plug-ins deployments and catalogs are read with (the tool's, `ProviderRegistry.builtIn` by default).
    var registry: ProviderRegistry = .builtIn

    init(arguments: CommandArguments, options: GlobalOptions) throws(ToolError) {
        if let extra = arguments.positionals.first { throw .usage(.unexpectedArgument(extra, command: "history")) }
        account = try AccountOption.parse(arguments)
        self.options = options
    }

    func run(console: Console) throws(ToolError) -> ExitCode {
        let (json, account) = (options.json, account)
        return try DeploymentSession(options: options, console: console, access: .readOnly, registry: registry).run {
            deployment, console throws(PurchaseError) in
            let contents: LedgerContents
            do {
                contents = try await deployment.ledger.contents()
            } catch {
                throw error as? PurchaseError ?? PurchaseError(.ledgerIOFailed, underlyingError: error)
            }
            var rows: [(transaction: StoreTransaction?, delivery: Delivery?, finished: Bool)] = []
            var listed = Set<TransactionID>()
            if let store = deployment.provider((any TransactionHistoryProviding).self) {
                let history: [TransactionHistoryEntry]
                do {
                    history = try await store.history()
                } catch {
                    throw error as? PurchaseError ?? PurchaseError(.ledgerIOFailed, underlyingError: error)
                }
                for entry in history {
                    let id = entry.transaction.transactionID
                    listed.insert(id)
                    rows.append((entry.transaction, nil, entry.isFinished))
                }
            }
            let deliveries = Dictionary(contents.deliveries.map { ($0.transactionID, $0) }) { first, _ in first }
            for index in rows.indices {
                if let id = rows[index].transaction?.transactionID { rows[index].delivery = deliveries[id] }
            }
            for delivery in contents.deliveries where !listed.contains(delivery.transactionID) {
                rows.append((nil, delivery, contents.finished.contains(delivery.transactionID)))
            }
            if let account {
                rows.removeAll { Self.owner(of: $0.transaction, $0.delivery) != account }
            }
            if json {
                let array = JSONText.array(
                    rows.map { row in
                        let id = row.transaction?.transactionID ?? row.delivery!.transactionID
                        let original = row.transaction?.originalTransactionID ?? row.delivery!.originalTransactionID
                        var state = Self.state(row.transaction, row.delivery).rawValue
                        if row.transaction?.isRevoked == true || contents.revocations[id] != nil { state = "revoked" }
                        var refund: [(String, JSONText)] = []
                        if let payout = contents.revokedPayouts[id] {
                            let shortfall = payout.shortfall.sorted { $0.key < $1.key }.map {
                                ($0.key, JSONText.number($0.value))
                            }
                            refund = [("refundShortfall", .object(shortfall))]
                        }
                        return .object(
                            [
                                ("transactionID", .string(id.id)), ("originalTransactionID", .string(original.id)),
                                ("productID", .string(row.transaction?.productID ?? row.delivery!.productID)),
                                ("store", .string(id.store)), ("state", .string(state)),
                                ("purchaseDate", .date(row.transaction?.purchaseDate ?? row.delivery!.purchaseDate)),
                                ("quantity", .number(row.transaction?.quantity ?? row.delivery!.quantity)),
                                (
                                    "expirationDate",
                                    .date(row.transaction?.expirationDate ?? row.delivery?.expirationDate)
                                ),
                                ("delivered", .bool(row.delivery != nil)), ("finished", .bool(row.finished)),
                            ] + refund + Self.account(of: row.transaction, row.delivery)
                                + Self.signedTransaction(of: row.transaction))
                    })
                try ProductsCommand.write(array.text + "\n", console)
                return .success
            }
            // For people, the state and the delivered and finished marks are words of the locale; the
            // identifiers and the date stay as they are.
            let delivered = console.text(.delivered)
            let finished = console.text(.finished)
            let table = rows.map { row -> [String] in
                let id = row.transaction?.transactionID ?? row.delivery!.transactionID
                let productID = row.transaction?.productID ?? row.delivery!.productID
                let date = (row.transaction?.purchaseDate ?? row.delivery!.purchaseDate).formatted(.iso8601)
                let revoked = row.transaction?.isRevoked == true || contents.revocations[id] != nil
                let state =
                    revoked
                    ? ToolMessage.transactionRevoked : .transactionState(Self.state(row.transaction, row.delivery))
                var cells = ["\(id)", date, productID, console.text(state), row.delivery != nil ? delivered : ""]
                cells.append(row.finished ? finished : "")
                // What a refunded consumable could not take back, after the marks.
                if let shortfall = contents.revokedPayouts[id]?.shortfall, !shortfall.isEmpty {
                    let units = shortfall.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
                    cells.append(console.text(.refundShortfall(units.joined(separator: ", "))))
                }
                // No trailing spaces for the marks a row lacks.
                while cells.last == "" { cells.removeLast() }
                return cells
            }
            try ProductsCommand.write(TextColumns(rows: table).text(), console)
            return .success
        }
    }

    /// The `account` entry of a row whose purchase carried an app account token (the account the
    /// ledger delivered it to, else the transaction's); none for the default account.
    private static func account(of transaction: StoreTransaction?, _ delivery: Delivery?) -> [(String, JSONText)] {
        guard let token = owner(of: transaction, delivery) else { return [] }
        return [("account", AccountOption.json(token))]
    }

    /// The account of a row: the one the ledger delivered it to, else the one its transaction carries.
    private static func owner(of transaction: StoreTransaction?, _ delivery: Delivery?) -> UUID? {
        if let delivery { return delivery.appAccountToken }
        return transaction?.appAccountToken
    }

    /// The state of a row: the store's, or for a delivery the store does not list (a store that keeps
    /// no history here) what the delivery tells: a non-consumable delivered under a transaction of
    /// its own, apart from the original purchase, came back by a restore.
    private static func state(_ transaction: StoreTransaction?, _ delivery: Delivery?) -> TransactionState {
        if let transaction { return transaction.state }
        if let delivery, delivery.productType == .nonConsumable,
            delivery.transactionID != delivery.originalTransactionID
        {
            return .restored
        }
        return .purchased
    }
}

extension HistoryCommand {
    /// `signedTransaction`, the transaction's compact JWS, when the store signs its transactions as
    /// StoreKit 2 does (its verification data is then the JWS text): what an app posts to its server.
    static func signedTransaction(of transaction: StoreTransaction?) -> [(String, JSONText)] {
        guard let data = transaction?.verificationData, data.count < 65_536,
            let text = String(data: data, encoding: .utf8)
        else { return [] }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let base64URL = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(base64URL.contains) }) else {
            return []
        }
        return [("signedTransaction", .string(text))]
    }
}

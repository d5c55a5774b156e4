public import Foundation

// MARK: - Accounts

extension LedgerContents {
    /// The app account tokens of the accounts other than the default one that hold a delivery or a
    /// spend, sorted.
    public var accounts: [UUID] {
        var tokens = Set(spentByAccount.keys)
        for delivery in deliveries {
            if let token = delivery.appAccountToken { tokens.insert(token) }
        }
        return tokens.sorted { $0.uuidString < $1.uuidString }
    }

    /// Units an account spent from each balance (nothing for an account a view does not hold).
    ///
    /// - Parameter account: the account's app account token; `nil` for the default account.
    public func amountsSpent(by account: UUID?) -> [String: Int] {
        if account == self.account { return spent }
        guard let account else { return [:] }
        return spentByAccount[account] ?? [:]
    }

    /// The deliveries of one account, in the order they were recorded.
    ///
    /// - Parameter account: the account's app account token; `nil` for the default account.
    public func deliveries(for account: UUID?) -> [Delivery] {
        deliveries.filter { $0.appAccountToken == account }
    }

    /// One account's part read on its own by a ledger (``FulfillmentLedger/contents(for:)``):
    /// `parts` holds what ``view(for:)`` keeps of the whole contents for `account` (its deliveries,
    /// their revocations, payouts and expirations, the finished marks of every transaction not
    /// delivered to another account, and the account's spends in ``spent``); the result is marked
    /// as `account`'s view, so that its ``balances`` are the account's.
    public init(view parts: LedgerContents, of account: UUID?) {
        self = parts
        spentByAccount = [:]
        self.account = account
    }

    /// One account's part of the contents, as a ledger holding that account alone would give it: its
    /// deliveries, the revocations, payouts and expirations recorded for them, its spends (in
    /// ``spent``), and the finished marks of every transaction not delivered to another account. Its
    /// ``account`` is `account`, so that its ``balances`` are the account's.
    ///
    /// - Parameter account: the account's app account token; `nil` for the default account.
    public func view(for account: UUID?) -> LedgerContents {
        var mine: [Delivery] = []
        var theirs = Set<TransactionID>()
        for delivery in deliveries {
            if delivery.appAccountToken == account {
                mine.append(delivery)
            } else {
                theirs.insert(delivery.transactionID)
            }
        }
        var view = self
        view.spent = amountsSpent(by: account)
        view.spentByAccount = [:]
        view.account = account
        guard !theirs.isEmpty else { return view }
        view.deliveries = mine
        view.revocations = revocations.filter { !theirs.contains($0.key) }
        view.finished = finished.filter { !theirs.contains($0) }
        view.expirations = expirations.filter { !theirs.contains($0.key) }
        view.revokedPayouts = revokedPayouts.filter { !theirs.contains($0.key) }
        return view
    }
}

import Foundation

extension SimulatedGooglePlay {
    /// The purchase `token` names for the client's person, or what Play answers when there is none: an
    /// empty token is a developer error, a token of no purchase of this person's (or one consumed, revoked,
    /// expired or never paid) is not owned, a pending one cannot be acted on yet.
    func ownedRecord(_ token: String, connection: UUID) throws(BillingResult) -> PlayPurchaseRecord {
        let account = try gate(connection)
        guard !token.isEmpty else { throw BillingResult(.developerError, "Purchase token must be set.") }
        let notOwned = BillingResult(.itemNotOwned, "Item not owned by the user.")
        guard let record = state.purchases[token], record.account == account, !record.revoked,
            record.state != .pendingCanceled, record.subscription?.state != .expired
        else { throw notOwned }
        guard record.state == .purchased else {
            throw BillingResult(.developerError, "A pending purchase cannot be acknowledged or consumed.")
        }
        guard !record.consumed, record.revokedQuantity < record.quantity else { throw notOwned }
        return record
    }

    /// See ``PlayBillingClient/acknowledgePurchase(_:)``: acknowledging twice is `OK`.
    func acknowledge(_ token: String, connection: UUID) -> BillingResult {
        do {
            var record = try ownedRecord(token, connection: connection)
            guard !record.acknowledged else { return .ok }
            record.acknowledged = true
            state.purchases[token] = record
            log(.acknowledged, record, at: now)
            return .ok
        } catch {
            return error
        }
    }

    /// See ``PlayBillingClient/consume(_:)``: consuming acknowledges; a consumed purchase is no longer
    /// owned; a subscription cannot be consumed.
    func consume(_ token: String, connection: UUID) -> BillingResult {
        do {
            var record = try ownedRecord(token, connection: connection)
            guard record.productType == .inapp else {
                return BillingResult(.developerError, "Subscriptions cannot be consumed.")
            }
            record.consumed = true
            record.acknowledged = true
            state.purchases[token] = record
            log(.consumed, record, at: now)
            return .ok
        } catch {
            return error
        }
    }
}

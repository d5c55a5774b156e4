import Foundation

extension SimulatedGooglePlay {
    /// Connects a client; see ``PlayBillingClient/startConnection(onDisconnected:)``.
    func connect(
        _ id: UUID, account: String, listener: @escaping PlayPurchasesUpdatedListener,
        onDisconnected: (@Sendable () -> Void)?
    ) -> BillingResult {
        guard state.controls.serviceAvailable else { return BillingResult(.serviceUnavailable, "Service unavailable.") }
        guard state.controls.billingAvailable else {
            return BillingResult(.billingUnavailable, "Billing is not available for this account.")
        }
        connections[id] = Connection(account: account, listener: listener, onDisconnected: onDisconnected)
        return .ok
    }

    /// Ends a client's connection.
    func disconnect(_ id: UUID) {
        connections[id] = nil
    }

    /// Whether a client is connected.
    func isConnected(_ id: UUID) -> Bool {
        connections[id] != nil
    }

    /// Drops every client's connection, as when the Play Store's service dies: each is told through its
    /// `onDisconnected` and answers `SERVICE_DISCONNECTED` until it connects again.
    public func dropConnections() {
        let dropped = connections.values
        connections = [:]
        for connection in dropped { connection.onDisconnected?() }
    }

    /// The account of a connected client, or why a call cannot go on: not connected, service or network
    /// down. Settles what came due first.
    func gate(_ id: UUID) throws(BillingResult) -> String {
        guard let connection = connections[id] else {
            throw BillingResult(.serviceDisconnected, "Client is not connected; call startConnection.")
        }
        guard state.controls.serviceAvailable else { throw BillingResult(.serviceUnavailable, "Service unavailable.") }
        guard !state.controls.networkDown else { throw BillingResult(.networkError, "A network error occurred.") }
        settleDueChanges()
        return connection.account
    }

    /// See ``PlayBillingClient/isFeatureSupported(_:)``.
    func isFeatureSupported(_ feature: String, connection: UUID) -> BillingResult {
        do { _ = try gate(connection) } catch { return error }
        switch feature {
        case "subscriptions", "subscriptionsUpdate":
            return state.controls.subscriptionsSupported
                ? .ok : BillingResult(.featureNotSupported, "Subscriptions are not supported.")
        default:
            return BillingResult(.featureNotSupported, "Feature \(feature) is not supported.")
        }
    }

    /// See ``PlayBillingClient/queryProductDetails(_:)``.
    func queryProductDetails(_ query: [PlayQueryProduct], connection: UUID) -> (BillingResult, [PlayProductDetails]) {
        let account: String
        do { account = try gate(connection) } catch { return (error, []) }
        guard let type = query.first?.productType, query.allSatisfy({ $0.productType == type }) else {
            return (BillingResult(.developerError, "Product list must be non-empty and of one product type."), [])
        }
        if type == .subs && !state.controls.subscriptionsSupported {
            return (BillingResult(.featureNotSupported, "Subscriptions are not supported."), [])
        }
        let details = query.compactMap { item -> PlayProductDetails? in
            guard let product = products[item.productId], product.type == type else { return nil }
            let hadIt = state.purchases.values.contains {
                $0.account == account && $0.productId == product.productId && $0.state == .purchased
            }
            return product.details(appName: appName, locale: locale, eligibleForNewCustomerOffers: !hadIt)
        }
        return (.ok, details)
    }

    /// See ``PlayBillingClient/queryPurchases(_:)``.
    func queryPurchases(_ type: PlayProductType, connection: UUID) -> (BillingResult, [PlayPurchase]) {
        let account: String
        do { account = try gate(connection) } catch { return (error, []) }
        if type == .subs && !state.controls.subscriptionsSupported {
            return (BillingResult(.featureNotSupported, "Subscriptions are not supported."), [])
        }
        let owned = state.purchaseOrder.compactMap { state.purchases[$0] }.filter {
            $0.account == account && $0.productType == type && isReturnedByQuery($0)
        }
        return (.ok, owned.map(purchase))
    }
}

import Foundation
import PurchaseCore

extension SimulatedGooglePlay {
    /// What a billing flow buys once its parameters are checked.
    struct Order {
        var product: PlayProduct
        var plan: PlayBasePlan?
        var offer: PlayOffer?
        var quantity: Int
        var obfuscatedAccountId: String?
        var obfuscatedProfileId: String?
    }

    /// See ``PlayBillingClient/launchBillingFlow(_:)``.
    func launchBillingFlow(_ params: PlayBillingFlowParams, connection: UUID) -> BillingResult {
        let account: String
        do { account = try gate(connection) } catch { return error }
        let order: Order
        switch check(params, account: account) {
        case .failure(let result): return result
        case .success(let checked): order = checked
        }
        var replaced: PlayPurchaseRecord?
        if let update = params.subscriptionUpdateParams {
            switch checkReplacement(update, of: order, account: account) {
            case .failure(let result): return result
            case .success(let old): replaced = old
            }
        }
        let reply = { (result: BillingResult, purchases: [PlayPurchase]?) in
            self.connections[connection]?.listener(result, purchases)
        }
        if state.controls.unavailableProducts.contains(order.product.productId) {
            reply(BillingResult(.itemUnavailable, "The item you requested is not available for purchase."), nil)
            return .ok
        }
        let owned =
            if let replaced {
                replaced.productId == order.product.productId && replaced.basePlanId == order.plan?.id
            } else {
                state.purchases.values.contains {
                    $0.account == account && $0.productId == order.product.productId && blocksRepurchase($0)
                }
            }
        if owned {
            reply(BillingResult(.itemAlreadyOwned, "Item is already owned."), nil)
            return .ok
        }
        let planned = state.controls.plannedOutcomes.first
        if planned != nil && !(planned == .pending && replaced != nil) { state.controls.plannedOutcomes.removeFirst() }
        switch planned {
        case .fail(let code):
            reply(BillingResult(code, "The purchase failed (simulated)."), nil)
            return .ok
        case .userCanceled:
            reply(BillingResult(.userCanceled, "User canceled the purchase flow."), nil)
            return .ok
        case .pending where replaced == nil:
            let record = newRecord(order, account: account, state: .pending)
            log(.pending, record, at: record.purchaseTime)
            reply(.ok, [purchase(record)])
            return .ok
        default:
            break
        }
        let token: String
        if let old = replaced, let update = params.subscriptionUpdateParams {
            token = replace(old, with: order, mode: update.replacementMode)
        } else {
            var record = newRecord(order, account: account, state: .pending)
            activate(&record, at: record.purchaseTime)
            token = record.purchaseToken
        }
        reply(.ok, state.purchases[token].map { [purchase($0)] })
        return .ok
    }

    /// The product, plan and offer `params` buy, or the developer error Play answers for them.
    func check(_ params: PlayBillingFlowParams, account: String) -> Result<Order, BillingResult> {
        guard params.productDetailsParamsList.count == 1, let item = params.productDetailsParamsList.first else {
            return .failure(BillingResult(.developerError, "Exactly one product must be purchased."))
        }
        guard let product = products[item.productDetails.productId],
            product.type == item.productDetails.productType
        else { return .failure(BillingResult(.developerError, "ProductDetails are not from this store.")) }
        for id in [params.obfuscatedAccountId, params.obfuscatedProfileId] {
            if let id, id.count > 64 {
                return .failure(BillingResult(.developerError, "Obfuscated ids must be at most 64 characters."))
            }
        }
        guard params.quantity >= 1, params.quantity == 1 || product.allowsMultipleQuantity else {
            return .failure(BillingResult(.developerError, "This product cannot be bought in that quantity."))
        }
        var order = Order(
            product: product, plan: nil, offer: nil, quantity: params.quantity,
            obfuscatedAccountId: params.obfuscatedAccountId, obfuscatedProfileId: params.obfuscatedProfileId)
        switch product.type {
        case .inapp:
            guard params.subscriptionUpdateParams == nil else {
                return .failure(BillingResult(.developerError, "Only subscriptions can be replaced."))
            }
        case .subs:
            guard state.controls.subscriptionsSupported else {
                return .failure(BillingResult(.featureNotSupported, "Subscriptions are not supported."))
            }
            guard let token = item.offerToken, let named = OfferToken.parse(token),
                named.productId == product.productId,
                let plan = product.basePlan(named.basePlanId)
            else { return .failure(BillingResult(.developerError, "A valid offer token is required.")) }
            order.plan = plan
            if let offerId = named.offerId {
                guard let offer = plan.offers.first(where: { $0.id == offerId }) else {
                    return .failure(BillingResult(.developerError, "A valid offer token is required."))
                }
                let hadIt = state.purchases.values.contains {
                    $0.account == account && $0.productId == product.productId && $0.state == .purchased
                }
                if offer.eligibility == .newCustomers && hadIt {
                    return .failure(BillingResult(.developerError, "The user is not eligible for this offer."))
                }
                order.offer = offer
            }
        }
        return .success(order)
    }

    /// A new purchase of `order` by `account`, added to the state.
    func newRecord(_ order: Order, account: String, state purchaseState: PlayPurchaseRecord.State)
        -> PlayPurchaseRecord
    {
        var token = state.random.purchaseToken()
        while state.purchases[token] != nil { token = state.random.purchaseToken() }
        let record = PlayPurchaseRecord(
            purchaseToken: token, account: account, productId: order.product.productId,
            productType: order.product.type, basePlanId: order.plan?.id, offerId: order.offer?.id,
            quantity: order.quantity, obfuscatedAccountId: order.obfuscatedAccountId,
            obfuscatedProfileId: order.obfuscatedProfileId, purchaseTime: now, state: purchaseState)
        state.purchases[token] = record
        state.purchaseOrder.append(token)
        return record
    }

    /// Makes `record` purchased at `time`: its order id, its first order and, for a subscription, its
    /// first period; logs `purchased`.
    func activate(_ record: inout PlayPurchaseRecord, at time: Int64) {
        record.state = .purchased
        record.purchasedTime = time
        let orderId = state.random.orderId()
        record.orderId = orderId
        if let product = products[record.productId], let planId = record.basePlanId,
            let plan = product.basePlan(planId)
        {
            let phase = Self.phase(of: plan, offerId: record.offerId, cycle: 0)
            let end = Self.adding(phase.billingPeriod, to: time)
            record.orders = [
                PlayOrder(
                    orderId: orderId, time: time, priceMicros: phase.price.micros,
                    currencyCode: phase.price.currencyCode, periodEnd: end)
            ]
            record.subscription = PlaySubscriptionTerm(
                state: .active, startTime: time, expiryTime: end, autoRenewing: plan.kind == .autoRenewing,
                chargedCycles: 1)
        } else if let price = products[record.productId]?.oneTimePrice {
            record.orders = [
                PlayOrder(
                    orderId: orderId, time: time, priceMicros: price.micros * Int64(record.quantity),
                    currencyCode: price.currencyCode, periodEnd: nil)
            ]
        }
        state.purchases[record.purchaseToken] = record
        log(.purchased, record, at: time, orderId: orderId)
    }

    /// The pricing phase of the `cycle`-th billing period (from 0) of `plan` bought with `offerId`: the
    /// offer's phases in order, then the base plan's.
    static func phase(of plan: PlayBasePlan, offerId: String?, cycle: Int) -> PlayOfferPhase {
        var remaining = cycle
        for phase in plan.offers.first(where: { $0.id == offerId })?.phases ?? [] {
            if remaining < phase.billingCycleCount { return phase }
            remaining -= phase.billingCycleCount
        }
        return plan.recurringPhase
    }
}

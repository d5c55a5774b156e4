public import PurchaseCore

/// Price increases reach the app through the `Store` (`PriceIncreaseConsent`): the provider
/// becomes the queue's delegate while a handler is installed, and answers
/// ``PaymentQueueDelegate/shouldShowPriceConsent(for:)`` with it.
extension SimulatedAppStoreProvider: PriceIncreaseConsent {
    /// Installs who hears of price increases (as the queue's delegate); `nil` removes the delegate,
    /// so the sheet shows at once.
    public func setPriceIncreaseHandler(_ handle: (@Sendable (PriceIncreaseNotice) -> PriceConsentSheet)?) async {
        guard let handle else {
            await queue.setDelegate(nil)
            return
        }
        await queue.setDelegate(PriceConsentBridge(catalogID: bridge.catalogID, handle: handle))
    }

    /// Shows the consent sheets the handler kept for later.
    public func showPriceConsentIfNeeded() async {
        await queue.showPriceConsentIfNeeded()
    }
}

/// The queue's delegate that hands price increases to the `Store`'s handler, with catalog identifiers.
final class PriceConsentBridge: PaymentQueueDelegate {
    let catalogID: @Sendable (String) -> String
    let handle: @Sendable (PriceIncreaseNotice) -> PriceConsentSheet

    init(
        catalogID: @escaping @Sendable (String) -> String,
        handle: @escaping @Sendable (PriceIncreaseNotice) -> PriceConsentSheet
    ) {
        self.catalogID = catalogID
        self.handle = handle
    }

    func shouldShowPriceConsent(for increase: PriceIncrease) -> Bool {
        let notice = PriceIncreaseNotice(
            productID: catalogID(increase.productIdentifier),
            originalTransactionID: increase.originalTransactionIdentifier, price: increase.price,
            previousPrice: increase.previousPrice)
        return handle(notice) == .showNow
    }
}

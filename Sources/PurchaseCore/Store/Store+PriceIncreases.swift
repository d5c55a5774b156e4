/// How an app using a `Store` hears of subscription price increases that need the person's consent.
extension Store {
    /// Installs who hears of a subscription price increase that needs the person's consent and says
    /// when the store's consent sheet appears (``PriceConsentSheet``), in every store of the deployment
    /// that asks for consent (``PriceIncreaseConsent``); `handle` is called synchronously, from any
    /// thread. Without a handler the sheet appears at once.
    public func handlePriceIncreases(with handle: (@Sendable (PriceIncreaseNotice) -> PriceConsentSheet)?) async {
        for case let provider as any PriceIncreaseConsent in providers {
            await provider.setPriceIncreaseHandler(handle)
        }
    }

    /// Shows the consent sheets the handler kept for later, in every store that has them.
    public func showPriceConsentIfNeeded() async {
        for case let provider as any PriceIncreaseConsent in providers {
            await provider.showPriceConsentIfNeeded()
        }
    }
}

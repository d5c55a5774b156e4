import PurchaseCore
import SimulatedAppStore

extension CrashingProvider: OfferCodeRedemption {
    /// The simulated store redeems the code.
    func redeemOfferCode(_ code: String) async throws -> ProviderPurchaseResult {
        try await base.redeemOfferCode(code)
    }
}

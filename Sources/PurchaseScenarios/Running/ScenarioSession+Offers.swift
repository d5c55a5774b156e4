import Foundation
import PurchaseCore
import SimulatedAppStore

extension ScenarioSession {
    /// `offer` signed now (less its age) for `productID`, as the app's server would sign it for the
    /// session's app; `nil` when signing fails (the purchase then goes without an offer's fields).
    func sign(_ offer: ScenarioPromotionalOffer, for productID: String) async -> SignedPromotionalOffer? {
        guard let queue else { return nil }
        let bundleID = await queue.controls.bundleID
        let storeID = scenarioCatalogProduct(productID)?.storeID(for: .simulatedAppStore) ?? productID
        let signed = clock.now.addingTimeInterval(-offer.signedSecondsAgo)
        let signer = PromotionalOfferSigner(keyID: offer.keyID, key: offer.key, bundleID: bundleID)
        return try? signer.sign(
            productIdentifier: storeID, offerID: offer.offerID, nonce: offer.nonce ?? UUID(),
            timestamp: Int64((signed.timeIntervalSince1970 * 1000).rounded()))
    }
}

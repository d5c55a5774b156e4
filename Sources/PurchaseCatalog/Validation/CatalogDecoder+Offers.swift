import PropertyList
import PurchaseCore

extension CatalogDecoder {
    /// Reads a subscription's `PromotionalOffers`: an array of dicts, each an `Identifier` unique
    /// within the subscription and the terms an `IntroductoryOffer` has (`Mode`, `Period`, `Periods`,
    /// `Prices`). An offer with a problem is left out; a repeated identifier is an error at its second use.
    mutating func decodePromotionalOffers(_ node: PropertyListNode) -> [PromotionalOffer] {
        guard let elements = array(node, key: "PromotionalOffers") else { return [] }
        var offers: [PromotionalOffer] = []
        var seen: Set<String> = []
        for (position, element) in elements.enumerated() {
            guard let entries = dictionary(element, key: "PromotionalOffers[\(position)]") else { continue }
            var identifier, mode, period, periods, prices: Int?
            for index in entries.indices {
                switch entries[index].key {
                case "Identifier": take(&identifier, index, in: entries)
                case "Mode": take(&mode, index, in: entries)
                case "Period": take(&period, index, in: entries)
                case "Periods": take(&periods, index, in: entries)
                case "Prices": take(&prices, index, in: entries)
                default: unknownKey(entries[index], known: CatalogKeys.promotionalOffer)
                }
            }
            var id: String?
            if let identifier {
                id = text(entries[identifier].value, key: "Identifier")
                if let name = id, !seen.insert(name).inserted {
                    report(.duplicateOfferID(name), at: entries[identifier].value.location)
                    id = nil
                }
            } else {
                report(.missingKey("Identifier", in: .promotionalOffer), at: element.location)
            }
            let terms = decodeOfferTerms(
                entries, mode: mode, period: period, periods: periods, prices: prices, in: .promotionalOffer,
                at: element)
            guard let id, let terms else { continue }
            offers.append(
                PromotionalOffer(
                    id: id, mode: terms.mode, period: terms.period, periods: terms.periods, prices: terms.prices))
        }
        return offers
    }
}

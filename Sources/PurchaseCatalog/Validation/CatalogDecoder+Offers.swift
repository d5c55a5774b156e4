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

extension CatalogDecoder {
    /// Reads a subscription's `OfferCodes`: an array of dicts, each a `ReferenceName`, the terms an
    /// `IntroductoryOffer` has (`Mode`, `Period`, `Periods`, `Prices`) and `Codes`, the one-time codes
    /// (strings). An element with a problem is left out.
    mutating func decodeOfferCodes(_ node: PropertyListNode) -> [SubscriptionOfferCodes] {
        guard let elements = array(node, key: "OfferCodes") else { return [] }
        var result: [SubscriptionOfferCodes] = []
        for (position, element) in elements.enumerated() {
            guard let entries = dictionary(element, key: "OfferCodes[\(position)]") else { continue }
            var name, mode, period, periods, prices, codes: Int?
            for index in entries.indices {
                switch entries[index].key {
                case "ReferenceName": take(&name, index, in: entries)
                case "Mode": take(&mode, index, in: entries)
                case "Period": take(&period, index, in: entries)
                case "Periods": take(&periods, index, in: entries)
                case "Prices": take(&prices, index, in: entries)
                case "Codes": take(&codes, index, in: entries)
                default: unknownKey(entries[index], known: CatalogKeys.offerCodes)
                }
            }
            var referenceName: String?
            if let name {
                referenceName = text(entries[name].value, key: "ReferenceName")
            } else {
                report(.missingKey("ReferenceName", in: .offerCodes), at: element.location)
            }
            var list: [String]?
            if let codes {
                list = array(entries[codes].value, key: "Codes").map { $0.compactMap { text($0, key: "Codes") } }
            } else {
                report(.missingKey("Codes", in: .offerCodes), at: element.location)
            }
            let terms = decodeOfferTerms(
                entries, mode: mode, period: period, periods: periods, prices: prices, in: .offerCodes, at: element)
            guard let referenceName, let list, let terms else { continue }
            result.append(
                SubscriptionOfferCodes(
                    referenceName: referenceName, mode: terms.mode, period: terms.period, periods: terms.periods,
                    prices: terms.prices, codes: list))
        }
        return result
    }
}

import PropertyList
import PurchaseCore

// The offers of a `.storekit` subscription: its `introductoryOffer`, the promotional offers of
// `adHocOffers` and the offer codes of `codeOffers`. All three state their terms the same way
// (`paymentMode`, `subscriptionPeriod`, `numberOfPeriods`, `displayPrice`), priced in the file's
// storefront.

extension StoreKitReader {
    /// Xcode's payment modes and the catalog's.
    static let offerModes: [String: IntroductoryOffer.Mode] = [
        "free": .freeTrial, "payAsYouGo": .payAsYouGo, "payUpFront": .payUpFront,
    ]

    /// Reads a subscription's `introductoryOffer`; a paying offer without `displayPrice` is
    /// ``CatalogProblem/offerPricesRequired(mode:)``, as in a catalog.
    mutating func readOffer(_ node: JSONNode) -> IntroductoryOffer? {
        readTerms(node, in: "introductoryOffer") { .offerPricesRequired(mode: $0.rawValue) }
    }

    /// Reads a subscription's `adHocOffers` as promotional offers: `offerID` (required, unique within
    /// the subscription) is the offer's identifier. An entry with a problem is reported and left out.
    mutating func readPromotionalOffers(_ element: JSONNode) -> [PromotionalOffer] {
        let list = "adHocOffers"
        var offers: [PromotionalOffer] = []
        var seen: Set<String> = []
        for entry in array(element, list) {
            guard expectObject(entry, key: list) else { continue }
            var id: String?
            if let node = entry["offerID"], !node.isNull {
                if let text = string(node, key: "offerID") {
                    if text.isEmpty {
                        report(.storeKitMissingKey("offerID", in: list), at: node.location)
                    } else if !seen.insert(text).inserted {
                        report(.duplicateOfferID(text), at: node.location)
                    } else {
                        id = text
                    }
                }
            } else {
                report(.storeKitMissingKey("offerID", in: list), at: entry.location)
            }
            let terms = readTerms(entry, in: list) { _ in .storeKitMissingKey("displayPrice", in: list) }
            guard let id, let terms else { continue }
            offers.append(
                PromotionalOffer(
                    id: id, mode: terms.mode, period: terms.period, periods: terms.periods, prices: terms.prices))
        }
        return offers
    }

    /// Reads a subscription's `codeOffers` as offer codes with no codes: the format holds an offer's
    /// terms and `referenceName` (required) but not the one-time code values, which a catalog adds.
    /// `eligibility` is not read. An entry with a problem is reported and left out.
    mutating func readOfferCodes(_ element: JSONNode) -> [SubscriptionOfferCodes] {
        let list = "codeOffers"
        var result: [SubscriptionOfferCodes] = []
        for entry in array(element, list) {
            guard expectObject(entry, key: list) else { continue }
            var name: String?
            if let node = entry["referenceName"], !node.isNull {
                if let text = string(node, key: "referenceName") {
                    if text.isEmpty {
                        report(.storeKitMissingKey("referenceName", in: list), at: node.location)
                    } else {
                        name = text
                    }
                }
            } else {
                report(.storeKitMissingKey("referenceName", in: list), at: entry.location)
            }
            let terms = readTerms(entry, in: list) { _ in .storeKitMissingKey("displayPrice", in: list) }
            guard let name, let terms else { continue }
            result.append(
                SubscriptionOfferCodes(
                    referenceName: name, mode: terms.mode, period: terms.period, periods: terms.periods,
                    prices: terms.prices, codes: []))
        }
        return result
    }

    /// Reads the terms of the offer `node` of the list or key `container`: `paymentMode` and
    /// `subscriptionPeriod` (required), `numberOfPeriods` (default 1, at least 1) and, for a paying
    /// offer, `displayPrice` in the file's storefront; a free offer's `displayPrice` is ignored.
    /// `missingPrice` is the problem of a paying offer without one. Every part is read, so one pass
    /// reports every problem; `nil` when there was one. The terms come as an introductory offer holds them.
    mutating func readTerms(
        _ node: JSONNode, in container: String, missingPrice: (IntroductoryOffer.Mode) -> CatalogProblem
    ) -> IntroductoryOffer? {
        let period = period(node, "subscriptionPeriod", in: container)
        var mode: IntroductoryOffer.Mode?
        if let modeNode = node["paymentMode"] {
            if let text = string(modeNode, key: "paymentMode") {
                mode = Self.offerModes[text]
                if mode == nil {
                    let allowed = Self.offerModes.keys.sorted()
                    report(
                        .invalidValue(
                            key: "paymentMode", value: text, allowed: allowed,
                            suggestion: ClosestMatch.find(text, in: allowed)),
                        at: modeNode.location)
                }
            }
        } else {
            report(.storeKitMissingKey("paymentMode", in: container), at: node.location)
        }
        var periods = 1
        if let countNode = node["numberOfPeriods"], let count = integer(countNode, key: "numberOfPeriods") {
            guard count >= 1 else {
                report(.outOfRange(key: "numberOfPeriods", value: String(count), minimum: 1), at: countNode.location)
                return nil
            }
            periods = count
        }
        guard let mode, let period else { return nil }
        guard mode != .freeTrial else { return IntroductoryOffer(mode: mode, period: period, periods: periods) }
        guard let price = displayPrice(node, key: "displayPrice", in: nil) else {
            if node["displayPrice"] == nil || node["displayPrice"]?.isNull == true {
                report(missingPrice(mode), at: node.location)
            }
            return nil
        }
        return IntroductoryOffer(mode: mode, period: period, periods: periods, prices: [storefront.code: price])
    }
}

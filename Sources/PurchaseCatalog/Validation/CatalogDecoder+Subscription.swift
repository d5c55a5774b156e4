import PropertyList
import PurchaseCore

extension CatalogDecoder {
    /// Reads `Subscription`: `Group`, `Period`, `Level`, an optional `IntroductoryOffer`, optional
    /// `PromotionalOffers` and optional `OfferCodes`.
    mutating func decodeSubscription(_ node: PropertyListNode) -> SubscriptionInfo? {
        guard let entries = dictionary(node, key: "Subscription") else { return nil }
        var group, period, level, offer, promotional, codes: Int?
        for index in entries.indices {
            switch entries[index].key {
            case "Group": take(&group, index, in: entries)
            case "Period": take(&period, index, in: entries)
            case "Level": take(&level, index, in: entries)
            case "IntroductoryOffer": take(&offer, index, in: entries)
            case "PromotionalOffers": take(&promotional, index, in: entries)
            case "OfferCodes": take(&codes, index, in: entries)
            default: unknownKey(entries[index], known: CatalogKeys.subscription)
            }
        }
        let context = CatalogContainer.subscription
        var groupName: String?
        var renewal: SubscriptionPeriod?
        var rank: Int?
        if let group {
            groupName = text(entries[group].value, key: "Group")
        } else {
            report(.missingKey("Group", in: context), at: node.location)
        }
        if let period {
            renewal = self.period(entries[period].value, key: "Period")
        } else {
            report(.missingKey("Period", in: context), at: node.location)
        }
        if let level {
            rank = integer(entries[level].value, key: "Level", minimum: 1)
        } else {
            report(.missingKey("Level", in: context), at: node.location)
        }
        let introductoryOffer = offer.flatMap { decodeIntroductoryOffer(entries[$0].value) }
        let promotionalOffers = promotional.map { decodePromotionalOffers(entries[$0].value) } ?? []
        let offerCodes = codes.map { decodeOfferCodes(entries[$0].value) } ?? []
        guard let groupName, let renewal, let rank else { return nil }
        return SubscriptionInfo(
            group: groupName, period: renewal, level: rank, introductoryOffer: introductoryOffer,
            promotionalOffers: promotionalOffers, offerCodes: offerCodes)
    }

    private mutating func decodeIntroductoryOffer(_ node: PropertyListNode) -> IntroductoryOffer? {
        guard let entries = dictionary(node, key: "IntroductoryOffer") else { return nil }
        var mode, period, periods, prices: Int?
        for index in entries.indices {
            switch entries[index].key {
            case "Mode": take(&mode, index, in: entries)
            case "Period": take(&period, index, in: entries)
            case "Periods": take(&periods, index, in: entries)
            case "Prices": take(&prices, index, in: entries)
            default: unknownKey(entries[index], known: CatalogKeys.introductoryOffer)
            }
        }
        guard
            let terms = decodeOfferTerms(
                entries, mode: mode, period: period, periods: periods, prices: prices,
                in: .introductoryOffer, at: node)
        else { return nil }
        return IntroductoryOffer(mode: terms.mode, period: terms.period, periods: terms.periods, prices: terms.prices)
    }

    /// Reads the terms an offer dict shares (`Mode`, `Period`, `Periods`, `Prices`), given where each
    /// key is in `entries`; reports what is missing from `context`, and prices a free trial cannot have.
    mutating func decodeOfferTerms(
        _ entries: [PropertyListEntry], mode: Int?, period: Int?, periods: Int?, prices: Int?,
        in context: CatalogContainer, at node: PropertyListNode
    ) -> (mode: IntroductoryOffer.Mode, period: SubscriptionPeriod, periods: Int, prices: [String: Price])? {
        var offerMode: IntroductoryOffer.Mode?
        var offerPeriod: SubscriptionPeriod?
        var count = 1
        if let mode {
            offerMode = choice(entries[mode].value, key: "Mode", as: IntroductoryOffer.Mode.self)
        } else {
            report(.missingKey("Mode", in: context), at: node.location)
        }
        if let period {
            offerPeriod = self.period(entries[period].value, key: "Period")
        } else {
            report(.missingKey("Period", in: context), at: node.location)
        }
        if let periods {
            count = integer(entries[periods].value, key: "Periods", minimum: 1) ?? 1
        }
        var offerPrices: [String: Price] = [:]
        if let prices {
            if offerMode == .freeTrial {
                report(.offerPricesIgnored, at: entries[prices].keyLocation)
            } else {
                offerPrices = decodePrices(entries[prices].value, key: "Prices")
            }
        } else if let offerMode, offerMode != .freeTrial {
            report(.offerPricesRequired(mode: offerMode.rawValue), at: node.location)
        }
        guard let offerMode, let offerPeriod else { return nil }
        return (offerMode, offerPeriod, count, offerPrices)
    }

    /// Reads `HostedContent`: `Version` and `ContentLength`.
    mutating func decodeHostedContent(_ node: PropertyListNode) -> HostedContent? {
        guard let entries = dictionary(node, key: "HostedContent") else { return nil }
        var version, length: Int?
        for index in entries.indices {
            switch entries[index].key {
            case "Version": take(&version, index, in: entries)
            case "ContentLength": take(&length, index, in: entries)
            default: unknownKey(entries[index], known: CatalogKeys.hostedContent)
            }
        }
        var versionText: String?
        var byteCount: Int?
        if let version {
            versionText = text(entries[version].value, key: "Version")
        } else {
            report(.missingKey("Version", in: .hostedContent), at: node.location)
        }
        if let length {
            byteCount = integer(entries[length].value, key: "ContentLength", minimum: 0)
        } else {
            report(.missingKey("ContentLength", in: .hostedContent), at: node.location)
        }
        guard let versionText, let byteCount else { return nil }
        return HostedContent(version: versionText, contentLength: Int64(byteCount))
    }

    /// Reads `Simulation`: the typed keys, plus every key as a setting for the simulator.
    mutating func decodeSimulation(_ entry: PropertyListEntry) -> ProductSimulation? {
        let node = entry.value
        if let providerKinds, !providerKinds.contains(.simulatedAppStore) {
            report(.simulationUnused, at: entry.keyLocation)
        }
        guard let entries = dictionary(node, key: "Simulation") else { return nil }
        var askToBuy, failures, interrupted, unavailable: Int?
        for index in entries.indices {
            switch entries[index].key {
            case "AskToBuy": take(&askToBuy, index, in: entries)
            case "Failures": take(&failures, index, in: entries)
            case "Interrupted": take(&interrupted, index, in: entries)
            case "Unavailable": take(&unavailable, index, in: entries)
            default: unknownKey(entries[index], known: CatalogKeys.simulation)
            }
        }
        var simulation = ProductSimulation()
        if let askToBuy {
            simulation.askToBuy = choice(entries[askToBuy].value, key: "AskToBuy", as: ProductSimulation.AskToBuy.self)
        }
        if let failures {
            simulation.failures = decodeFailures(entries[failures].value)
        }
        if let interrupted {
            simulation.interrupted = boolean(entries[interrupted].value, key: "Interrupted") ?? false
        }
        if let unavailable {
            simulation.unavailable = boolean(entries[unavailable].value, key: "Unavailable") ?? false
        }
        simulation.settings = decodeSettings(node, key: "Simulation", checkDuplicates: false) ?? [:]
        return simulation
    }

    private mutating func decodeFailures(_ node: PropertyListNode) -> [ProductSimulation.Failure] {
        guard let elements = array(node, key: "Failures") else { return [] }
        var result: [ProductSimulation.Failure] = []
        for (position, element) in elements.enumerated() {
            guard let entries = dictionary(element, key: "Failures[\(position)]") else { continue }
            var attempt, error: Int?
            for index in entries.indices {
                switch entries[index].key {
                case "Attempt": take(&attempt, index, in: entries)
                case "Error": take(&error, index, in: entries)
                default: unknownKey(entries[index], known: CatalogKeys.simulationFailure)
                }
            }
            var number: Int?
            var name: String?
            if let attempt {
                number = integer(entries[attempt].value, key: "Attempt", minimum: 1)
            } else {
                report(.missingKey("Attempt", in: .simulationFailure), at: element.location)
            }
            if let error {
                name = text(entries[error].value, key: "Error")
            } else {
                report(.missingKey("Error", in: .simulationFailure), at: element.location)
            }
            if let number, let name {
                result.append(ProductSimulation.Failure(attempt: number, error: name))
            }
        }
        return result
    }
}

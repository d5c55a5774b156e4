import PropertyList
import PurchaseCore

extension CatalogDecoder {
    /// Reads `Subscription`: `Group`, `Period`, `Level` and an optional `IntroductoryOffer`.
    mutating func decodeSubscription(_ node: PropertyListNode) -> SubscriptionInfo? {
        guard let entries = dictionary(node, key: "Subscription") else { return nil }
        var group, period, level, offer: PropertyListEntry?
        for entry in entries {
            switch entry.key {
            case "Group": take(&group, entry)
            case "Period": take(&period, entry)
            case "Level": take(&level, entry)
            case "IntroductoryOffer": take(&offer, entry)
            default: unknownKey(entry, known: CatalogKeys.subscription)
            }
        }
        let context = "Subscription"
        var groupName: String?
        var renewal: SubscriptionPeriod?
        var rank: Int?
        if let group {
            groupName = text(group.value, key: "Group")
        } else {
            report(.missingKey("Group", in: context), at: node.location)
        }
        if let period {
            renewal = self.period(period.value, key: "Period")
        } else {
            report(.missingKey("Period", in: context), at: node.location)
        }
        if let level {
            rank = integer(level.value, key: "Level", minimum: 1)
        } else {
            report(.missingKey("Level", in: context), at: node.location)
        }
        let introductoryOffer = offer.flatMap { decodeIntroductoryOffer($0.value) }
        guard let groupName, let renewal, let rank else { return nil }
        return SubscriptionInfo(group: groupName, period: renewal, level: rank, introductoryOffer: introductoryOffer)
    }

    private mutating func decodeIntroductoryOffer(_ node: PropertyListNode) -> IntroductoryOffer? {
        guard let entries = dictionary(node, key: "IntroductoryOffer") else { return nil }
        var mode, period, periods, prices: PropertyListEntry?
        for entry in entries {
            switch entry.key {
            case "Mode": take(&mode, entry)
            case "Period": take(&period, entry)
            case "Periods": take(&periods, entry)
            case "Prices": take(&prices, entry)
            default: unknownKey(entry, known: CatalogKeys.introductoryOffer)
            }
        }
        let context = "IntroductoryOffer"
        var offerMode: IntroductoryOffer.Mode?
        var offerPeriod: SubscriptionPeriod?
        var count = 1
        if let mode {
            offerMode = choice(mode.value, key: "Mode", as: IntroductoryOffer.Mode.self)
        } else {
            report(.missingKey("Mode", in: context), at: node.location)
        }
        if let period {
            offerPeriod = self.period(period.value, key: "Period")
        } else {
            report(.missingKey("Period", in: context), at: node.location)
        }
        if let periods {
            count = integer(periods.value, key: "Periods", minimum: 1) ?? 1
        }
        var offerPrices: [String: Price] = [:]
        if let prices {
            if offerMode == .freeTrial {
                report(.offerPricesIgnored, at: prices.keyLocation)
            } else {
                offerPrices = decodePrices(prices.value, key: "Prices")
            }
        } else if let offerMode, offerMode != .freeTrial {
            report(.offerPricesRequired(mode: offerMode.rawValue), at: node.location)
        }
        guard let offerMode, let offerPeriod else { return nil }
        return IntroductoryOffer(mode: offerMode, period: offerPeriod, periods: count, prices: offerPrices)
    }

    /// Reads `HostedContent`: `Version` and `ContentLength`.
    mutating func decodeHostedContent(_ node: PropertyListNode) -> HostedContent? {
        guard let entries = dictionary(node, key: "HostedContent") else { return nil }
        var version, length: PropertyListEntry?
        for entry in entries {
            switch entry.key {
            case "Version": take(&version, entry)
            case "ContentLength": take(&length, entry)
            default: unknownKey(entry, known: CatalogKeys.hostedContent)
            }
        }
        var versionText: String?
        var byteCount: Int?
        if let version {
            versionText = text(version.value, key: "Version")
        } else {
            report(.missingKey("Version", in: "HostedContent"), at: node.location)
        }
        if let length {
            byteCount = integer(length.value, key: "ContentLength", minimum: 0)
        } else {
            report(.missingKey("ContentLength", in: "HostedContent"), at: node.location)
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
        var askToBuy, failures, interrupted, unavailable: PropertyListEntry?
        for field in entries {
            switch field.key {
            case "AskToBuy": take(&askToBuy, field)
            case "Failures": take(&failures, field)
            case "Interrupted": take(&interrupted, field)
            case "Unavailable": take(&unavailable, field)
            default: unknownKey(field, known: CatalogKeys.simulation)
            }
        }
        var simulation = ProductSimulation()
        if let askToBuy {
            simulation.askToBuy = choice(askToBuy.value, key: "AskToBuy", as: ProductSimulation.AskToBuy.self)
        }
        if let failures {
            simulation.failures = decodeFailures(failures.value)
        }
        if let interrupted {
            simulation.interrupted = boolean(interrupted.value, key: "Interrupted") ?? false
        }
        if let unavailable {
            simulation.unavailable = boolean(unavailable.value, key: "Unavailable") ?? false
        }
        simulation.settings = decodeSettings(node, key: "Simulation", checkDuplicates: false) ?? [:]
        return simulation
    }

    private mutating func decodeFailures(_ node: PropertyListNode) -> [ProductSimulation.Failure] {
        guard let elements = array(node, key: "Failures") else { return [] }
        var result: [ProductSimulation.Failure] = []
        for element in elements {
            guard let entries = dictionary(element, key: "Failures element") else { continue }
            var attempt, error: PropertyListEntry?
            for entry in entries {
                switch entry.key {
                case "Attempt": take(&attempt, entry)
                case "Error": take(&error, entry)
                default: unknownKey(entry, known: CatalogKeys.simulationFailure)
                }
            }
            var number: Int?
            var name: String?
            if let attempt {
                number = integer(attempt.value, key: "Attempt", minimum: 1)
            } else {
                report(.missingKey("Attempt", in: "a Failures entry"), at: element.location)
            }
            if let error {
                name = text(error.value, key: "Error")
            } else {
                report(.missingKey("Error", in: "a Failures entry"), at: element.location)
            }
            if let number, let name {
                result.append(ProductSimulation.Failure(attempt: number, error: name))
            }
        }
        return result
    }
}

import Foundation
import PropertyList
import PurchaseCore

extension CatalogDecoder {
    /// Reads one product dict; returns the product when it has no errors.
    /// Reads the product at `index` of `Products` (diagnostics name a value that is no dict
    /// `Products[index]`, a path in any language).
    mutating func decodeProduct(_ node: PropertyListNode, index: Int) -> Product? {
        guard let entries = dictionary(node, key: "Products[\(index)]") else { return nil }
        var productID, type, storeIDs, prices, localizations, entitlements, payouts, subscription, duration,
            familyShareable, hostedContent, simulation: Int?
        var storeSettingsEntries: [Int] = []
        for index in entries.indices {
            switch entries[index].key {
            case "ProductID": take(&productID, index, in: entries)
            case "Type": take(&type, index, in: entries)
            case "StoreIDs": take(&storeIDs, index, in: entries)
            case "Prices": take(&prices, index, in: entries)
            case "Localizations": take(&localizations, index, in: entries)
            case "Entitlements": take(&entitlements, index, in: entries)
            case "Payouts": take(&payouts, index, in: entries)
            case "Subscription": take(&subscription, index, in: entries)
            case "Duration": take(&duration, index, in: entries)
            case "FamilyShareable": take(&familyShareable, index, in: entries)
            case "HostedContent": take(&hostedContent, index, in: entries)
            case "Simulation": take(&simulation, index, in: entries)
            case let key where productSettingsKeys.contains(key): storeSettingsEntries.append(index)
            default: unknownKey(entries[index], known: CatalogKeys.product + productSettingsKeys.sorted())
            }
        }
        let errorsBefore = errorCount
        currentProductID = nil
        var id: String?
        if let productID {
            id = decodeProductID(entries[productID].value)
        } else {
            report(.missingKey("ProductID", in: .product(nil)), at: node.location)
        }

        var productType: ProductType?
        if let type {
            productType = choice(entries[type].value, key: "Type", as: ProductType.self)
        } else {
            report(.missingKey("Type", in: productContainer), at: node.location)
        }

        let decodedStoreIDs = storeIDs.map { decodeStoreIDs(entries[$0].value) } ?? [:]

        var decodedPrices: [String: Price] = [:]
        if let prices {
            decodedPrices = decodePrices(entries[prices].value, key: "Prices")
            // Missing means no entry names the storefront: an entry whose amount was refused has its own
            // error, but prices only for other storefronts (declared or not) leave the product unsellable
            // there.
            if let deploymentStorefront, storefronts?[deploymentStorefront] != nil,
                decodedPrices[deploymentStorefront] == nil,
                case .dictionary(let priceEntries) = entries[prices].value.value,
                !priceEntries.contains(where: { $0.key == deploymentStorefront })
            {
                report(
                    .missingDefaultPrice(productID: currentProductID, storefront: deploymentStorefront),
                    at: entries[prices].value.location
                )
            }
        } else {
            report(.missingKey("Prices", in: productContainer), at: node.location)
        }

        var decodedLocalizations: [String: ProductLocalization] = [:]
        if let localizations {
            decodedLocalizations = decodeLocalizations(entries[localizations].value)
        } else {
            report(.missingKey("Localizations", in: productContainer), at: node.location)
        }

        let decodedEntitlements = entitlements.map { decodeEntitlements(entries[$0].value) } ?? []
        let decodedPayouts = payouts.map { decodePayouts(entries[$0].value) } ?? []

        var decodedSubscription: SubscriptionInfo?
        if let subscription {
            if let productType, productType != .autoRenewable {
                report(
                    .notAllowedForType(key: "Subscription", type: productType.rawValue),
                    at: entries[subscription].keyLocation)
            } else {
                decodedSubscription = decodeSubscription(entries[subscription].value)
            }
        } else if productType == .autoRenewable {
            report(.requiredForType(key: "Subscription", type: "AutoRenewable"), at: node.location)
        }

        var decodedDuration: SubscriptionPeriod?
        if let duration {
            if let productType, productType != .nonRenewing {
                report(
                    .notAllowedForType(key: "Duration", type: productType.rawValue), at: entries[duration].keyLocation)
            } else {
                decodedDuration = period(entries[duration].value, key: "Duration")
            }
        } else if productType == .nonRenewing {
            report(.requiredForType(key: "Duration", type: "NonRenewing"), at: node.location)
        }

        let shareable = familyShareable.flatMap { boolean(entries[$0].value, key: "FamilyShareable") } ?? false
        let content = hostedContent.flatMap { decodeHostedContent(entries[$0].value) }
        let decodedSimulation = simulation.flatMap { decodeSimulation(entries[$0]) }

        if productType == .consumable, let id {
            if let entitlements, !decodedEntitlements.isEmpty {
                report(.entitlementsOnConsumable(productID: id), at: entries[entitlements].keyLocation)
            }
            if payouts == nil {
                report(.consumableWithoutPayouts(productID: id), at: node.location)
            }
            if shareable, let familyShareable {
                report(.familyShareableConsumable(productID: id), at: entries[familyShareable].value.location)
            }
        }

        var storeSettings: [String: [String: SettingValue]] = [:]
        for index in storeSettingsEntries {
            let entry = entries[index]
            if let settings = decodeSettings(entry.value, key: entry.key) { storeSettings[entry.key] = settings }
        }

        guard errorCount == errorsBefore, let id, let productType else { return nil }
        let product = Product(
            productID: id,
            type: productType,
            storeIDs: decodedStoreIDs,
            prices: decodedPrices,
            localizations: decodedLocalizations,
            entitlements: decodedEntitlements,
            payouts: decodedPayouts,
            subscription: decodedSubscription,
            duration: decodedDuration,
            familyShareable: shareable,
            hostedContent: content,
            simulation: decodedSimulation,
            storeSettings: storeSettings.isEmpty ? nil : storeSettings
        )
        if let productSettingsCheck {
            for (key, settings) in storeSettings.sorted(by: { $0.key < $1.key }) {
                for problem in productSettingsCheck(key, settings, product, storefronts ?? [:]) {
                    report(.invalidProviderSetting(problem), at: problem.location(in: node) ?? node.location)
                }
            }
        }
        return errorCount == errorsBefore ? product : nil
    }

    /// Reads and checks a `ProductID`: charset and uniqueness.
    private mutating func decodeProductID(_ node: PropertyListNode) -> String? {
        guard let id = string(node, key: "ProductID") else { return nil }
        // The product's other messages name it as written, even when it is refused here.
        if !id.isEmpty { currentProductID = id }
        guard Self.isValidProductID(id) else {
            report(.invalidProductID(id), at: node.location)
            return nil
        }
        // One hash on the common path: insert, and put the first location back on the rare duplicate.
        if let first = productIDs.updateValue(node.location, forKey: id) {
            productIDs[id] = first
            report(.duplicateProductID(id, first: first), at: node.location)
            return nil
        }
        return id
    }

    /// Letters, digits, `.`, `_` and `-`, at least one character.
    static func isValidProductID(_ id: String) -> Bool {
        isIdentifierText(id)
    }

    /// Reads a storefront-to-amount dict (`Prices` of a product or of an introductory offer).
    mutating func decodePrices(_ node: PropertyListNode, key: String) -> [String: Price] {
        guard let entries = dictionary(node, key: key) else { return [:] }
        reportDuplicateKeys(entries)
        var result = [String: Price](minimumCapacity: entries.count)
        for entry in entries {
            let storefront = declaredStorefront(entry.key, at: entry.keyLocation)
            guard let amount = priceAmount(entry.value, storefront: entry.key), let storefront else { continue }
            result[entry.key] = Price(amount: amount, currencyCode: storefront.currencyCode)
        }
        return result
    }

    /// The largest `<integer>` price: `Price.maximumDigits` nines, as for prices written as strings.
    private static let largestIntegerPrice: Int64 = 999_999_999_999_999_999

    /// A price amount: a strict decimal string, or a non-negative integer, of at most `Price.maximumDigits`
    /// digits.
    private mutating func priceAmount(_ node: PropertyListNode, storefront: String) -> Decimal? {
        switch node.value {
        case .string(let text):
            if let amount = Price.amount(parsing: text) { return amount }
            reportRefusedPrice(text, at: node.location)
        case .integer(let number):
            if let value = number.int64Value, value >= 0, value <= Self.largestIntegerPrice { return Decimal(value) }
            reportRefusedPrice(number.description, at: node.location)
        case .real(let value):
            report(.inexactPrice(String(describing: value)), at: node.location)
        default:
            report(.wrongType(key: storefront, expected: "string", found: node.value.typeName), at: node.location)
        }
        return nil
    }

    /// Reports a price `Price.amount(parsing:)` refused: too many digits, or not plain digits at all.
    mutating func reportRefusedPrice(_ text: String, at location: SourceLocation) {
        report(Price.exceedsMaximumDigits(text) ? .priceTooLarge(text) : .invalidPrice(text), at: location)
    }

    /// Reads `StoreIDs`: provider kind to that store's identifier.
    private mutating func decodeStoreIDs(_ node: PropertyListNode) -> [ProviderKind: String] {
        guard let entries = dictionary(node, key: "StoreIDs") else { return [:] }
        reportDuplicateKeys(entries)
        var result: [ProviderKind: String] = [:]
        for entry in entries {
            let kind = ProviderKind(entry.key)
            if !Self.isValidProviderKind(entry.key) {
                report(.invalidProviderKind(entry.key), at: entry.keyLocation)
            } else if let providerKinds, !providerKinds.contains(kind) {
                let suggestion =
                    providerKinds.count <= ClosestMatch.maximumCandidates
                    ? ClosestMatch.find(entry.key, in: providerKinds.map(\.rawValue).sorted()) : nil
                report(.storeIDForUnusedProvider(entry.key, suggestion: suggestion), at: entry.keyLocation)
            }
            if let id = text(entry.value, key: entry.key) {
                result[kind] = id
            }
        }
        return result
    }

    /// Reads `Localizations`: locale to a dict with `DisplayName` and `Description`, and checks the
    /// deployment's language is covered.
    private mutating func decodeLocalizations(_ node: PropertyListNode) -> [String: ProductLocalization] {
        guard let entries = dictionary(node, key: "Localizations") else { return [:] }
        reportDuplicateKeys(entries)
        var result = [String: ProductLocalization](minimumCapacity: entries.count)
        var keysValid = true
        // Whether a key serves the deployment's locale; an entry that fails to read still counts (its own
        // error is enough). Comparing a few short identifiers is cheaper than looking them up afterwards.
        var covered = false
        let accepted = deploymentLocale?.accepted ?? []
        var spellings: [String: PropertyListEntry]?
        for entry in entries {
            let locale = LocaleFallback.canonicalIdentifier(entry.key)
            if let locale {
                if !covered, accepted.contains(locale) { covered = true }
            } else {
                report(.invalidLocale(entry.key), at: entry.keyLocation)
                keysValid = false
            }
            guard let fields = dictionary(entry.value, key: entry.key) else { continue }
            var displayName, description: Int?
            for index in fields.indices {
                switch fields[index].key {
                case "DisplayName": take(&displayName, index, in: fields)
                case "Description": take(&description, index, in: fields)
                default: unknownKey(fields[index], known: CatalogKeys.localization)
                }
            }
            var name: String?
            var text: String?
            if let displayName {
                name = self.text(fields[displayName].value, key: "DisplayName")
            } else {
                report(.missingKey("DisplayName", in: .localization(entry.key)), at: entry.value.location)
            }
            if let description {
                text = string(fields[description].value, key: "Description")
            } else {
                report(.missingKey("Description", in: .localization(entry.key)), at: entry.value.location)
            }
            if let locale, let name, let text,
                result.updateValue(ProductLocalization(displayName: name, description: text), forKey: locale) != nil,
                let first = firstSpelling(of: locale, in: entries, cache: &spellings),
                first.key != entry.key
            {
                // Two spellings of one locale (`en-US`, `en_US`); identical spellings were reported above.
                report(.duplicateKey(entry.key, first: first.keyLocation), at: entry.keyLocation)
            }
        }
        if keysValid, !covered, let deploymentLocale {
            report(
                .missingLocalization(
                    productID: currentProductID,
                    locale: deploymentLocale.identifier,
                    accepted: deploymentLocale.accepted
                ),
                at: node.location
            )
        }
        return result
    }

    /// The first entry of a `Localizations` dict whose key is the given canonical locale. The index by locale
    /// is built on the first call, so a hostile dict of many spellings costs linear time, not quadratic.
    private func firstSpelling(
        of locale: String,
        in entries: [PropertyListEntry],
        cache: inout [String: PropertyListEntry]?
    ) -> PropertyListEntry? {
        if cache == nil {
            var index: [String: PropertyListEntry] = [:]
            for entry in entries {
                if let canonical = LocaleFallback.canonicalIdentifier(entry.key), index[canonical] == nil {
                    index[canonical] = entry
                }
            }
            cache = index
        }
        return cache?[locale]
    }

    /// Reads `Entitlements`: an array of non-empty names.
    private mutating func decodeEntitlements(_ node: PropertyListNode) -> [String] {
        guard let elements = array(node, key: "Entitlements") else { return [] }
        var result: [String] = []
        result.reserveCapacity(elements.count)
        // A set only for long lists: a product usually grants one or two entitlements.
        var seen: Set<String>? = elements.count > 16 ? Set(minimumCapacity: elements.count) : nil
        for (position, element) in elements.enumerated() {
            guard let name = text(element, key: "Entitlements[\(position)]") else { continue }
            let isDuplicate = seen.map { $0.contains(name) } ?? result.contains(name)
            if isDuplicate {
                report(.duplicateEntitlement(name), at: element.location)
            } else {
                result.append(name)
                seen?.insert(name)
            }
        }
        return result
    }

    /// Reads `Payouts`: an array of dicts with `Kind`, `Name` and `Quantity`.
    private mutating func decodePayouts(_ node: PropertyListNode) -> [Payout] {
        guard let elements = array(node, key: "Payouts") else { return [] }
        var result: [Payout] = []
        result.reserveCapacity(elements.count)
        for (position, element) in elements.enumerated() {
            guard let entries = dictionary(element, key: "Payouts[\(position)]") else { continue }
            var kind, name, quantity: Int?
            for index in entries.indices {
                switch entries[index].key {
                case "Kind": take(&kind, index, in: entries)
                case "Name": take(&name, index, in: entries)
                case "Quantity": take(&quantity, index, in: entries)
                default: unknownKey(entries[index], known: CatalogKeys.payout)
                }
            }
            var payoutKind: Payout.Kind?
            var payoutName: String?
            var payoutQuantity: Int?
            if let kind {
                payoutKind = choice(entries[kind].value, key: "Kind", as: Payout.Kind.self)
            } else {
                report(.missingKey("Kind", in: .payout), at: element.location)
            }
            if let name {
                payoutName = text(entries[name].value, key: "Name")
            } else {
                report(.missingKey("Name", in: .payout), at: element.location)
            }
            if let quantity {
                payoutQuantity = integer(entries[quantity].value, key: "Quantity", minimum: 1)
            } else {
                report(.missingKey("Quantity", in: .payout), at: element.location)
            }
            if let payoutKind, let payoutName, let payoutQuantity {
                result.append(Payout(kind: payoutKind, name: payoutName, quantity: payoutQuantity))
            }
        }
        return result
    }
}

import Foundation
import PropertyList
import PurchaseCore

extension CatalogDecoder {
    /// Reads one product dict; returns the product when it has no errors.
    mutating func decodeProduct(_ node: PropertyListNode) -> Product? {
        guard let entries = dictionary(node, key: "Products element") else { return nil }
        var productID, type, storeIDs, prices, localizations, entitlements, payouts, subscription, duration,
            familyShareable, hostedContent, simulation: PropertyListEntry?
        for entry in entries {
            switch entry.key {
            case "ProductID": take(&productID, entry)
            case "Type": take(&type, entry)
            case "StoreIDs": take(&storeIDs, entry)
            case "Prices": take(&prices, entry)
            case "Localizations": take(&localizations, entry)
            case "Entitlements": take(&entitlements, entry)
            case "Payouts": take(&payouts, entry)
            case "Subscription": take(&subscription, entry)
            case "Duration": take(&duration, entry)
            case "FamilyShareable": take(&familyShareable, entry)
            case "HostedContent": take(&hostedContent, entry)
            case "Simulation": take(&simulation, entry)
            default: unknownKey(entry, known: CatalogKeys.product)
            }
        }
        let errorsBefore = errorCount
        currentProductID = nil
        var id: String?
        if let productID {
            id = decodeProductID(productID.value)
        } else {
            report(.missingKey("ProductID", in: "a product"), at: node.location)
        }

        var productType: ProductType?
        if let type {
            productType = choice(type.value, key: "Type", as: ProductType.self)
        } else {
            report(.missingKey("Type", in: productDescription), at: node.location)
        }

        let decodedStoreIDs = storeIDs.map { decodeStoreIDs($0.value) } ?? [:]

        var decodedPrices: [String: Price] = [:]
        if let prices {
            decodedPrices = decodePrices(prices.value, key: "Prices")
            if let deploymentStorefront, storefronts?[deploymentStorefront] != nil,
                decodedPrices[deploymentStorefront] == nil, errorCount == errorsBefore
            {
                report(
                    .missingDefaultPrice(productID: id ?? "?", storefront: deploymentStorefront),
                    at: prices.value.location
                )
            }
        } else {
            report(.missingKey("Prices", in: productDescription), at: node.location)
        }

        var decodedLocalizations: [String: ProductLocalization] = [:]
        if let localizations {
            decodedLocalizations = decodeLocalizations(localizations.value)
        } else {
            report(.missingKey("Localizations", in: productDescription), at: node.location)
        }

        let decodedEntitlements = entitlements.map { decodeEntitlements($0.value) } ?? []
        let decodedPayouts = payouts.map { decodePayouts($0.value) } ?? []

        var decodedSubscription: SubscriptionInfo?
        if let subscription {
            if let productType, productType != .autoRenewable {
                report(
                    .notAllowedForType(key: "Subscription", type: productType.rawValue), at: subscription.keyLocation)
            } else {
                decodedSubscription = decodeSubscription(subscription.value)
            }
        } else if productType == .autoRenewable {
            report(.requiredForType(key: "Subscription", type: "AutoRenewable"), at: node.location)
        }

        var decodedDuration: SubscriptionPeriod?
        if let duration {
            if let productType, productType != .nonRenewing {
                report(.notAllowedForType(key: "Duration", type: productType.rawValue), at: duration.keyLocation)
            } else {
                decodedDuration = period(duration.value, key: "Duration")
            }
        } else if productType == .nonRenewing {
            report(.requiredForType(key: "Duration", type: "NonRenewing"), at: node.location)
        }

        let shareable = familyShareable.flatMap { boolean($0.value, key: "FamilyShareable") } ?? false
        let content = hostedContent.flatMap { decodeHostedContent($0.value) }
        let decodedSimulation = simulation.flatMap { decodeSimulation($0) }

        if productType == .consumable, let id {
            if let entitlements, !decodedEntitlements.isEmpty {
                report(.entitlementsOnConsumable(productID: id), at: entitlements.keyLocation)
            }
            if payouts == nil {
                report(.consumableWithoutPayouts(productID: id), at: node.location)
            }
            if shareable, let familyShareable {
                report(.familyShareableConsumable(productID: id), at: familyShareable.value.location)
            }
        }

        guard errorCount == errorsBefore, let id, let productType else { return nil }
        return Product(
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
            simulation: decodedSimulation
        )
    }

    /// Reads and checks a `ProductID`: charset and uniqueness.
    private mutating func decodeProductID(_ node: PropertyListNode) -> String? {
        guard let id = string(node, key: "ProductID") else { return nil }
        guard Self.isValidProductID(id) else {
            report(.invalidProductID(id), at: node.location)
            return nil
        }
        currentProductID = id
        if let first = productIDs[id] {
            report(.duplicateProductID(id, first: first), at: node.location)
            return nil
        }
        productIDs[id] = node.location
        return id
    }

    /// Letters, digits, `.`, `_` and `-`, at least one character.
    static func isValidProductID(_ id: String) -> Bool {
        !id.isEmpty
            && id.utf8.allSatisfy { isASCIILetter($0) || isASCIIDigit($0) || $0 == 0x2E || $0 == 0x5F || $0 == 0x2D }
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

    /// A price amount: a strict decimal string, or a non-negative integer.
    private mutating func priceAmount(_ node: PropertyListNode, storefront: String) -> Decimal? {
        switch node.value {
        case .string(let text):
            if let amount = Price.amount(parsing: text) { return amount }
            report(.invalidPrice(text), at: node.location)
        case .integer(let number):
            if let value = number.int64Value, value >= 0 { return Decimal(value) }
            report(.invalidPrice(number.description), at: node.location)
        case .real(let value):
            report(.inexactPrice(String(describing: value)), at: node.location)
        default:
            report(.wrongType(key: storefront, expected: "string", found: node.value.typeName), at: node.location)
        }
        return nil
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
                let suggestion = ClosestMatch.find(entry.key, in: providerKinds.map(\.rawValue))
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
        for entry in entries {
            let locale = LocaleFallback.canonicalIdentifier(entry.key)
            if locale == nil {
                report(.invalidLocale(entry.key), at: entry.keyLocation)
                keysValid = false
            }
            guard let fields = dictionary(entry.value, key: entry.key) else { continue }
            var displayName, description: PropertyListEntry?
            for field in fields {
                switch field.key {
                case "DisplayName": take(&displayName, field)
                case "Description": take(&description, field)
                default: unknownKey(field, known: CatalogKeys.localization)
                }
            }
            let context = "localization '\(entry.key)'"
            var name: String?
            var text: String?
            if let displayName {
                name = self.text(displayName.value, key: "DisplayName")
            } else {
                report(.missingKey("DisplayName", in: context), at: entry.value.location)
            }
            if let description {
                text = string(description.value, key: "Description")
            } else {
                report(.missingKey("Description", in: context), at: entry.value.location)
            }
            if let locale, let name, let text {
                result[locale] = ProductLocalization(displayName: name, description: text)
            }
        }
        if keysValid, let deploymentLocale, !deploymentLocale.accepted.contains(where: { result[$0] != nil }) {
            // Entries that failed to read do not count, but a present key does: its own error suffices.
            let covered = entries.contains { entry in
                LocaleFallback.canonicalIdentifier(entry.key).map(deploymentLocale.accepted.contains) ?? false
            }
            if !covered {
                report(
                    .missingLocalization(
                        productID: currentProductID ?? "?",
                        locale: deploymentLocale.identifier,
                        accepted: deploymentLocale.accepted
                    ),
                    at: node.location
                )
            }
        }
        return result
    }

    /// Reads `Entitlements`: an array of non-empty names.
    private mutating func decodeEntitlements(_ node: PropertyListNode) -> [String] {
        guard let elements = array(node, key: "Entitlements") else { return [] }
        var result: [String] = []
        result.reserveCapacity(elements.count)
        for element in elements {
            guard let name = text(element, key: "Entitlements element") else { continue }
            if result.contains(name) {
                report(.duplicateEntitlement(name), at: element.location)
            } else {
                result.append(name)
            }
        }
        return result
    }

    /// Reads `Payouts`: an array of dicts with `Kind`, `Name` and `Quantity`.
    private mutating func decodePayouts(_ node: PropertyListNode) -> [Payout] {
        guard let elements = array(node, key: "Payouts") else { return [] }
        var result: [Payout] = []
        result.reserveCapacity(elements.count)
        for element in elements {
            guard let entries = dictionary(element, key: "Payouts element") else { continue }
            var kind, name, quantity: PropertyListEntry?
            for entry in entries {
                switch entry.key {
                case "Kind": take(&kind, entry)
                case "Name": take(&name, entry)
                case "Quantity": take(&quantity, entry)
                default: unknownKey(entry, known: CatalogKeys.payout)
                }
            }
            var payoutKind: Payout.Kind?
            var payoutName: String?
            var payoutQuantity: Int?
            if let kind {
                payoutKind = choice(kind.value, key: "Kind", as: Payout.Kind.self)
            } else {
                report(.missingKey("Kind", in: "a payout"), at: element.location)
            }
            if let name {
                payoutName = text(name.value, key: "Name")
            } else {
                report(.missingKey("Name", in: "a payout"), at: element.location)
            }
            if let quantity {
                payoutQuantity = integer(quantity.value, key: "Quantity", minimum: 1)
            } else {
                report(.missingKey("Quantity", in: "a payout"), at: element.location)
            }
            if let payoutKind, let payoutName, let payoutQuantity {
                result.append(Payout(kind: payoutKind, name: payoutName, quantity: payoutQuantity))
            }
        }
        return result
    }
}

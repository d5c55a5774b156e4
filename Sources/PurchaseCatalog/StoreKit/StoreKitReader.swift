import PropertyList
import PurchaseCore

/// Turns the JSON tree of a `.storekit` file into a ``Catalog``, collecting diagnostics as it goes.
struct StoreKitReader {
    let path: String?
    let nonRenewingDuration: SubscriptionPeriod
    var diagnostics: [Diagnostic] = []
    /// The storefront prices are in, and its currency.
    var storefront = Storefront(code: StoreKitStorefronts.defaultCode, currencyCode: "USD")
    /// The deployment's locale, canonical.
    var locale = "en_US"
    /// Where each product identifier was first declared.
    var declared: [String: SourceLocation] = [:]

    init(path: String?, nonRenewingDuration: SubscriptionPeriod) {
        self.path = path
        self.nonRenewingDuration = nonRenewingDuration
    }

    mutating func report(_ problem: CatalogProblem, at location: SourceLocation) {
        diagnostics.append(Diagnostic(problem, path: path, at: location))
    }

    // MARK: - Root

    mutating func read(_ root: JSONNode, deploymentName: String) -> Catalog? {
        guard case .object = root.value else {
            report(.storeKitWrongType(key: "(root)", expected: "object", found: root.typeName), at: root.location)
            return nil
        }
        if let version = object(root, "version"), let major = version["major"],
            let number = integer(major, key: "major"),
            !StoreKitConfigurationImporter.supportedVersions.contains(number)
        {
            report(.storeKitUnsupportedVersion(String(number)), at: major.location)
        }
        let settings = object(root, "settings") ?? JSONNode(value: .object([]), location: root.location)
        let providerSettings = readSettings(settings)
        var products: [Product] = []
        for element in array(root, "products") {
            if let product = readProduct(element, list: "products", defaultType: nil) { products.append(product) }
        }
        for element in array(root, "nonRenewingSubscriptions") {
            if let product = readProduct(element, list: "nonRenewingSubscriptions", defaultType: .nonRenewing) {
                products.append(product)
            }
        }
        for group in array(root, "subscriptionGroups") {
            products += readGroup(group)
        }
        let deployment = Deployment(
            name: deploymentName,
            providers: [ProviderConfiguration(kind: .simulatedAppStore, settings: providerSettings)],
            storefront: storefront.code, locale: locale)
        return Catalog(
            version: CatalogVersion.current, deployment: deployment, storefronts: [storefront.code: storefront],
            products: products)
    }

    // MARK: - Products

    mutating func readGroup(_ group: JSONNode) -> [Product] {
        guard expectObject(group, key: "subscriptionGroups") else { return [] }
        let name = string(group, "name").flatMap { $0.isEmpty ? nil : $0 } ?? string(group, "id")
        if name?.isEmpty ?? true {
            report(.storeKitMissingKey("name", in: "subscriptionGroups"), at: group.location)
        }
        var products: [Product] = []
        for element in array(group, "subscriptions") {
            // Both halves are read whatever the other finds, so one pass reports every problem.
            let product = readProduct(element, list: "subscriptions", defaultType: .autoRenewable)
            guard case .object = element.value else { continue }
            let subscription = readSubscription(element, group: name ?? "")
            if var product, let subscription {
                product.subscription = subscription
                products.append(product)
            }
        }
        return products
    }

    /// Reads what every kind of product has; `defaultType` is the type of the list when the entry has no
    /// `type` (subscriptions and non-renewing subscriptions).
    mutating func readProduct(_ element: JSONNode, list: String, defaultType: ProductType?) -> Product? {
        guard expectObject(element, key: list) else { return nil }
        let id = productID(element, list: list)
        let type = productType(element, list: list, defaultType: defaultType)
        let price = displayPrice(element, key: "displayPrice", in: list)
        let familyShareable = bool(element, "familyShareable") ?? false
        let reference = string(element, "referenceName").flatMap { $0.isEmpty ? nil : $0 }
        let localizations = readLocalizations(element, fallbackName: reference ?? id ?? "")
        guard let id, let type, let price else { return nil }
        var product = Product(
            productID: id, type: type, prices: [storefront.code: price], localizations: localizations,
            familyShareable: familyShareable)
        switch type {
        case .consumable: product.payouts = [Payout(kind: .item, name: id, quantity: 1)]
        case .nonRenewing:
            product.entitlements = [id]
            product.duration = nonRenewingDuration
        case .nonConsumable, .autoRenewable: product.entitlements = [id]
        }
        return product
    }

    mutating func productID(_ element: JSONNode, list: String) -> String? {
        guard let node = element["productID"] else {
            report(.storeKitMissingKey("productID", in: list), at: element.location)
            return nil
        }
        guard let id = string(node, key: "productID") else { return nil }
        guard CatalogDecoder.isValidProductID(id) else {
            report(.invalidProductID(id), at: node.location)
            return nil
        }
        if let first = declared[id] {
            report(.duplicateProductID(id, first: first), at: node.location)
            return nil
        }
        declared[id] = node.location
        return id
    }

    static let typeNames: [String: ProductType] = [
        "Consumable": .consumable, "NonConsumable": .nonConsumable, "NonRenewingSubscription": .nonRenewing,
        "RecurringSubscription": .autoRenewable,
    ]

    mutating func productType(_ element: JSONNode, list: String, defaultType: ProductType?) -> ProductType? {
        guard let node = element["type"] else {
            if defaultType == nil { report(.storeKitMissingKey("type", in: list), at: element.location) }
            return defaultType
        }
        guard let text = string(node, key: "type") else { return nil }
        let allowed =
            defaultType.map { expected in Self.typeNames.filter { $0.value == expected }.map(\.key) }
            ?? ["Consumable", "NonConsumable"]
        guard let type = Self.typeNames[text], allowed.contains(text) else {
            report(
                .invalidValue(
                    key: "type", value: text, allowed: allowed.sorted(),
                    suggestion: ClosestMatch.find(text, in: allowed)),
                at: node.location)
            return nil
        }
        return type
    }

    /// A price in the file's storefront from a `displayPrice` string (or number); a missing one is
    /// reported as missing from `container` when that is given.
    mutating func displayPrice(_ element: JSONNode, key: String, in container: String?) -> Price? {
        guard let node = element[key], !node.isNull else {
            if let container { report(.storeKitMissingKey(key, in: container), at: element.location) }
            return nil
        }
        let text: String
        switch node.value {
        case .string(let value): text = value
        case .number(let value): text = value
        default:
            report(.storeKitWrongType(key: key, expected: "string", found: node.typeName), at: node.location)
            return nil
        }
        guard let amount = Price.amount(parsing: text) else {
            report(Price.exceedsMaximumDigits(text) ? .priceTooLarge(text) : .invalidPrice(text), at: node.location)
            return nil
        }
        return Price(amount: amount, currencyCode: storefront.currencyCode)
    }

    /// The product's texts by canonical locale, with one for the deployment's language added when the
    /// file has none: a copy of the product's first (default) localization, as the App Store shows the
    /// default localization where a product has no text in the person's language.
    mutating func readLocalizations(_ element: JSONNode, fallbackName: String) -> [String: ProductLocalization] {
        var result: [String: ProductLocalization] = [:]
        var first: ProductLocalization?
        for entry in array(element, "localizations") {
            guard expectObject(entry, key: "localizations") else { continue }
            guard let localeNode = entry["locale"] else {
                report(.storeKitMissingKey("locale", in: "localizations"), at: entry.location)
                continue
            }
            guard let text = string(localeNode, key: "locale") else { continue }
            guard let canonical = LocaleFallback.canonicalIdentifier(text) else {
                report(.invalidLocale(text), at: localeNode.location)
                continue
            }
            let name = string(entry, "displayName").flatMap { $0.isEmpty ? nil : $0 } ?? fallbackName
            let localization = ProductLocalization(
                displayName: name.isEmpty ? "-" : name, description: string(entry, "description") ?? "")
            result[canonical] = localization
            if first == nil { first = localization }
        }
        let satisfied = LocaleFallback.candidates(for: locale).contains { result[$0] != nil }
        if !satisfied {
            result[locale] =
                first ?? ProductLocalization(displayName: fallbackName.isEmpty ? "-" : fallbackName, description: "")
        }
        return result
    }

    // MARK: - Subscriptions

    /// Reads a subscription's terms and offers; every part is read whatever the others find, so one pass
    /// reports every problem.
    mutating func readSubscription(_ element: JSONNode, group: String) -> SubscriptionInfo? {
        let period = period(element, "recurringSubscriptionPeriod", in: "subscriptions")
        var valid = true
        var level = 1
        if let node = element["groupNumber"], let number = integer(node, key: "groupNumber") {
            if number < 1 {
                report(.outOfRange(key: "groupNumber", value: String(number), minimum: 1), at: node.location)
                valid = false
            } else {
                level = number
            }
        }
        var offer: IntroductoryOffer?
        if let node = element["introductoryOffer"], !node.isNull, expectObject(node, key: "introductoryOffer") {
            offer = readOffer(node)
            if offer == nil { valid = false }
        }
        let promotionalOffers = readPromotionalOffers(element)
        let offerCodes = readOfferCodes(element)
        guard valid, let period else { return nil }
        return SubscriptionInfo(
            group: group, period: period, level: level, introductoryOffer: offer,
            promotionalOffers: promotionalOffers, offerCodes: offerCodes)
    }

    mutating func period(_ element: JSONNode, _ key: String, in container: String) -> SubscriptionPeriod? {
        guard let node = element[key], !node.isNull else {
            report(.storeKitMissingKey(key, in: container), at: element.location)
            return nil
        }
        guard let text = string(node, key: key) else { return nil }
        guard let period = SubscriptionPeriod(text) else {
            report(.invalidPeriod(key: key, value: text), at: node.location)
            return nil
        }
        return period
    }
}

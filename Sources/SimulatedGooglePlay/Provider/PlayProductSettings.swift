public import PurchaseCore

/// A catalog product's `GooglePlay` dict: how the simulated Play Store sells the product, read and
/// checked.
///
/// Keys: for a subscription (`AutoRenewable`) `BasePlans`, an array of dicts with `ID` (required,
/// Play's base plan id: lower-case letters, digits and `-`, at most 63), `Kind` (`AutoRenewing`, the
/// default, or `Prepaid`), `Period` (ISO 8601, default the product's `Subscription` `Period`), `Prices`
/// (storefront to amount, default the product's `Prices`), `GracePeriodDays` (default 7),
/// `AccountHoldDays` (default 30), `Offers` (an array of dicts with `ID`, `Eligibility`
/// (`NewCustomers`, the default, or `DeveloperDetermined`), `Phases` (a non-empty array of dicts with
/// `Price` (an amount for every storefront, or storefront to amount), `Period`, `Cycles` (default 1)
/// and `RecurrenceMode` (`FiniteRecurring` or `NonRecurring`; default by `Cycles`)) and `Tags`) and
/// `Tags`; for a one-time product `MultipleQuantity` (boolean; default true for consumables).
///
/// Guarantees: ``problems(_:product:storefronts:)`` names every key or value it cannot use, each once,
/// with its path from the product dict (`GooglePlay.BasePlans[0].Offers[1].Phases[0].Period`); a dict
/// without problems gives the base plans it describes.
public struct PlayProductSettings: Sendable {
    /// The key of the dict in a catalog's product dict.
    public static let catalogKey = "GooglePlay"

    /// The dict as written.
    public let settings: [String: SettingValue]

    /// Reads `settings` (a product's `GooglePlay` dict).
    public init(_ settings: [String: SettingValue]) {
        self.settings = settings
    }

    /// Whether a one-time product may be bought several at once, when the dict says.
    public var multipleQuantity: Bool? { settings["MultipleQuantity"]?.boolValue }

    /// The base plans of subscription `product` with prices in `storefront`'s `currency`: the dict's
    /// `BasePlans`, or one auto-renewing plan billed each `Subscription` `Period` at the product's price.
    /// A plan without a price in `storefront` is left out.
    public func basePlans(for product: Product, storefront: String, currency: String) -> [PlayBasePlan] {
        var walker = PlaySettingsWalker(product: product, storefronts: [:], target: (storefront, currency))
        return walker.basePlans(settings)
    }

    /// Every problem of `settings` as `product`'s `GooglePlay` dict, in a catalog declaring `storefronts`.
    ///
    /// - Returns: the problems in the order found, each about one key or value; empty when usable.
    public static func problems(
        _ settings: [String: SettingValue], product: Product, storefronts: [String: Storefront]
    ) -> [ProviderSettingError] {
        var walker = PlaySettingsWalker(product: product, storefronts: storefronts, target: nil)
        _ = walker.basePlans(settings)
        return walker.problems
    }
}

/// Walks a `GooglePlay` dict: builds base plans for a target storefront, and collects the problems
/// of every key and value (for the catalog's check).
struct PlaySettingsWalker {
    let product: Product
    let storefronts: [String: Storefront]
    /// The storefront and currency plans are priced in; `nil` when only checking.
    let target: (storefront: String, currency: String)?
    var problems: [ProviderSettingError] = []

    static let topKeys = ["BasePlans", "MultipleQuantity"]
    static let planKeys = [
        "ID", "Kind", "Period", "Prices", "GracePeriodDays", "AccountHoldDays", "Offers", "Tags",
    ]
    static let offerKeys = ["ID", "Eligibility", "Phases", "Tags"]
    static let phaseKeys = ["Price", "Period", "Cycles", "RecurrenceMode"]

    mutating func report(_ path: String, _ expected: ProviderSettingError.Expectation) {
        let problem = ProviderSettingError(.simulatedGooglePlay, key: "GooglePlay." + path, expected: expected)
        if !problems.contains(problem) { problems.append(problem) }
    }

    mutating func rule(_ path: String, _ key: MessageKey, _ description: String) {
        report(path, .rule(key, description: description))
    }

    /// Reports keys of `dict` outside `known`.
    mutating func checkKeys(_ dict: [String: SettingValue], known: [String], at path: String) {
        for key in dict.keys.sorted() where !known.contains(key) {
            report(path.isEmpty ? key : path + "." + key, .knownKey(known))
        }
    }

    mutating func basePlans(_ settings: [String: SettingValue]) -> [PlayBasePlan] {
        checkKeys(settings, known: Self.topKeys, at: "")
        if let value = settings["MultipleQuantity"] {
            if value.boolValue == nil { report("MultipleQuantity", .boolean) }
            if product.type == .autoRenewable {
                rule("MultipleQuantity", .googlePlaySettingOneTimeOnly, "only for one-time products")
            }
        }
        guard product.type == .autoRenewable else {
            if settings["BasePlans"] != nil {
                rule("BasePlans", .googlePlaySettingSubscriptionsOnly, "only for AutoRenewable products")
            }
            return []
        }
        guard let value = settings["BasePlans"] else { return defaultPlan().map { [$0] } ?? [] }
        guard let elements = value.arrayValue else {
            rule("BasePlans", .googlePlaySettingArray, "an array")
            return []
        }
        if elements.isEmpty { rule("BasePlans", .googlePlaySettingArray, "a non-empty array") }
        var plans: [PlayBasePlan] = []
        var ids: Set<String> = []
        for (index, element) in elements.enumerated() {
            let path = "BasePlans[\(index)]"
            guard let dict = element.dictionaryValue else {
                report(path, .dictionary)
                continue
            }
            if let plan = basePlan(dict, at: path) {
                if ids.insert(plan.id).inserted {
                    plans.append(plan)
                } else {
                    rule(path + ".ID", .googlePlaySettingDuplicateID, "an id no other base plan has")
                }
            }
        }
        return plans
    }

    private func defaultPlan() -> PlayBasePlan? {
        guard let period = product.subscription?.period, let price = targetPrice(product.prices) else { return nil }
        return PlayBasePlan(
            id: PlayCatalogProducts.defaultBasePlanID(period), billingPeriod: period, price: price)
    }

    private func targetPrice(_ prices: [String: Price]) -> PlayPrice? {
        guard let target, let price = prices[target.storefront] else { return nil }
        return PlayCatalogProducts.playPrice(price)
    }

    private mutating func basePlan(_ dict: [String: SettingValue], at path: String) -> PlayBasePlan? {
        checkKeys(dict, known: Self.planKeys, at: path)
        let id = identifier(dict["ID"], at: path + ".ID")
        var kind = PlayBasePlan.Kind.autoRenewing
        if let value = dict["Kind"] {
            switch value.stringValue {
            case "AutoRenewing": kind = .autoRenewing
            case "Prepaid": kind = .prepaid
            default: report(path + ".Kind", .oneOf(["AutoRenewing", "Prepaid"]))
            }
        }
        let period = dict["Period"].map { self.period($0, at: path + ".Period") } ?? product.subscription?.period
        let prices = dict["Prices"].map { self.prices($0, at: path + ".Prices") } ?? product.prices
        let grace = days(dict["GracePeriodDays"], at: path + ".GracePeriodDays") ?? 7
        let hold = days(dict["AccountHoldDays"], at: path + ".AccountHoldDays") ?? 30
        let tags = self.tags(dict["Tags"], at: path + ".Tags")
        var offers: [PlayOffer] = []
        if let value = dict["Offers"] {
            if let elements = value.arrayValue {
                var ids: Set<String> = []
                for (index, element) in elements.enumerated() {
                    let offerPath = path + ".Offers[\(index)]"
                    guard let offerDict = element.dictionaryValue else {
                        report(offerPath, .dictionary)
                        continue
                    }
                    guard let offer = offer(offerDict, at: offerPath) else { continue }
                    if ids.insert(offer.id).inserted {
                        offers.append(offer)
                    } else {
                        rule(offerPath + ".ID", .googlePlaySettingDuplicateID, "an id no other offer of the plan has")
                    }
                }
            } else {
                rule(path + ".Offers", .googlePlaySettingArray, "an array")
            }
        }
        guard let id, let period else { return nil }
        if target != nil && targetPrice(prices) == nil { return nil }
        let price = targetPrice(prices) ?? PlayPrice(micros: 0, currencyCode: "")
        return PlayBasePlan(
            id: id, kind: kind, billingPeriod: period, price: price, gracePeriodDays: grace, accountHoldDays: hold,
            offers: offers, tags: tags)
    }

    private mutating func offer(_ dict: [String: SettingValue], at path: String) -> PlayOffer? {
        checkKeys(dict, known: Self.offerKeys, at: path)
        let id = identifier(dict["ID"], at: path + ".ID")
        var eligibility = PlayOffer.Eligibility.newCustomers
        if let value = dict["Eligibility"] {
            switch value.stringValue {
            case "NewCustomers": eligibility = .newCustomers
            case "DeveloperDetermined": eligibility = .developerDetermined
            default: report(path + ".Eligibility", .oneOf(["NewCustomers", "DeveloperDetermined"]))
            }
        }
        let tags = self.tags(dict["Tags"], at: path + ".Tags")
        var phases: [PlayOfferPhase] = []
        if let value = dict["Phases"] {
            if let elements = value.arrayValue, !elements.isEmpty {
                for (index, element) in elements.enumerated() {
                    let phasePath = path + ".Phases[\(index)]"
                    guard let phaseDict = element.dictionaryValue else {
                        report(phasePath, .dictionary)
                        continue
                    }
                    if let phase = phase(phaseDict, at: phasePath) { phases.append(phase) }
                }
            } else {
                rule(path + ".Phases", .googlePlaySettingArray, "a non-empty array")
            }
        } else {
            rule(path + ".Phases", .googlePlaySettingRequired, "given")
        }
        guard let id else { return nil }
        return PlayOffer(id: id, eligibility: eligibility, phases: phases, tags: tags)
    }

    private mutating func phase(_ dict: [String: SettingValue], at path: String) -> PlayOfferPhase? {
        checkKeys(dict, known: Self.phaseKeys, at: path)
        var price: PlayPrice?
        switch dict["Price"] {
        case nil: rule(path + ".Price", .googlePlaySettingRequired, "given")
        case .string(let text)?:
            if let amount = Price.amount(parsing: text) {
                price = target.map { PlayCatalogProducts.playPrice(Price(amount: amount, currencyCode: $0.currency)) }
            } else {
                rule(path + ".Price", .googlePlaySettingPrice, "a decimal amount such as 0.99")
            }
        case .dictionary?:
            price = targetPrice(prices(dict["Price"]!, at: path + ".Price"))
        default: rule(path + ".Price", .googlePlaySettingPrice, "a decimal amount such as 0.99")
        }
        let period = dict["Period"].map { self.period($0, at: path + ".Period") } ?? nil
        if dict["Period"] == nil { rule(path + ".Period", .googlePlaySettingRequired, "given") }
        var cycles = 1
        if let value = dict["Cycles"] {
            if let count = value.integerValue, count >= 1, count <= 999 {
                cycles = Int(count)
            } else {
                report(path + ".Cycles", .positiveInteger)
            }
        }
        var mode: PlayRecurrenceMode = cycles > 1 ? .finiteRecurring : .nonRecurring
        if let value = dict["RecurrenceMode"] {
            switch value.stringValue {
            case "FiniteRecurring": mode = .finiteRecurring
            case "NonRecurring" where cycles == 1: mode = .nonRecurring
            default:
                report(
                    path + ".RecurrenceMode",
                    .oneOf(cycles == 1 ? ["FiniteRecurring", "NonRecurring"] : ["FiniteRecurring"]))
            }
        }
        guard let period, let price else { return nil }
        return PlayOfferPhase(price: price, billingPeriod: period, billingCycleCount: cycles, recurrenceMode: mode)
    }

    private mutating func identifier(_ value: SettingValue?, at path: String) -> String? {
        guard let value else {
            rule(path, .googlePlaySettingRequired, "given")
            return nil
        }
        guard let text = value.stringValue, Self.isPlayID(text) else {
            rule(
                path, .googlePlaySettingID, "1 to 63 lower-case letters, digits and -, starting with a letter or digit")
            return nil
        }
        return text
    }

    /// Play's rule for base plan and offer ids.
    static func isPlayID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, bytes.count <= 63 else { return false }
        func allowed(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) }
        return allowed(first) && bytes.allSatisfy { allowed($0) || $0 == 0x2D }
    }

    private mutating func period(_ value: SettingValue, at path: String) -> SubscriptionPeriod? {
        if let text = value.stringValue, let period = SubscriptionPeriod(text) { return period }
        rule(path, .googlePlaySettingPeriod, "an ISO 8601 period such as P1M")
        return nil
    }

    private mutating func prices(_ value: SettingValue, at path: String) -> [String: Price] {
        guard let dict = value.dictionaryValue else {
            report(path, .dictionary)
            return [:]
        }
        var result: [String: Price] = [:]
        for (code, amountValue) in dict.sorted(by: { $0.key < $1.key }) {
            let entry = path + "." + code
            let currency = target.map { $0.storefront == code ? $0.currency : nil } ?? storefronts[code]?.currencyCode
            if target == nil && storefronts[code] == nil {
                rule(entry, .googlePlaySettingStorefront, "a storefront the catalog declares")
                continue
            }
            guard let text = amountValue.stringValue, let amount = Price.amount(parsing: text) else {
                rule(entry, .googlePlaySettingPrice, "a decimal amount such as 0.99")
                continue
            }
            if let currency { result[code] = Price(amount: amount, currencyCode: currency) }
        }
        return result
    }

    private mutating func days(_ value: SettingValue?, at path: String) -> Int? {
        guard let value else { return nil }
        guard let count = value.integerValue, count >= 0, count <= 365 else {
            report(path, .nonNegativeInteger)
            return nil
        }
        return Int(count)
    }

    private mutating func tags(_ value: SettingValue?, at path: String) -> [String] {
        guard let value else { return [] }
        guard let elements = value.arrayValue else {
            rule(path, .googlePlaySettingArray, "an array")
            return []
        }
        var tags: [String] = []
        for (index, element) in elements.enumerated() {
            if let text = element.stringValue, Self.isPlayID(text) {
                tags.append(text)
            } else {
                rule(path + "[\(index)]", .googlePlaySettingID, "1 to 63 lower-case letters, digits and -")
            }
        }
        return tags
    }
}

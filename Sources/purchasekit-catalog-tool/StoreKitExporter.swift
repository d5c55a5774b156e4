import Foundation
import PurchaseCatalog
import PurchaseCore

/// Writes a catalog as an Xcode StoreKit configuration file (`.storekit`, JSON format version 3), so one
/// catalog feeds both Xcode's StoreKit testing and PurchaseKit.
///
/// Importing the file (`CatalogLoader().load(contentsOfFile:)`) gives back every product's ID, type,
/// family sharing, price in the deployment's storefront, localizations, and for subscriptions the group,
/// period, level, introductory offer, promotional offers (`adHocOffers`) and the terms of offer codes
/// (`codeOffers`), all priced in that storefront. A `.storekit` file has no place for prices in other
/// storefronts, payouts, entitlements, store IDs, hosted content, a non-renewing subscription's duration
/// or the one-time codes of offer codes: the importer fills those in by its own rules (Catalog/README.md)
/// and ``StoreKitExportLoss`` names what a catalog loses.
///
/// The output depends only on the catalog: keys sorted, products in catalog order, and the file's
/// `identifier` and each `internalID` derived from names by a fixed hash rather than chosen at random.
struct StoreKitExporter {
    /// The format version written (`version.major`).
    static let formatVersion = 3

    /// Why a catalog could not be exported.
    struct Failure: Error, Equatable {
        /// The products with no price in the deployment's storefront (a `.storekit` product needs one).
        var unpricedProducts: [String]
        /// The storefront they lack a price in.
        var storefront: String
    }

    /// The `.storekit` JSON text for `catalog`.
    func export(_ catalog: Catalog) throws(Failure) -> String {
        let storefront = catalog.deployment.storefront
        let unpriced = catalog.products.filter { $0.price(in: storefront) == nil }.map(\.productID)
        guard unpriced.isEmpty else { throw Failure(unpricedProducts: unpriced, storefront: storefront) }
        var products: [JSONText] = []
        var nonRenewing: [JSONText] = []
        var groupOrder: [String] = []
        var groups: [String: [JSONText]] = [:]
        for product in catalog.products {
            let object = Self.product(product, catalog: catalog)
            switch product.type {
            case .consumable, .nonConsumable: products.append(object)
            case .nonRenewing: nonRenewing.append(object)
            case .autoRenewable:
                let group = product.subscription?.group ?? ""
                if groups[group] == nil { groupOrder.append(group) }
                groups[group, default: []].append(object)
            }
        }
        let root: [String: JSONText] = [
            "identifier": .string(Self.hexIdentifier(catalog.deployment.name)),
            "nonRenewingSubscriptions": .array(nonRenewing),
            "products": .array(products),
            "settings": .object(Self.settings(catalog.deployment)),
            "subscriptionGroups": .array(
                groupOrder.map { name in
                    .object([
                        "id": .string(Self.groupID(name)), "localizations": .array([]), "name": .string(name),
                        "subscriptions": .array(groups[name] ?? []),
                    ])
                }
            ),
            "version": .object(["major": .number(String(Self.formatVersion)), "minor": .number("0")]),
        ]
        return JSONText.object(root).text
    }

    /// One entry of `products`, `nonRenewingSubscriptions` or a group's `subscriptions`.
    static func product(_ product: Product, catalog: Catalog) -> JSONText {
        let storefront = catalog.deployment.storefront
        let name = product.localization(for: catalog.deployment.locale)?.displayName ?? product.productID
        var object: [String: JSONText] = [
            "displayPrice": .string(amount(product.price(in: storefront))),
            "familyShareable": .bool(product.familyShareable),
            "internalID": .string(internalID(product.productID)),
            "localizations": .array(
                product.localizations.keys.sorted().map { locale in
                    let text = product.localizations[locale]
                    return .object([
                        "description": .string(text?.description ?? ""),
                        "displayName": .string(text?.displayName ?? ""),
                        "locale": .string(locale.replacingOccurrences(of: "-", with: "_")),
                    ])
                }
            ),
            "productID": .string(product.productID),
            "referenceName": .string(name),
        ]
        switch product.type {
        case .consumable: object["type"] = .string("Consumable")
        case .nonConsumable: object["type"] = .string("NonConsumable")
        case .nonRenewing: object["type"] = .string("NonRenewingSubscription")
        case .autoRenewable:
            object["type"] = .string("RecurringSubscription")
            let subscription = product.subscription
            object["adHocOffers"] = .array(
                (subscription?.promotionalOffers ?? []).map {
                    promotionalOffer($0, storefront: storefront, productID: product.productID)
                })
            object["codeOffers"] = .array(
                (subscription?.offerCodes ?? []).map {
                    offerCodes($0, storefront: storefront, productID: product.productID)
                })
            object["groupNumber"] = .number(String(subscription?.level ?? 1))
            object["recurringSubscriptionPeriod"] = .string(subscription?.period.description ?? "P1M")
            object["subscriptionGroupID"] = .string(groupID(subscription?.group ?? ""))
            let introductoryID = internalID(product.productID + "#introductoryOffer")
            object["introductoryOffer"] =
                subscription?.introductoryOffer.map {
                    .object(terms($0, storefront: storefront, internalID: introductoryID))
                } ?? .null
        }
        return .object(object)
    }

    /// One entry of a subscription's `adHocOffers`: the offer's identifier is its `offerID` and its
    /// `referenceName`.
    static func promotionalOffer(_ offer: PromotionalOffer, storefront: String, productID: String) -> JSONText {
        let offerTerms = IntroductoryOffer(
            mode: offer.mode, period: offer.period, periods: offer.periods, prices: offer.prices)
        var object = terms(
            offerTerms, storefront: storefront, internalID: internalID(productID + "#promotionalOffer:" + offer.id))
        object["offerID"] = .string(offer.id)
        object["referenceName"] = .string(offer.id)
        return .object(object)
    }

    /// One entry of a subscription's `codeOffers`: the reference name and the terms, without the codes,
    /// which the format cannot hold.
    static func offerCodes(_ codes: SubscriptionOfferCodes, storefront: String, productID: String) -> JSONText {
        let offerTerms = IntroductoryOffer(
            mode: codes.mode, period: codes.period, periods: codes.periods, prices: codes.prices)
        var object = terms(
            offerTerms, storefront: storefront,
            internalID: internalID(productID + "#offerCodes:" + codes.referenceName))
        object["referenceName"] = .string(codes.referenceName)
        return .object(object)
    }

    /// The members every offer of a subscription has: its `internalID`, payment mode, period, number of
    /// periods where it is not the default and, for a paying offer, its price in `storefront`.
    static func terms(_ offer: IntroductoryOffer, storefront: String, internalID: String) -> [String: JSONText] {
        var object: [String: JSONText] = [
            "internalID": .string(internalID),
            "subscriptionPeriod": .string(offer.period.description),
        ]
        switch offer.mode {
        case .freeTrial: object["paymentMode"] = .string("free")
        case .payAsYouGo:
            object["paymentMode"] = .string("payAsYouGo")
            object["numberOfPeriods"] = .number(String(offer.periods))
        case .payUpFront: object["paymentMode"] = .string("payUpFront")
        }
        if offer.mode == .freeTrial || offer.mode == .payUpFront, offer.periods != 1 {
            object["numberOfPeriods"] = .number(String(offer.periods))
        }
        if offer.mode != .freeTrial { object["displayPrice"] = .string(amount(offer.prices[storefront])) }
        return object
    }

    /// Xcode's test-session `settings`: the storefront and locale, and the simulated App Store's session
    /// switches when the deployment uses it (the inverse of the importer's mapping).
    static func settings(_ deployment: Deployment) -> [String: JSONText] {
        var result: [String: JSONText] = [
            "_locale": .string(deployment.locale.replacingOccurrences(of: "-", with: "_")),
            "_storefront": .string(deployment.storefront),
        ]
        let switches = [
            ("AskToBuyEnabled", "_askToBuyEnabled"), ("FailTransactionsEnabled", "_failTransactionsEnabled"),
            ("BillingGracePeriodEnabled", "_billingGracePeriodEnabled"),
            ("BillingRetryOnRenewal", "_renewalBillingIssuesEnabled"),
        ]
        if let settings = deployment.provider(.simulatedAppStore)?.settings {
            for (setting, xcode) in switches {
                if case .bool(let value) = settings[setting] { result[xcode] = .bool(value) }
            }
        }
        return result
    }

    /// A price amount as plain digits (`0.99`, `160`).
    static func amount(_ price: Price?) -> String {
        guard let price else { return "0" }
        return "\(price.amount)"
    }

    /// A ten-digit number derived from `text` (Xcode's `internalID`s are numbers written as strings).
    static func internalID(_ text: String) -> String {
        String(1_000_000_000 + fnv1a(text) % 9_000_000_000)
    }

    /// An eight-digit subscription group ID derived from the group's name.
    static func groupID(_ name: String) -> String {
        String(20_000_000 + fnv1a("group:" + name) % 80_000_000)
    }

    /// Eight upper-case hex digits derived from `text`, for the file's `identifier`.
    static func hexIdentifier(_ text: String) -> String {
        let hex = String(fnv1a("storekit:" + text) & 0xFFFF_FFFF, radix: 16, uppercase: true)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }

    /// The 64-bit FNV-1a hash of `text`'s UTF-8 bytes: stable across runs and machines, unlike `Hasher`.
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}

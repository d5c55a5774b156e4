/// A `Codable` mirror of the catalog format, so that Foundation's `PropertyListDecoder` does the
/// same job as our loader (typed values, no validation) in the comparison.
struct CatalogMirror: Decodable {
    struct Deployment: Decodable {
        var name: String
        var provider: String
        var storefront: String
        var locale: String

        enum CodingKeys: String, CodingKey {
            case name = "Name", provider = "Provider", storefront = "Storefront", locale = "Locale"
        }
    }

    struct Storefront: Decodable {
        var currency: String

        enum CodingKeys: String, CodingKey { case currency = "Currency" }
    }

    struct Localization: Decodable {
        var displayName: String
        var description: String

        enum CodingKeys: String, CodingKey { case displayName = "DisplayName", description = "Description" }
    }

    struct Payout: Decodable {
        var kind: String
        var name: String
        var quantity: Int

        enum CodingKeys: String, CodingKey { case kind = "Kind", name = "Name", quantity = "Quantity" }
    }

    struct Offer: Decodable {
        var mode: String
        var period: String
        var periods: Int

        enum CodingKeys: String, CodingKey { case mode = "Mode", period = "Period", periods = "Periods" }
    }

    struct Subscription: Decodable {
        var group: String
        var period: String
        var level: Int
        var introductoryOffer: Offer?

        enum CodingKeys: String, CodingKey {
            case group = "Group", period = "Period", level = "Level", introductoryOffer = "IntroductoryOffer"
        }
    }

    struct Product: Decodable {
        var productID: String
        var type: String
        var prices: [String: String]
        var localizations: [String: Localization]
        var entitlements: [String]?
        var payouts: [Payout]?
        var subscription: Subscription?
        var duration: String?
        var familyShareable: Bool?

        enum CodingKeys: String, CodingKey {
            case productID = "ProductID", type = "Type", prices = "Prices", localizations = "Localizations"
            case entitlements = "Entitlements", payouts = "Payouts", subscription = "Subscription"
            case duration = "Duration", familyShareable = "FamilyShareable"
        }
    }

    var catalogVersion: Int
    var deployment: Deployment
    var storefronts: [String: Storefront]
    var products: [Product]

    enum CodingKeys: String, CodingKey {
        case catalogVersion = "CatalogVersion", deployment = "Deployment", storefronts = "Storefronts"
        case products = "Products"
    }
}

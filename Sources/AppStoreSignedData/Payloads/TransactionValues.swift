public import PurchaseCore

// The coded values of a signed transaction, with Apple's names and codes. Each is a struct over its
// raw value, not an enum, so a value Apple adds later decodes as itself instead of failing the whole
// payload; it compares unequal to every named value.

/// What kind of product a transaction is for (`type`).
public struct TransactionType: RawRepresentable, Sendable, Hashable, Codable {
    /// The text in the payload.
    public var rawValue: String
    /// The type named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// An auto-renewable subscription.
    public static let autoRenewable = TransactionType(rawValue: "Auto-Renewable Subscription")
    /// A non-consumable product.
    public static let nonConsumable = TransactionType(rawValue: "Non-Consumable")
    /// A consumable product.
    public static let consumable = TransactionType(rawValue: "Consumable")
    /// A non-renewing subscription.
    public static let nonRenewing = TransactionType(rawValue: "Non-Renewing Subscription")

    /// The type of a product of the core's catalog.
    public init(_ type: ProductType) {
        switch type {
        case .autoRenewable: self = .autoRenewable
        case .nonConsumable: self = .nonConsumable
        case .consumable: self = .consumable
        case .nonRenewing: self = .nonRenewing
        }
    }

    /// The core's product type; `nil` for a type the core does not know.
    public var productType: ProductType? {
        switch self {
        case .autoRenewable: .autoRenewable
        case .nonConsumable: .nonConsumable
        case .consumable: .consumable
        case .nonRenewing: .nonRenewing
        default: nil
        }
    }
}

/// Whether the account bought the product or a family member shares it (`inAppOwnershipType`).
public struct InAppOwnershipType: RawRepresentable, Sendable, Hashable, Codable {
    /// The text in the payload.
    public var rawValue: String
    /// The ownership named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The account bought it.
    public static let purchased = InAppOwnershipType(rawValue: "PURCHASED")
    /// A family member bought it and shares it.
    public static let familyShared = InAppOwnershipType(rawValue: "FAMILY_SHARED")

    /// The ownership of the core's view.
    public init(_ ownership: Ownership) {
        self = ownership == .familyShared ? .familyShared : .purchased
    }

    /// The core's ownership (anything but family shared counts as purchased).
    public var ownership: Ownership { self == .familyShared ? .familyShared : .purchased }
}

/// Why the transaction happened (`transactionReason`).
public struct TransactionReason: RawRepresentable, Sendable, Hashable, Codable {
    /// The text in the payload.
    public var rawValue: String
    /// The reason named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The customer bought, restored or upgraded.
    public static let purchase = TransactionReason(rawValue: "PURCHASE")
    /// An auto-renewable subscription renewed.
    public static let renewal = TransactionReason(rawValue: "RENEWAL")
}

/// Which kind of offer a transaction or renewal uses (`offerType`).
public struct OfferType: RawRepresentable, Sendable, Hashable, Codable {
    /// The code in the payload.
    public var rawValue: Int
    /// The offer type coded `rawValue`.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// An introductory offer.
    public static let introductory = OfferType(rawValue: 1)
    /// A promotional offer.
    public static let promotional = OfferType(rawValue: 2)
    /// An offer code.
    public static let offerCode = OfferType(rawValue: 3)
    /// A win-back offer.
    public static let winBack = OfferType(rawValue: 4)

    /// The offer type of the core's offer kind.
    public init(_ kind: TransactionOffer.Kind) {
        switch kind {
        case .introductory: self = .introductory
        case .promotional: self = .promotional
        case .code: self = .offerCode
        }
    }

    /// The core's offer kind; `nil` for a type the core does not know (win-back, later ones).
    public var offerKind: TransactionOffer.Kind? {
        switch self {
        case .introductory: .introductory
        case .promotional: .promotional
        case .offerCode: .code
        default: nil
        }
    }
}

/// How an offer charges (`offerDiscountType`).
public struct OfferDiscountType: RawRepresentable, Sendable, Hashable, Codable {
    /// The text in the payload.
    public var rawValue: String
    /// The discount type named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Free for a time.
    public static let freeTrial = OfferDiscountType(rawValue: "FREE_TRIAL")
    /// A reduced price each period.
    public static let payAsYouGo = OfferDiscountType(rawValue: "PAY_AS_YOU_GO")
    /// One reduced price for the whole offer.
    public static let payUpFront = OfferDiscountType(rawValue: "PAY_UP_FRONT")
    /// A one-time discounted purchase.
    public static let oneTime = OfferDiscountType(rawValue: "ONE_TIME")

    /// The discount type of the core's payment mode.
    public init(_ mode: IntroductoryOffer.Mode) {
        switch mode {
        case .freeTrial: self = .freeTrial
        case .payAsYouGo: self = .payAsYouGo
        case .payUpFront: self = .payUpFront
        }
    }

    /// The core's payment mode; `nil` for one it does not know.
    public var paymentMode: IntroductoryOffer.Mode? {
        switch self {
        case .freeTrial: .freeTrial
        case .payAsYouGo: .payAsYouGo
        case .payUpFront: .payUpFront
        default: nil
        }
    }
}

/// Why the App Store refunded or revoked a transaction (`revocationReason`).
public struct AppStoreRevocationReason: RawRepresentable, Sendable, Hashable, Codable {
    /// The code in the payload.
    public var rawValue: Int
    /// The reason coded `rawValue`.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Another reason, such as an accidental purchase.
    public static let other = AppStoreRevocationReason(rawValue: 0)
    /// An actual or perceived issue within the app.
    public static let appIssue = AppStoreRevocationReason(rawValue: 1)

    /// The code of the core's reason.
    public init(_ reason: RevocationReason) {
        self = reason == .developerIssue ? .appIssue : .other
    }

    /// The core's reason (any code but 1 is another reason).
    public var revocationReason: RevocationReason { self == .appIssue ? .developerIssue : .other }
}

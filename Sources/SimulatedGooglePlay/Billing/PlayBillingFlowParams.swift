/// How a subscription replaces another (`SubscriptionUpdateParams.ReplacementMode`), with Play's numbers.
public enum PlayReplacementMode: Int, Sendable, Hashable, Codable {
    /// Not set (0): refused as a developer error.
    case unknown = 0
    /// The new plan starts now; the old plan's unused value buys time on it, and billing starts when that
    /// credit runs out (1).
    case withTimeProration = 1
    /// The new plan starts now with the same renewal date; the price difference for the rest of the
    /// period is charged now. Upgrades only (2).
    case chargeProratedPrice = 2
    /// The new plan starts now with the same renewal date, where its price is first charged (3).
    case withoutProration = 3
    /// The new plan starts now and is charged in full, for a full period plus the old plan's unused value
    /// as time (5).
    case chargeFullPrice = 5
    /// The new purchase is made now; the new plan starts, and is charged, when the old one's period ends (6).
    case deferred = 6
}

/// What `launchBillingFlow` is asked to buy (`BillingFlowParams`).
public struct PlayBillingFlowParams: Sendable, Hashable {
    /// The product to buy and, for a subscription, which base plan or offer (`ProductDetailsParams`).
    public struct ProductDetailsParams: Sendable, Hashable {
        /// The product's details, as `queryProductDetails` gave them.
        public var productDetails: PlayProductDetails
        /// For a subscription, the ``PlayProductDetails/SubscriptionOfferDetails/offerToken`` bought.
        public var offerToken: String?

        /// Creates the parameters.
        ///
        /// - Parameters:
        ///   - productDetails: the product's details.
        ///   - offerToken: the offer token (subscriptions).
        public init(productDetails: PlayProductDetails, offerToken: String? = nil) {
            self.productDetails = productDetails
            self.offerToken = offerToken
        }
    }

    /// A subscription replacing one the person has (`SubscriptionUpdateParams`).
    public struct SubscriptionUpdateParams: Sendable, Hashable {
        /// The purchase token of the subscription replaced.
        public var oldPurchaseToken: String
        /// How the new one replaces it.
        public var replacementMode: PlayReplacementMode

        /// Creates the parameters.
        ///
        /// - Parameters:
        ///   - oldPurchaseToken: the replaced purchase's token.
        ///   - replacementMode: the replacement mode.
        public init(oldPurchaseToken: String, replacementMode: PlayReplacementMode) {
            self.oldPurchaseToken = oldPurchaseToken
            self.replacementMode = replacementMode
        }
    }

    /// The products bought; the simulation takes exactly one.
    public var productDetailsParamsList: [ProductDetailsParams]
    /// An obfuscated id of the app's account for the person (at most 64 characters).
    public var obfuscatedAccountId: String?
    /// An obfuscated id of the person's profile in the app (at most 64 characters).
    public var obfuscatedProfileId: String?
    /// How many the person chooses in the purchase dialog (multi-quantity one-time products; default 1).
    public var quantity: Int
    /// Set when a subscription replaces another.
    public var subscriptionUpdateParams: SubscriptionUpdateParams?

    /// Creates the parameters.
    ///
    /// - Parameters:
    ///   - productDetailsParamsList: the product bought.
    ///   - obfuscatedAccountId: the app's obfuscated account id.
    ///   - obfuscatedProfileId: the app's obfuscated profile id.
    ///   - quantity: how many (multi-quantity products).
    ///   - subscriptionUpdateParams: the subscription replaced, if any.
    public init(
        productDetailsParamsList: [ProductDetailsParams], obfuscatedAccountId: String? = nil,
        obfuscatedProfileId: String? = nil, quantity: Int = 1, subscriptionUpdateParams: SubscriptionUpdateParams? = nil
    ) {
        self.productDetailsParamsList = productDetailsParamsList
        self.obfuscatedAccountId = obfuscatedAccountId
        self.obfuscatedProfileId = obfuscatedProfileId
        self.quantity = quantity
        self.subscriptionUpdateParams = subscriptionUpdateParams
    }
}

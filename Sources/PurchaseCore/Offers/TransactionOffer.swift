/// The subscription offer a transaction was charged at (StoreKit 2's `Transaction.offer`): which kind
/// of offer, its identifier and how the person paid.
///
/// A transaction charged at the regular price has no offer. Every transaction of an offer's periods
/// carries it (a pay-as-you-go offer's renewals too); the first renewal at the regular price does not.
public struct TransactionOffer: Sendable, Hashable, Codable {
    /// The kinds of subscription offer, as StoreKit 2's `Transaction.OfferType` names them.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// The product's introductory offer, for new subscribers of its group.
        case introductory
        /// A promotional offer the app's server signed.
        case promotional
        /// An offer code the person redeemed.
        case code
    }

    /// Which kind of offer.
    public var kind: Kind
    /// The promotional offer's identifier, or the offer code's reference name; `nil` for an
    /// introductory offer (StoreKit 2's `Transaction.offer.id`).
    public var id: String?
    /// How the person pays during the offer.
    public var paymentMode: IntroductoryOffer.Mode

    /// Creates an offer.
    public init(kind: Kind, id: String? = nil, paymentMode: IntroductoryOffer.Mode) {
        self.kind = kind
        self.id = id
        self.paymentMode = paymentMode
    }

    /// Whether a receipt says `is_trial_period` `true` for a transaction of this offer: an
    /// introductory free trial.
    public var isTrialPeriod: Bool { kind == .introductory && paymentMode == .freeTrial }

    /// Whether a receipt says `is_in_intro_offer_period` `true`: an introductory offer paid as you
    /// go or up front.
    public var isInIntroOfferPeriod: Bool { kind == .introductory && paymentMode != .freeTrial }
}

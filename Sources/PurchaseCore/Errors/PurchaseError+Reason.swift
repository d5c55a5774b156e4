extension PurchaseError {
    /// A finer cause within a ``Code``, for the failures whose message must say more than the code's: a
    /// ``Code/paymentInvalid`` that is no fault of the person's payment details, say.
    ///
    /// The code stays what a store reports (the tool's JSON, ``isRetryable`` and ``recoveryAction``
    /// follow it); the reason only chooses the message a person sees (`Message(error:)`). Like a code,
    /// a reason's ``name`` is stable and new reasons may be added in any release: compare reasons with
    /// `==` instead of switching over them.
    public struct Reason: Sendable, Hashable, CustomStringConvertible {
        private let kind: Kind

        private init(_ kind: Kind) { self.kind = kind }

        /// The stable name, in lowerCamelCase (`quantityRequiresConsumable`).
        public var name: String { String(describing: kind) }

        /// `name`.
        public var description: String { name }

        private enum Kind: CaseIterable {
            case quantityRequiresConsumable
            case askToBuyDeclined
            case downloadFailed
            case downloadCancelled
            case offerUnavailable
            case offerNotVerified
            case offerCodeInvalid
            case offerCodeRedeemed
            case storeOptionUnavailable
        }

        /// More than one unit was asked of a product that is not a consumable: only consumables can be
        /// bought several at a time. StoreKit refuses such a payment as ``Code/paymentInvalid``.
        public static let quantityRequiresConsumable = Reason(.quantityRequiresConsumable)

        /// The person who approves the purchases of the account (Ask to Buy) declined the request.
        /// StoreKit reports it as ``Code/paymentCancelled``; the person is told it was not approved.
        public static let askToBuyDeclined = Reason(.askToBuyDeclined)

        /// The purchase was delivered but a download of its hosted content failed: the transaction
        /// stays unfinished and its content is downloaded again at the next launch. Reported as
        /// ``Code/storeUnavailable``.
        public static let downloadFailed = Reason(.downloadFailed)

        /// The purchase was delivered but a download of its hosted content was cancelled: the
        /// transaction stays unfinished and its content is downloaded again at the next launch.
        /// Reported as ``Code/storeUnavailable``.
        public static let downloadCancelled = Reason(.downloadCancelled)
        /// The subscription offer the purchase asked for is not one the store has for the product, its
        /// parameters are missing, or its price is not valid in the storefront (StoreKit's
        /// `invalidOfferIdentifier`, `missingOfferParams` and `invalidOfferPrice`, reported as
        /// ``Code/paymentInvalid``). Nothing was charged.
        public static let offerUnavailable = Reason(.offerUnavailable)

        /// The signed promotional offer did not verify: a bad or unknown signature, a nonce already
        /// used, or a signature too old (StoreKit's `invalidSignature`, reported as
        /// ``Code/paymentInvalid``). The app should ask its server to sign the offer again.
        public static let offerNotVerified = Reason(.offerNotVerified)

        /// The offer code is not one the store knows (reported as ``Code/ineligibleForOffer``).
        public static let offerCodeInvalid = Reason(.offerCodeInvalid)

        /// The one-time offer code was redeemed before (reported as ``Code/ineligibleForOffer``).
        public static let offerCodeRedeemed = Reason(.offerCodeRedeemed)

        /// The purchase named, in ``StoreSpecificOptions``, a plan, offer or replacement mode the store
        /// does not have for the product (reported as ``Code/paymentInvalid``). Nothing was charged.
        public static let storeOptionUnavailable = Reason(.storeOptionUnavailable)
    }
}

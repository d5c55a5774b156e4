import Foundation
import PurchaseCore

/// An auto-renewable subscription as the simulated account tracks it, keyed by its original purchase.
struct SubscriptionRecord: Sendable, Hashable {
    /// Where billing stands for the next renewal.
    enum Billing: UInt8, Sendable, Hashable {
        /// Renewals are charged.
        case ok = 0
        /// The last renewal could not be charged; access continues until the grace period ends.
        case gracePeriod = 1
        /// The last renewal could not be charged; access has stopped while the store retries.
        case retry = 2
    }

    var originalNumber: UInt64
    var productIdentifier: String
    var latestNumber: UInt64
    var expiration: Double
    var willAutoRenew: Bool
    var billing: Billing = .ok
    /// When billing first failed (start of the grace period or retry).
    var billingIssueSince: Double?
    var revoked = false
    /// Renewals still to be charged at an offer: the introductory offer's (pay as you go), or
    /// ``periodOffer``'s when it is set.
    var introPeriodsLeft = 0
    /// The promotional offer or offer code the renewals counted by ``introPeriodsLeft`` are charged
    /// at; `nil` for the product's introductory offer. Written last when flag bit 8 is set, so
    /// records of older accounts, which never set it, read as before.
    var periodOffer: TransactionOffer?
    /// Whether it stopped renewing because billing retry ran out (rather than auto-renew turned off).
    var endedForBillingIssue = false
    /// A downgrade or crossgrade waiting for the end of the current period: the transaction
    /// charged for the product that renews next (same original number, its period starting at
    /// ``expiration``). Written after the other fields when flag bit 64 is set, so records of older
    /// accounts, which never set it, read as before.
    var nextNumber: UInt64?
    /// The product that renews at ``expiration`` (`auto_renew_product_id`): the one of ``nextNumber``,
    /// else ``productIdentifier``.
    var nextProductIdentifier: String?

    /// The price renewals stay at while a raise waits for the person's consent (or was declined);
    /// `nil`: renewals are charged the product's price as it stands (raised without consent, or
    /// consented to). Behind flag bit 16, with the price increase's fields.
    var renewalPrice: Price?
    /// A raised price that needs the person's consent and has not got it (``priceConsent`` pending or
    /// declined).
    var raisedPrice: Price?
    /// Where the person stands on a price increase that needs consent.
    var priceConsent: PriceConsent = .none
    /// Whether the price consent sheet for ``raisedPrice`` was shown, or the app asked for it later.
    var consentSheet: ConsentSheet = .notShown
    /// Whether it stopped renewing because the person did not consent to a price increase
    /// (`expiration_intent` 3).
    var endedForPriceIncrease = false

    /// Where the person stands on a price increase that needs consent (`price_consent_status`).
    enum PriceConsent: UInt8, Sendable, Hashable {
        /// No increase needing consent was made.
        case none = 0
        /// Waiting for the person's answer (`price_consent_status` 0).
        case pending = 1
        /// The person agreed; renewals are charged the new price (`price_consent_status` 1).
        case consented = 2
        /// The person declined; the subscription ends with its period (`price_consent_status` 0).
        case declined = 3
    }

    /// Whether the in-app price consent sheet was shown.
    enum ConsentSheet: UInt8, Sendable, Hashable {
        /// Not shown (no increase, or answered).
        case notShown = 0
        /// Shown to the person.
        case shown = 1
        /// The app's delegate asked to show it later (`showPriceConsentIfNeeded`).
        case heldByApp = 2
    }

    /// Drops the price increase and the locked price (the subscription moved to another product).
    mutating func forgetPriceIncrease() {
        renewalPrice = nil
        raisedPrice = nil
        priceConsent = .none
        consentSheet = .notShown
    }

    /// Whether any of the price increase's fields differ from a record without one.
    private var hasPriceFields: Bool {
        renewalPrice != nil || raisedPrice != nil || priceConsent != .none || consentSheet != .notShown
            || endedForPriceIncrease
    }

    /// The product the next renewal is for.
    var renewalProductIdentifier: String { nextProductIdentifier ?? productIdentifier }

    /// Whether the subscription has ended for good (no renewal will come without a new purchase).
    func hasEnded(at now: Double) -> Bool {
        revoked || (!willAutoRenew && expiration <= now)
    }

    func encode(into writer: inout BinaryWriter) {
        writer.varint(originalNumber)
        writer.string(productIdentifier)
        writer.varint(latestNumber)
        writer.double(expiration)
        let pending = nextNumber.flatMap { number in nextProductIdentifier.map { (number, $0) } }
        writer.byte(
            (willAutoRenew ? 1 : 0) | (revoked ? 2 : 0) | (endedForBillingIssue ? 4 : 0) | (periodOffer == nil ? 0 : 8)
                | (hasPriceFields ? 16 : 0) | (pending == nil ? 0 : 64))
        writer.byte(billing.rawValue)
        writer.optionalDouble(billingIssueSince)
        writer.varint(UInt64(max(0, introPeriodsLeft)))
        if let (number, productIdentifier) = pending {
            writer.varint(number)
            writer.string(productIdentifier)
        }
        if let periodOffer {
            writer.byte(periodOffer.kind == .code ? 1 : 0)
            writer.byte(UInt8(Self.offerModes.firstIndex(of: periodOffer.paymentMode) ?? 0))
            writer.optionalString(periodOffer.id)
        }
        if hasPriceFields { encodePriceFields(into: &writer) }
    }

    /// Flag bit 16's fields: a byte saying which prices follow (1 renewal, 2 raised), the consent,
    /// the sheet, whether it ended for the increase, then the prices (amount, currency).
    private func encodePriceFields(into writer: inout BinaryWriter) {
        writer.byte((renewalPrice == nil ? 0 : 1) | (raisedPrice == nil ? 0 : 2))
        writer.byte(priceConsent.rawValue)
        writer.byte(consentSheet.rawValue)
        writer.byte(endedForPriceIncrease ? 1 : 0)
        for price in [renewalPrice, raisedPrice].compactMap({ $0 }) {
            writer.string("\(price.amount)")
            writer.string(price.currencyCode)
        }
    }

    private mutating func decodePriceFields(from reader: inout BinaryReader) throws {
        let present = try reader.byte()
        let consent = try reader.byte()
        let sheet = try reader.byte()
        guard let priceConsent = PriceConsent(rawValue: consent), let consentSheet = ConsentSheet(rawValue: sheet)
        else { throw AccountDecodingError(description: "unknown price consent \(consent) or sheet \(sheet)") }
        self.priceConsent = priceConsent
        self.consentSheet = consentSheet
        endedForPriceIncrease = try reader.byte() != 0
        func price() throws -> Price {
            let text = try reader.string()
            guard let amount = Price.amount(parsing: text) else {
                throw AccountDecodingError(description: "unreadable price \(text)")
            }
            return Price(amount: amount, currencyCode: try reader.string())
        }
        if present & 1 != 0 { renewalPrice = try price() }
        if present & 2 != 0 { raisedPrice = try price() }
    }

    private static let offerModes: [IntroductoryOffer.Mode] = [.freeTrial, .payAsYouGo, .payUpFront]

    init(from reader: inout BinaryReader) throws {
        originalNumber = try reader.varint()
        productIdentifier = try reader.string()
        latestNumber = try reader.varint()
        expiration = try reader.double()
        let flags = try reader.byte()
        willAutoRenew = flags & 1 != 0
        revoked = flags & 2 != 0
        endedForBillingIssue = flags & 4 != 0
        let code = try reader.byte()
        guard let billing = Billing(rawValue: code) else {
            throw AccountDecodingError(description: "unknown billing state \(code)")
        }
        self.billing = billing
        billingIssueSince = try reader.optionalDouble()
        introPeriodsLeft = Int(clamping: try reader.varint())
        if flags & 64 != 0 {
            nextNumber = try reader.varint()
            nextProductIdentifier = try reader.string()
        }
        if flags & 8 != 0 {
            let kind: TransactionOffer.Kind = try reader.byte() == 1 ? .code : .promotional
            let mode = Int(try reader.byte())
            guard mode < Self.offerModes.count else {
                throw AccountDecodingError(description: "unknown offer payment mode \(mode)")
            }
            periodOffer = TransactionOffer(
                kind: kind, id: try reader.optionalString(), paymentMode: Self.offerModes[mode])
        }
        if flags & 16 != 0 { try decodePriceFields(from: &reader) }
    }

    init(originalNumber: UInt64, productIdentifier: String, latestNumber: UInt64, expiration: Double) {
        self.originalNumber = originalNumber
        self.productIdentifier = productIdentifier
        self.latestNumber = latestNumber
        self.expiration = expiration
        self.willAutoRenew = true
    }
}

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
                | (pending == nil ? 0 : 64))
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
    }

    init(originalNumber: UInt64, productIdentifier: String, latestNumber: UInt64, expiration: Double) {
        self.originalNumber = originalNumber
        self.productIdentifier = productIdentifier
        self.latestNumber = latestNumber
        self.expiration = expiration
        self.willAutoRenew = true
    }
}

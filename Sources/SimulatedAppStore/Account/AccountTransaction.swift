import Foundation
import PurchaseCore

/// One transaction as the simulated App Store's account keeps it: lean, numeric, cheap to encode.
struct AccountTransaction: Sendable, Hashable {
    var number: UInt64
    var originalNumber: UInt64
    /// The App Store product identifier (the catalog's store ID for `simulated-app-store`).
    var productIdentifier: String
    var productType: ProductType
    var quantity: Int
    var state: TransactionState
    var date: Double
    var originalDate: Double
    var expiration: Double?
    var revocation: Double?
    /// Whether the refund was for an issue with the app (`cancellation_reason` 1) rather than another reason.
    var revokedForAppIssue = false
    /// 0 not a subscription, 1 will not renew, 2 will renew.
    var autoRenew: UInt8 = 0
    var errorCode: Int?
    var applicationUsername: String?
    var finished = false
    /// A failed interrupted purchase the person has not resolved yet.
    var awaitingResolution = false
    var interrupted = false
    /// The session ended its period early (`expireSubscription`) and the provider adapter has not
    /// had the app finish the changed transaction yet: the adapter hands it back until then.
    var expiryNoticePending = false
    /// The person upgraded within the subscription's group: ``revocation`` is when the upgrade ended
    /// this period (`is_upgraded` in receipts). Flag bit 128; older accounts never set it.
    var upgraded = false
    /// What the person was charged for it (a subscription's renewal: the price it renewed at); `nil`
    /// in records written before prices were kept. Behind flag bit 64, with ``familySource``.
    var price: Price?
    /// For a purchase a family member shares with this account (``Ownership/familyShared``): the
    /// family's key of the purchaser's original purchase (``FamilyPurchaseKey``); `nil` for the
    /// account's own purchases. Behind flag bit 64, with ``price``.
    var familySource: String?

    /// Whether a family member's purchase is shared with this account (`in_app_ownership_type` `FAMILY_SHARED`).
    var isFamilyShared: Bool { familySource != nil }
    /// The subscription offer this transaction was charged at. Flag bit 32, its kind, payment mode
    /// and identifier written after the flags; older accounts never set it.
    var offer: TransactionOffer?

    /// Whether the account forgets the record once it is finished: consumables, failures and
    /// restored copies leave nothing a restore needs (as the App Store's receipt drops finished
    /// consumables). A refunded consumable stays, as the App Store's receipt lists it with its
    /// `cancellation_date`.
    var isDroppedWhenFinished: Bool {
        !awaitingResolution && revocation == nil
            && (productType == .consumable || state == .failed || state == .restored)
    }

    /// Whether the account keeps the finished record among the consumables it can still refund
    /// (``SimulatedAccount/refundableConsumables``): a purchased consumable not refunded.
    var isRefundableWhenFinished: Bool {
        productType == .consumable && state == .purchased && revocation == nil && !awaitingResolution
    }

    func encode(into writer: inout BinaryWriter) {
        writer.varint(number)
        writer.varint(originalNumber)
        writer.string(productIdentifier)
        writer.byte(Self.typeCode(productType))
        writer.signed(Int64(quantity))
        writer.byte(Self.stateCode(state))
        writer.double(date)
        writer.double(originalDate)
        writer.optionalDouble(expiration)
        writer.optionalDouble(revocation)
        writer.byte(autoRenew)
        if let errorCode {
            writer.byte(1)
            writer.signed(Int64(errorCode))
        } else {
            writer.byte(0)
        }
        writer.optionalString(applicationUsername)
        writer.byte(
            (finished ? 1 : 0) | (awaitingResolution ? 2 : 0) | (interrupted ? 4 : 0) | (revokedForAppIssue ? 8 : 0)
                | (expiryNoticePending ? 16 : 0) | (offer == nil ? 0 : 32)
                | (price != nil || familySource != nil ? 64 : 0)
                | (upgraded ? 128 : 0))
        if let offer { Self.encode(offer, into: &writer) }
        if price != nil || familySource != nil { encodePriceAndFamily(into: &writer) }
    }

    /// Flag bit 64's fields: a byte saying which follow (1 the price, 2 the family source), then them.
    private func encodePriceAndFamily(into writer: inout BinaryWriter) {
        writer.byte((price == nil ? 0 : 1) | (familySource == nil ? 0 : 2))
        if let price {
            writer.string("\(price.amount)")
            writer.string(price.currencyCode)
        }
        if let familySource { writer.string(familySource) }
    }

    private mutating func decodePriceAndFamily(from reader: inout BinaryReader) throws {
        let present = try reader.byte()
        if present & 1 != 0 {
            let text = try reader.string()
            guard let amount = Price.amount(parsing: text) else {
                throw AccountDecodingError(description: "unreadable price \(text)")
            }
            price = Price(amount: amount, currencyCode: try reader.string())
        }
        if present & 2 != 0 { familySource = try reader.string() }
    }

    init(from reader: inout BinaryReader) throws {
        number = try reader.varint()
        originalNumber = try reader.varint()
        productIdentifier = try reader.string()
        productType = try Self.type(try reader.byte())
        quantity = try reader.int()
        state = try Self.state(try reader.byte())
        date = try reader.double()
        originalDate = try reader.double()
        expiration = try reader.optionalDouble()
        revocation = try reader.optionalDouble()
        autoRenew = try reader.byte()
        errorCode = try reader.byte() == 0 ? nil : try reader.int()
        applicationUsername = try reader.optionalString()
        let flags = try reader.byte()
        finished = flags & 1 != 0
        awaitingResolution = flags & 2 != 0
        interrupted = flags & 4 != 0
        revokedForAppIssue = flags & 8 != 0
        expiryNoticePending = flags & 16 != 0
        upgraded = flags & 128 != 0
        if flags & 32 != 0 { offer = try Self.decodeOffer(from: &reader) }
        if flags & 64 != 0 { try decodePriceAndFamily(from: &reader) }
    }

    init(
        number: UInt64, originalNumber: UInt64, productIdentifier: String, productType: ProductType, quantity: Int,
        state: TransactionState, date: Double, originalDate: Double
    ) {
        self.number = number
        self.originalNumber = originalNumber
        self.productIdentifier = productIdentifier
        self.productType = productType
        self.quantity = quantity
        self.state = state
        self.date = date
        self.originalDate = originalDate
    }

    private static let offerKinds: [TransactionOffer.Kind] = [.introductory, .promotional, .code]
    private static let offerModes: [IntroductoryOffer.Mode] = [.freeTrial, .payAsYouGo, .payUpFront]

    private static func encode(_ offer: TransactionOffer, into writer: inout BinaryWriter) {
        writer.byte(UInt8(offerKinds.firstIndex(of: offer.kind) ?? 0))
        writer.byte(UInt8(offerModes.firstIndex(of: offer.paymentMode) ?? 0))
        writer.optionalString(offer.id)
    }

    private static func decodeOffer(from reader: inout BinaryReader) throws -> TransactionOffer {
        let kind = Int(try reader.byte())
        let mode = Int(try reader.byte())
        guard kind < offerKinds.count, mode < offerModes.count else {
            throw AccountDecodingError(description: "unknown offer \(kind)/\(mode)")
        }
        return TransactionOffer(kind: offerKinds[kind], id: try reader.optionalString(), paymentMode: offerModes[mode])
    }

    private static let types: [ProductType] = [.consumable, .nonConsumable, .autoRenewable, .nonRenewing]
    private static let states: [TransactionState] = [.purchasing, .purchased, .restored, .deferred, .failed]

    private static func typeCode(_ type: ProductType) -> UInt8 { UInt8(types.firstIndex(of: type) ?? 0) }
    private static func stateCode(_ state: TransactionState) -> UInt8 { UInt8(states.firstIndex(of: state) ?? 0) }

    private static func type(_ code: UInt8) throws -> ProductType {
        guard Int(code) < types.count else { throw AccountDecodingError(description: "unknown product type \(code)") }
        return types[Int(code)]
    }

    private static func state(_ code: UInt8) throws -> TransactionState {
        guard Int(code) < states.count else { throw AccountDecodingError(description: "unknown state \(code)") }
        return states[Int(code)]
    }
}

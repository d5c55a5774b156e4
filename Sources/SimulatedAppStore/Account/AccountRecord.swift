import Foundation
import PurchaseCore

/// One change to the simulated account, as it is applied in memory and written to the journal.
///
/// Binary layout: a tag byte, then the payload (see ``BinaryWriter``). Tags are never reused.
enum AccountRecord: Sendable, Hashable {
    /// Inserts or replaces a transaction.
    case put(AccountTransaction)
    /// The app finished a transaction.
    case finish(UInt64)
    /// Inserts or replaces a subscription.
    case subscription(SubscriptionRecord)
    /// How many purchase attempts a product has had.
    case attempts(productIdentifier: String, count: Int)
    /// Forgets every transaction and subscription (the test session's clear); keeps numbering.
    case clear
    /// The App Store sells a product at another price in a storefront from now on (a price increase).
    case priceChange(productIdentifier: String, storefront: String, price: Price)
    /// The account's place in a family (Family Sharing), or `nil` once it left.
    case family(FamilyMembershipRecord?)
    /// A promotional offer's nonce the store accepted: never accepted again.
    case offerNonce(UUID)
    /// A one-time offer code redeemed (uppercased): never redeemed again.
    case offerCode(String)
    /// The account's app transaction (its download of the app) began: its original purchase date.
    case appTransaction(originalPurchaseDate: Double)
    /// The App Store Server API extended a subscription's renewal date (``RenewalExtensionRecord``).
    case renewalExtension(RenewalExtensionRecord)

    private enum Tag: UInt8 {
        case put = 1
        case finish = 2
        case subscription = 3
        case attempts = 4
        case clear = 5
        case priceChange = 10
        case family = 11
        case offerNonce = 6
        case offerCode = 7
        case appTransaction = 12
        case renewalExtension = 16
    }

    func encode(into writer: inout BinaryWriter) {
        switch self {
        case .put(let transaction):
            writer.byte(Tag.put.rawValue)
            transaction.encode(into: &writer)
        case .finish(let number):
            writer.byte(Tag.finish.rawValue)
            writer.varint(number)
        case .subscription(let subscription):
            writer.byte(Tag.subscription.rawValue)
            subscription.encode(into: &writer)
        case .attempts(let productIdentifier, let count):
            writer.byte(Tag.attempts.rawValue)
            writer.string(productIdentifier)
            writer.signed(Int64(count))
        case .clear:
            writer.byte(Tag.clear.rawValue)
        case .priceChange(let productIdentifier, let storefront, let price):
            writer.byte(Tag.priceChange.rawValue)
            writer.string(productIdentifier)
            writer.string(storefront)
            writer.string("\(price.amount)")
            writer.string(price.currencyCode)
        case .family(let membership):
            writer.byte(Tag.family.rawValue)
            if let membership {
                writer.byte(1)
                membership.encode(into: &writer)
            } else {
                writer.byte(0)
            }
        case .offerNonce(let nonce):
            writer.byte(Tag.offerNonce.rawValue)
            writer.string(nonce.uuidString)
        case .offerCode(let code):
            writer.byte(Tag.offerCode.rawValue)
            writer.string(code)
        case .appTransaction(let date):
            writer.byte(Tag.appTransaction.rawValue)
            writer.double(date)
        case .renewalExtension(let extensionRecord):
            writer.byte(Tag.renewalExtension.rawValue)
            extensionRecord.encode(into: &writer)
        }
    }

    var data: Data {
        var writer = BinaryWriter()
        encode(into: &writer)
        return writer.data
    }

    init(from reader: inout BinaryReader) throws {
        let raw = try reader.byte()
        guard let tag = Tag(rawValue: raw) else { throw AccountDecodingError(description: "unknown record tag \(raw)") }
        switch tag {
        case .put: self = .put(try AccountTransaction(from: &reader))
        case .finish: self = .finish(try reader.varint())
        case .subscription: self = .subscription(try SubscriptionRecord(from: &reader))
        case .attempts: self = .attempts(productIdentifier: try reader.string(), count: try reader.int())
        case .clear: self = .clear
        case .priceChange:
            let productIdentifier = try reader.string()
            let storefront = try reader.string()
            let text = try reader.string()
            guard let amount = Price.amount(parsing: text) else {
                throw AccountDecodingError(description: "unreadable price \(text)")
            }
            self = .priceChange(
                productIdentifier: productIdentifier, storefront: storefront,
                price: Price(amount: amount, currencyCode: try reader.string()))
        case .family:
            self = .family(try reader.byte() == 0 ? nil : try FamilyMembershipRecord(from: &reader))
        case .offerNonce:
            let text = try reader.string()
            guard let nonce = UUID(uuidString: text) else {
                throw AccountDecodingError(description: "not a nonce: \(text)")
            }
            self = .offerNonce(nonce)
        case .offerCode: self = .offerCode(try reader.string())
        case .appTransaction: self = .appTransaction(originalPurchaseDate: try reader.double())
        case .renewalExtension: self = .renewalExtension(try RenewalExtensionRecord(from: &reader))
        }
    }
}

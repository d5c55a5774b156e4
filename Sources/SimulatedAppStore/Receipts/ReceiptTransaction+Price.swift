import Foundation
public import PurchaseCore

extension ReceiptTransaction {
    /// ``price`` and ``currency`` from a price (`nil` leaves both out), the amount in milliunits.
    public mutating func setPrice(_ price: Price?) {
        guard let price else {
            self.price = nil
            currency = nil
            return
        }
        var milliunits = price.amount * 1000
        var rounded = Decimal()
        NSDecimalRound(&rounded, &milliunits, 0, .plain)
        self.price = Int64(exactly: NSDecimalNumber(decimal: rounded).int64Value)
        currency = price.currencyCode
    }

    /// ``price`` as an amount of ``currency``, or `nil` when the entry has no price.
    public var chargedPrice: Price? {
        guard let price, let currency else { return nil }
        return Price(amount: Decimal(price) / 1000, currencyCode: currency)
    }
}

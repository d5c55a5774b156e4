public import Foundation

/// The JSON body a client posts to verifyReceipt: `receipt-data`, `password`,
/// `exclude-old-transactions`.
public struct VerifyReceiptRequest: Sendable, Hashable {
    /// `receipt-data`: the receipt's bytes in base64.
    public var receiptData: String
    /// `password`: the app's shared secret (needed for receipts with auto-renewable subscriptions).
    public var password: String?
    /// `exclude-old-transactions`: answer only the latest renewal of each subscription.
    public var excludeOldTransactions: Bool

    /// Creates a request.
    public init(receiptData: String, password: String? = nil, excludeOldTransactions: Bool = false) {
        self.receiptData = receiptData
        self.password = password
        self.excludeOldTransactions = excludeOldTransactions
    }

    /// The request body as JSON.
    public func jsonData() -> Data {
        var object: [String: Any] = ["receipt-data": receiptData]
        if let password { object["password"] = password }
        if excludeOldTransactions { object["exclude-old-transactions"] = true }
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data()
    }

    /// Reads a request body as a server would, or says which status refuses it: 21000 when the body
    /// is not a JSON object, 21002 when `receipt-data` is missing or not a string.
    public init(jsonData: Data) throws(VerifyReceiptStatusError) {
        guard (try? VerifyReceiptDecodingError.checkObject(jsonData)) != nil,
            let object = try? JSONSerialization.jsonObject(with: jsonData) as? [String: Any]
        else { throw VerifyReceiptStatusError(status: .badRequest) }
        guard let receiptData = object["receipt-data"] as? String, !receiptData.isEmpty else {
            throw VerifyReceiptStatusError(status: .malformedReceiptData)
        }
        self.receiptData = receiptData
        self.password = object["password"] as? String
        switch object["exclude-old-transactions"] {
        case let flag as Bool: excludeOldTransactions = flag
        case let text as String: excludeOldTransactions = text == "true"
        default: excludeOldTransactions = false
        }
    }
}

/// A request refused with a verifyReceipt status.
public struct VerifyReceiptStatusError: Error, Sendable, Hashable {
    /// The status the service answers.
    public var status: VerifyReceiptStatus

    /// Creates the error.
    public init(status: VerifyReceiptStatus) {
        self.status = status
    }
}

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

    /// The request body as JSON, keys sorted: `{"exclude-old-transactions":true,"password":"…",
    /// "receipt-data":"…"}` (absent keys left out).
    public func jsonData() -> Data {
        // Written directly: a receipt's base64 is most of the body, and Foundation's serializer
        // takes far longer over it than the rest of a verification.
        var json: [UInt8] = []
        json.reserveCapacity(receiptData.utf8.count + 96)
        json += Array("{".utf8)
        if excludeOldTransactions { json += Array("\"exclude-old-transactions\":true,".utf8) }
        if let password {
            json += Array("\"password\":".utf8)
            Self.appendString(password, to: &json)
            json.append(UInt8(ascii: ","))
        }
        json += Array("\"receipt-data\":".utf8)
        Self.appendString(receiptData, to: &json)
        json.append(UInt8(ascii: "}"))
        return Data(json)
    }

    /// Appends `text` as a JSON string: quotes, backslashes and control characters escaped.
    private static func appendString(_ text: String, to json: inout [UInt8]) {
        json.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                json += [UInt8(ascii: "\\"), byte]
            case 0..<0x20:
                let digits = Array("0123456789abcdef".utf8)
                json += Array("\\u00".utf8) + [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
            default:
                json.append(byte)
            }
        }
        json.append(UInt8(ascii: "\""))
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

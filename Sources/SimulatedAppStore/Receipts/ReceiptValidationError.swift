/// Why receipt bytes were refused, with the verifyReceipt status that reports it.
public enum ReceiptValidationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes are not a receipt: bad base64, wrong format, or a payload that is not a receipt
    /// (verifyReceipt 21002).
    case malformed(String)
    /// The signature does not match the contents: the receipt was altered or signed by another key
    /// (verifyReceipt 21003).
    case signatureInvalid

    /// The verifyReceipt status for this failure: 21002 or 21003.
    public var verifyReceiptStatus: VerifyReceiptStatus {
        switch self {
        case .malformed: .malformedReceiptData
        case .signatureInvalid: .notAuthenticated
        }
    }

    /// A sentence for logs.
    public var description: String {
        switch self {
        case .malformed(let reason): "malformed receipt: \(reason)"
        case .signatureInvalid: "the receipt's signature does not verify"
        }
    }
}

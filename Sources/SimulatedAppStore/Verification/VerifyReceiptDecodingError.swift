import Foundation

/// A verifyReceipt body (or notification) could not be decoded: it is not JSON, not an object, or
/// lacks or mistypes a required field.
public struct VerifyReceiptDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why, in English, naming the offending key path when there is one (`latest_receipt_info[2].quantity`).
    public var reason: String

    /// Creates the error.
    public init(reason: String) {
        self.reason = reason
    }

    /// `reason`.
    public var description: String { reason }

    /// Throws unless the first significant character of `data` opens a JSON object.
    static func checkObject(_ data: Data) throws(VerifyReceiptDecodingError) {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            throw VerifyReceiptDecodingError(reason: "the body is empty")
        }
        guard first == UInt8(ascii: "{") else {
            throw VerifyReceiptDecodingError(reason: "the body is not a JSON object")
        }
    }

    /// Describes a `DecodingError` by its key path.
    init(decoding error: any Error) {
        guard let error = error as? DecodingError else {
            self.init(reason: "not valid JSON: \(error)")
            return
        }
        func path(_ context: DecodingError.Context) -> String {
            var text = ""
            for key in context.codingPath {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
                }
            }
            return text.isEmpty ? "the body" : text
        }
        switch error {
        case .keyNotFound(let key, let context):
            let where_ = path(context)
            self.init(reason: "\(where_ == "the body" ? "" : where_ + ": ")missing '\(key.stringValue)'")
        case .typeMismatch(_, let context):
            self.init(reason: "\(path(context)): \(context.debugDescription)")
        case .valueNotFound(_, let context):
            self.init(reason: "\(path(context)): missing value")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                self.init(reason: "not valid JSON")
            } else {
                self.init(reason: "\(path(context)): \(context.debugDescription)")
            }
        @unknown default:
            self.init(reason: "not a verifyReceipt body")
        }
    }
}

import PurchaseCore
import PurchaseKit

extension Console {
    /// Why a verifyReceipt body, or a part of it, could not be read, in the console's language:
    /// `field: reason` (`in_app[0].purchase_date_ms：日付が範囲外です…`), or the reason alone for the
    /// body as a whole. `part` names the field when the error names none (a skipped part).
    ///
    /// ``VerifyReceiptDecodingError/reason`` is English, for logs and `--json`; a person gets the text
    /// for its ``VerifyReceiptDecodingError/problem`` from the message tables
    /// (`tool.receipt.decoding.*`). Only the JSON reader's own words (``VerifyReceiptDecodingError/Problem/detail``)
    /// stay English, in parentheses after that text.
    func text(of error: VerifyReceiptDecodingError, part: String? = nil) -> String {
        var reason = text(Self.reason(for: error.problem))
        if let detail = error.problem.detail { reason += " (\(detail))" }
        guard let field = error.path ?? part else { return reason }
        return text(.keyed(.toolReceiptField, arguments: [.text(field), .text(reason)]))
    }

    /// What is wrong with the body or the field, in words the tables translate.
    static func reason(for problem: VerifyReceiptDecodingError.Problem) -> PurchaseCore.Message {
        switch problem {
        case .emptyBody: .keyed(.toolReceiptDecodingEmptyBody, arguments: [])
        case .notAnObject: .keyed(.toolReceiptDecodingNotAnObject, arguments: [])
        case .notJSON: .keyed(.toolReceiptDecodingNotJSON, arguments: [])
        case .missingKey(let key): .keyed(.toolReceiptDecodingMissingKey, arguments: [.text(key)])
        case .missingValue: .keyed(.toolReceiptDecodingMissingValue, arguments: [])
        case .expectedStringOrWholeNumber: .keyed(.toolReceiptDecodingExpectedStringOrWholeNumber, arguments: [])
        case .expectedWholeNumber: .keyed(.toolReceiptDecodingExpectedWholeNumber, arguments: [])
        case .expectedBoolean: .keyed(.toolReceiptDecodingExpectedBoolean, arguments: [])
        case .expectedJSONInteger: .keyed(.toolReceiptDecodingExpectedJSONInteger, arguments: [])
        case .wrongType: .keyed(.toolReceiptDecodingWrongType, arguments: [])
        case .dateOutOfRange: .keyed(.toolReceiptDecodingDateOutOfRange, arguments: [])
        case .quantityOutOfRange: .keyed(.toolReceiptDecodingQuantityOutOfRange, arguments: [])
        case .invalidValue: .keyed(.toolReceiptDecodingInvalidValue, arguments: [])
        case .notABody: .keyed(.toolReceiptDecodingNotABody, arguments: [])
        }
    }
}

import Foundation

/// A verifyReceipt body (or notification, or a part of one) could not be decoded: it is not JSON,
/// not an object, or lacks or mistypes a field.
///
/// ``problem`` says why, as a value a program can switch on (with a `default`: new cases may be
/// added) and that a program showing errors to people words in their language; ``path`` names the
/// field (`latest_receipt_info[2].quantity`); ``reason`` says both in English.
public struct VerifyReceiptDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why a body or a part of it could not be decoded. New cases may be added.
    public enum Problem: Sendable, Hashable, CustomStringConvertible {
        /// The body has no bytes but white space.
        case emptyBody
        /// The body is JSON but not an object.
        case notAnObject
        /// The body is not JSON; `detail` is the JSON reader's own words (English), when it gives them.
        case notJSON(detail: String?)
        /// A required key is missing: its name.
        case missingKey(String)
        /// A value is `null` or missing where one is required.
        case missingValue
        /// The value is neither a string nor a whole number.
        case expectedStringOrWholeNumber
        /// The value is not a whole number (nor a string holding one).
        case expectedWholeNumber
        /// The value is not a boolean (`true`/`false`, `1`/`0`, or those as strings).
        case expectedBoolean
        /// The value is not a JSON integer (`status`, which may not be a string).
        case expectedJSONInteger
        /// The value has a type the field cannot have; `detail` is the JSON decoder's own words (English).
        case wrongType(detail: String)
        /// A date outside what receipts carry (``AppReceipt/dateRange``).
        case dateOutOfRange
        /// A `quantity` that is negative or too large.
        case quantityOutOfRange
        /// The value cannot be read; `detail` is the JSON decoder's own words (English).
        case invalidValue(detail: String)
        /// The JSON decoder failed in a way this version does not know.
        case notABody

        /// The problem in English (without the field's path).
        public var description: String {
            switch self {
            case .emptyBody: "the body is empty"
            case .notAnObject: "the body is not a JSON object"
            case .notJSON(let detail): "not valid JSON" + (detail.map { ": \($0)" } ?? "")
            case .missingKey(let key): "missing '\(key)'"
            case .missingValue: "missing value"
            case .expectedStringOrWholeNumber: "expected a string or whole number"
            case .expectedWholeNumber: "expected a whole number"
            case .expectedBoolean: "expected a boolean"
            case .expectedJSONInteger: "must be a JSON integer"
            case .wrongType(let detail), .invalidValue(let detail): detail
            case .dateOutOfRange:
                "the date is out of range; receipts carry dates from 0000-01-01T00:00:00Z to 9999-12-31T23:59:59Z"
            case .quantityOutOfRange: "quantity out of range"
            case .notABody: "not a verifyReceipt body"
            }
        }

        /// The JSON reader's or decoder's own words that come with the problem (English), if any: what a
        /// message in another language shows in parentheses after its own sentence.
        public var detail: String? {
            switch self {
            case .notJSON(let detail): detail
            case .wrongType(let detail), .invalidValue(let detail): detail
            default: nil
            }
        }
    }

    /// Why.
    public var problem: Problem
    /// The field concerned (`latest_receipt_info[2].quantity`), or `nil` for the body as a whole.
    public var path: String?

    /// Creates the error.
    public init(_ problem: Problem, path: String? = nil) {
        self.problem = problem
        self.path = path
    }

    /// Why, in English, naming the field when there is one (`latest_receipt_info[2].quantity:
    /// expected a whole number`).
    public var reason: String {
        switch problem {
        case .emptyBody, .notAnObject, .notJSON, .notABody: problem.description
        case .missingKey: (path.map { $0 + ": " } ?? "") + problem.description
        default: "\(path ?? "the body"): \(problem.description)"
        }
    }

    /// `reason`.
    public var description: String { reason }

    /// Throws unless the first significant character of `data` opens a JSON object.
    static func checkObject(_ data: Data) throws(VerifyReceiptDecodingError) {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            throw VerifyReceiptDecodingError(.emptyBody)
        }
        guard first == UInt8(ascii: "{") else {
            throw VerifyReceiptDecodingError(.notAnObject)
        }
    }

    /// Describes a `DecodingError` by its key path; the decoders of this module put the ``Problem`` of
    /// the values they refuse in the error's context (``FieldProblem``).
    init(decoding error: any Error) {
        guard let error = error as? DecodingError else {
            self.init(.notJSON(detail: "\(error)"))
            return
        }
        func path(_ context: DecodingError.Context) -> String? {
            var text = ""
            for key in context.codingPath {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
                }
            }
            return text.isEmpty ? nil : text
        }
        func own(_ context: DecodingError.Context) -> Problem? {
            (context.underlyingError as? FieldProblem)?.problem
        }
        switch error {
        case .keyNotFound(let key, let context):
            self.init(.missingKey(key.stringValue), path: path(context))
        case .typeMismatch(_, let context):
            self.init(own(context) ?? .wrongType(detail: context.debugDescription), path: path(context))
        case .valueNotFound(_, let context):
            self.init(.missingValue, path: path(context))
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                self.init(.notJSON(detail: nil))
            } else {
                self.init(own(context) ?? .invalidValue(detail: context.debugDescription), path: path(context))
            }
        @unknown default:
            self.init(.notABody)
        }
    }
}

/// The ``VerifyReceiptDecodingError/Problem`` of a value this module's decoders refuse, carried as the
/// underlying error of the `DecodingError` they throw (whose `debugDescription` is the problem in
/// English).
struct FieldProblem: Error, Sendable {
    var problem: VerifyReceiptDecodingError.Problem

    /// A decoding context at `codingPath` for this problem.
    static func context(_ problem: VerifyReceiptDecodingError.Problem, at codingPath: [any CodingKey])
        -> DecodingError.Context
    {
        DecodingError.Context(
            codingPath: codingPath, debugDescription: problem.description,
            underlyingError: FieldProblem(problem: problem))
    }
}

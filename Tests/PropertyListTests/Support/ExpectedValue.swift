import Foundation
import PropertyList

/// A value decoded from the conformance suite's `expected_values.json` (the tagged JSON of
/// DESIGN.md), compared with what the reader produced. Test-only and independent of the product's
/// own tagged-JSON code, so that it can check it.
indirect enum ExpectedValue: Decodable, CustomStringConvertible {
    case dictionary([String: ExpectedValue])
    case array([ExpectedValue])
    case string(String)
    case integer(PropertyListInteger)
    case real(Double)
    case boolean(Bool)
    /// The `$date` text, and `$timeIntervalSinceReferenceDate` when the suite records it.
    case date(String, Double?)
    case data(Data)

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) {
            self = .boolean(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(PropertyListInteger(value))
        } else if let value = try? container.decode(Double.self) {
            self = .real(value)
        } else if let value = try? container.decode([ExpectedValue].self) {
            self = .array(value)
        } else {
            let object = try container.decode([String: ExpectedValue].self)
            self = try Self.tagged(object) ?? .dictionary(object)
        }
    }

    private static func tagged(_ object: [String: ExpectedValue]) throws -> ExpectedValue? {
        if object.count == 1, case .string(let text) = object["$int"] {
            let negative = text.hasPrefix("-")
            guard let magnitude = UInt64(negative ? String(text.dropFirst()) : text),
                let value = PropertyListInteger(isNegative: negative, magnitude: magnitude)
            else { throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "bad $int \(text)")) }
            return .integer(value)
        }
        if object.count == 1, case .string(let text) = object["$real"], let value = Double(text) {
            return .real(value)
        }
        if object.count == 1, case .string(let text) = object["$data"], let value = Data(base64Encoded: text) {
            return .data(value)
        }
        if case .string(let text) = object["$date"] {
            var interval: Double?
            switch object["$timeIntervalSinceReferenceDate"] {
            case .integer(let number): interval = number.int64Value.map(Double.init)
            case .real(let number): interval = number
            default: break
            }
            return .date(text, interval)
        }
        return nil
    }

    var description: String {
        switch self {
        case .dictionary(let object): "\(object)"
        case .array(let items): "\(items)"
        case .string(let text): "\"\(text)\""
        case .integer(let number): "\(number)"
        case .real(let number): "\(number)"
        case .boolean(let flag): "\(flag)"
        case .date(let text, let interval): "date \(text) \(interval.map { "\($0)" } ?? "")"
        case .data(let bytes): "data \(bytes.base64EncodedString())"
        }
    }

    /// Why `actual` differs from the expectation, or `nil` when they agree. Dictionaries compare
    /// as maps with the last duplicate key winning (JSON objects lose order and duplicates).
    func mismatch(with actual: PropertyListValue, at path: String = "$") -> String? {
        switch (self, actual) {
        case (.dictionary(let expected), .dictionary(let entries)):
            var map: [String: PropertyListValue] = [:]
            for entry in entries { map[entry.key] = entry.value.value }
            guard Set(map.keys) == Set(expected.keys) else {
                return "\(path): keys \(map.keys.sorted()) instead of \(expected.keys.sorted())"
            }
            for (key, value) in expected {
                if let problem = value.mismatch(with: map[key]!, at: "\(path).\(key)") { return problem }
            }
            return nil
        case (.array(let expected), .array(let nodes)):
            guard expected.count == nodes.count else { return "\(path): \(nodes.count) items, not \(expected.count)" }
            for (index, item) in expected.enumerated() {
                if let problem = item.mismatch(with: nodes[index].value, at: "\(path)[\(index)]") { return problem }
            }
            return nil
        case (.string(let expected), .string(let value)) where expected == value: return nil
        case (.integer(let expected), .integer(let value)) where expected == value: return nil
        case (.real(let expected), .real(let value)) where PropertyListValue.real(expected) == .real(value): return nil
        case (.boolean(let expected), .boolean(let value)) where expected == value: return nil
        case (.data(let expected), .data(let value)) where expected == value: return nil
        case (.date(let text, let interval), .date(let value)):
            return Self.dateMismatch(text: text, interval: interval, actual: value, at: path)
        default:
            return "\(path): \(actual) instead of \(self)"
        }
    }

    /// Dates are checked against Foundation's own reading of the `$date` text on this platform,
    /// and against the recorded seconds for dates of the Gregorian era (from 1583). Before that,
    /// Apple's platforms switch to the Julian calendar while swift-corelibs-foundation, and this
    /// reader, stay proleptic Gregorian; the suite's seconds for year 0000 come from Apple's.
    private static func dateMismatch(text: String, interval: Double?, actual: Date, at path: String) -> String? {
        let document = Data("<date>\(text)</date>".utf8)
        guard let foundation = try? PropertyListSerialization.propertyList(from: document, format: nil) as? Date else {
            return "\(path): Foundation cannot read the expected date \(text)"
        }
        if foundation != actual { return "\(path): \(actual) instead of \(text) (\(foundation))" }
        if let interval, let year = Int(text.prefix(4)), year >= 1583,
            interval != actual.timeIntervalSinceReferenceDate
        {
            return "\(path): \(actual.timeIntervalSinceReferenceDate) s instead of \(interval) s"
        }
        return nil
    }
}

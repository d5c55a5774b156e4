public import Foundation

/// An int64 as Google's JSON sends it: a decimal string (`"1767225600000"`). A JSON number is accepted
/// too, as long as it is a whole number within range; anything else is refused with a decoding error
/// naming the field.
public struct PlayInt64: Sendable, Hashable, Codable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    /// The value.
    public var value: Int64

    /// The value `value`.
    public init(_ value: Int64) { self.value = value }

    /// The value of an integer literal.
    public init(integerLiteral value: Int64) { self.value = value }

    /// Decodes a decimal string or a whole JSON number.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            guard let number = Int64(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "\"\(text)\" is not a decimal int64")
            }
            value = number
        } else {
            value = try container.decode(Int64.self)
        }
    }

    /// Encodes the value as a decimal string, as Google does.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(String(value))
    }

    /// The value read as milliseconds since 1970.
    public var millisecondsDate: Date { Date(timeIntervalSince1970: Double(value) / 1000) }

    /// The decimal text.
    public var description: String { String(value) }
}

/// An RFC 3339 time as Google's JSON sends it (`"2026-01-01T00:00:00.123Z"`, fractional seconds
/// optional, `Z` or an offset); anything else is refused with a decoding error naming the field.
public struct PlayTimestamp: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The instant.
    public var date: Date

    /// The instant `date`.
    public init(_ date: Date) { self.date = date }

    /// Decodes an RFC 3339 string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = Self.parse(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(text)\" is not an RFC 3339 time")
        }
        self.date = date
    }

    /// Encodes the instant in UTC with milliseconds and `Z`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// The text in UTC with milliseconds and `Z`.
    public var description: String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    /// The instant `text` names, or nil when it is not RFC 3339.
    public static func parse(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }
}

public import Foundation

/// A length of time written as an ISO 8601 duration with one unit: `P3D`, `P1W`, `P1M`, `P3M`, `P1Y`.
///
/// Periods are calendar lengths, not fixed numbers of seconds: one month from January 31 is the last day
/// of February. ``added(to:count:)`` does that arithmetic in the Gregorian calendar in UTC so results do
/// not depend on the machine's time zone.
public struct SubscriptionPeriod: Sendable, Hashable, Codable, CustomStringConvertible, LosslessStringConvertible {
    /// The unit a period counts in.
    public enum Unit: String, Sendable, Hashable, Codable, CaseIterable {
        /// Calendar days (`D`).
        case day = "D"
        /// Weeks of seven days (`W`).
        case week = "W"
        /// Calendar months (`M`).
        case month = "M"
        /// Calendar years (`Y`).
        case year = "Y"
    }

    /// The largest count a period may have (enough for 9999 days or years).
    public static let maximumValue = 9999

    /// How many units; always between 1 and ``maximumValue`` for a parsed period.
    public var value: Int
    /// The unit.
    public var unit: Unit

    /// Creates a period of `value` units.
    public init(value: Int, unit: Unit) {
        self.value = value
        self.unit = unit
    }

    /// Parses an ISO 8601 duration with exactly one date unit: `P`, then 1 to 4 ASCII digits making a
    /// number from 1 to 9999, then `D`, `W`, `M` or `Y` (upper case). Returns `nil` for anything else,
    /// including combined forms (`P1Y2M`), time parts (`PT1H`), zero, signs, fractions and spaces.
    public init?(_ description: String) {
        let bytes = description.utf8
        guard bytes.count >= 3, bytes.count <= 6, bytes.first == UInt8(ascii: "P"),
            let unit = Unit(rawValue: String(description.suffix(1)))
        else { return nil }
        var value = 0
        for byte in bytes.dropFirst().dropLast() {
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        guard value >= 1 else { return nil }
        self.value = value
        self.unit = unit
    }

    /// The canonical ISO 8601 form, e.g. `P1M` (leading zeros dropped).
    public var description: String { "P\(value)\(unit.rawValue)" }

    /// The Gregorian calendar in UTC that period arithmetic uses.
    public static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// The date `count` periods after `date` (before it for a negative count), in the Gregorian calendar
    /// in UTC. One month after January 31 is February 28 (or 29).
    public func added(to date: Date, count: Int = 1) -> Date {
        let amount = value * count
        var components = DateComponents()
        switch unit {
        case .day: components.day = amount
        case .week: components.day = amount * 7
        case .month: components.month = amount
        case .year: components.year = amount
        }
        // A Gregorian calendar in UTC can always add whole days, months and years.
        return Self.calendar.date(byAdding: components, to: date) ?? date
    }

    /// Encodes the period as its ISO 8601 text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Decodes a period from its ISO 8601 text, failing for text ``init(_:)`` rejects.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let period = SubscriptionPeriod(text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "'\(text)' is not an ISO 8601 duration such as P1M"
            )
        }
        self = period
    }
}

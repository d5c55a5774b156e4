public import Foundation

/// A moment as App Store signed data writes it: whole milliseconds since 1970-01-01 UTC, encoded as
/// a JSON integer.
///
/// Keeping the integer (not a `Date`) makes a decoded payload encode back to the same number, so
/// what a store signed and what a verifier reads never differ by a rounding.
public struct AppStoreDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Milliseconds since 1970-01-01 00:00:00 UTC.
    public var milliseconds: Int64

    /// The moment `milliseconds` after 1970-01-01 00:00:00 UTC.
    public init(milliseconds: Int64) {
        self.milliseconds = milliseconds
    }

    /// `date`, truncated to the millisecond (toward the past).
    public init(_ date: Date) {
        self.milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }

    /// The moment as a `Date`.
    public var date: Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }

    /// The milliseconds, as Apple's payloads print them.
    public var description: String { String(milliseconds) }

    /// Whether `lhs` is earlier than `rhs`.
    public static func < (lhs: AppStoreDate, rhs: AppStoreDate) -> Bool { lhs.milliseconds < rhs.milliseconds }

    /// Reads a JSON integer.
    public init(from decoder: any Decoder) throws {
        self.milliseconds = try decoder.singleValueContainer().decode(Int64.self)
    }

    /// Writes a JSON integer.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(milliseconds)
    }
}

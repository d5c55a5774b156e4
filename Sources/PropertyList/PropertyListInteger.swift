/// An integer as property lists hold it: any value from `Int64.min` to `UInt64.max`.
///
/// Apple's property lists store integers as 128-bit values on disk but only the signed and unsigned
/// 64-bit ranges round-trip through Foundation. Two integers are equal when they denote the same
/// number, whichever range they were written in.
public struct PropertyListInteger: Sendable, Hashable, CustomStringConvertible {
    /// The magnitude of the number.
    public let magnitude: UInt64
    /// Whether the number is below zero. Never `true` for a magnitude of zero.
    public let isNegative: Bool

    /// Creates an integer from a signed value.
    public init(_ value: Int64) {
        self.magnitude = value.magnitude
        self.isNegative = value < 0
    }

    /// Creates an integer from an unsigned value.
    public init(_ value: UInt64) {
        self.magnitude = value
        self.isNegative = false
    }

    /// Creates an integer from a sign and a magnitude, or `nil` when it lies below `Int64.min`.
    public init?(isNegative: Bool, magnitude: UInt64) {
        if isNegative && magnitude > UInt64(Int64.max) + 1 { return nil }
        self.magnitude = magnitude
        self.isNegative = isNegative && magnitude != 0
    }

    /// The value as an `Int64`, or `nil` when it is above `Int64.max`.
    public var int64Value: Int64? {
        if isNegative {
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }

    /// The value as a `UInt64`, or `nil` when it is negative.
    public var uint64Value: UInt64? { isNegative ? nil : magnitude }

    /// The value as an `Int`, or `nil` when it does not fit.
    public var intValue: Int? { int64Value.flatMap { Int(exactly: $0) } }

    /// The decimal form, with a leading `-` for negative numbers.
    public var description: String { isNegative ? "-\(magnitude)" : "\(magnitude)" }
}

public import Foundation

/// A setting handed to a store provider: the provider's own keys from a catalog, as plain Swift values.
///
/// This mirrors the property-list value types without depending on any file format, so a provider can
/// read its settings whatever the catalog was written in. Dictionaries do not keep key order.
public enum SettingValue: Sendable, Hashable, Codable {
    /// Text.
    case string(String)
    /// A whole number.
    case integer(Int64)
    /// A floating-point number.
    case real(Double)
    /// A truth value.
    case bool(Bool)
    /// An instant in time.
    case date(Date)
    /// Raw bytes.
    case data(Data)
    /// An ordered list of values.
    case array([SettingValue])
    /// Values by key.
    case dictionary([String: SettingValue])

    /// The text, when the value is a string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number, when the value is an integer.
    public var integerValue: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The number, when the value is a real or an integer (integers are converted).
    public var doubleValue: Double? {
        switch self {
        case .real(let value): value
        case .integer(let value): Double(value)
        default: nil
        }
    }

    /// The truth value, when the value is a bool.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The instant, when the value is a date.
    public var dateValue: Date? {
        if case .date(let value) = self { return value }
        return nil
    }

    /// The bytes, when the value is data.
    public var dataValue: Data? {
        if case .data(let value) = self { return value }
        return nil
    }

    /// The elements, when the value is an array.
    public var arrayValue: [SettingValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The entries, when the value is a dictionary.
    public var dictionaryValue: [String: SettingValue]? {
        if case .dictionary(let value) = self { return value }
        return nil
    }

    /// The value stored under `key` when the value is a dictionary, otherwise `nil`.
    public subscript(key: String) -> SettingValue? {
        dictionaryValue?[key]
    }
}

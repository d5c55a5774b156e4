public import Foundation

/// A property-list value read from a document, with the location of its opening tag.
///
/// Equality compares values only: two nodes read from different places in different files are
/// equal when their values are. Use ``location`` to point a person at the value.
public struct PropertyListNode: Sendable, Equatable {
    /// The value.
    public var value: PropertyListValue
    /// Where the value's element starts in its source document (line 1, column 1 for values
    /// built in code).
    public var location: SourceLocation

    /// Creates a node.
    public init(_ value: PropertyListValue, at location: SourceLocation = SourceLocation(line: 1, column: 1)) {
        self.value = value
        self.location = location
    }

    /// Compares the values of two nodes, ignoring where they came from.
    public static func == (lhs: PropertyListNode, rhs: PropertyListNode) -> Bool {
        lhs.value == rhs.value
    }
}

/// One key and value of a property-list dictionary, with the location of the `<key>` element.
public struct PropertyListEntry: Sendable, Equatable {
    /// The key's text.
    public var key: String
    /// Where the `<key>` element starts.
    public var keyLocation: SourceLocation
    /// The value stored under the key.
    public var value: PropertyListNode

    /// Creates an entry.
    public init(key: String, keyLocation: SourceLocation = SourceLocation(line: 1, column: 1), value: PropertyListNode)
    {
        self.key = key
        self.keyLocation = keyLocation
        self.value = value
    }

    /// Compares keys and values, ignoring locations.
    public static func == (lhs: PropertyListEntry, rhs: PropertyListEntry) -> Bool {
        lhs.key == rhs.key && lhs.value == rhs.value
    }
}

/// A property-list value: the eight types of Apple's XML property lists, plus the `CF$UID`
/// references of keyed archives.
///
/// Dictionaries keep their entries in document order, duplicates included, so a validator can
/// report a repeated key; ``PropertyListValue/subscript(_:)`` answers the last one, as Foundation does.
/// Reals compare by bit pattern so that `nan == nan`, which makes round-trip checks meaningful.
public enum PropertyListValue: Sendable, Equatable {
    /// `<dict>`: entries in document order.
    case dictionary([PropertyListEntry])
    /// `<array>`.
    case array([PropertyListNode])
    /// `<string>`.
    case string(String)
    /// `<integer>`.
    case integer(PropertyListInteger)
    /// `<real>`.
    case real(Double)
    /// `<true/>` or `<false/>`.
    case boolean(Bool)
    /// `<date>`: an instant, written in UTC with second precision.
    case date(Date)
    /// `<data>`: bytes, written as base64.
    case data(Data)
    /// A `<dict>` whose only key is `CF$UID` with an integer value, as Foundation reads it.
    case uid(UInt64)

    /// The value stored under `key` in a dictionary (the last entry when the key repeats), or `nil`.
    public subscript(key: String) -> PropertyListNode? {
        guard case .dictionary(let entries) = self else { return nil }
        return entries.last(where: { $0.key == key })?.value
    }

    /// The name of the value's XML element, as error messages say it (`dict`, `array`, `string`...).
    public var typeName: String {
        switch self {
        case .dictionary: "dict"
        case .array: "array"
        case .string: "string"
        case .integer: "integer"
        case .real: "real"
        case .boolean: "boolean"
        case .date: "date"
        case .data: "data"
        case .uid: "CF$UID"
        }
    }

    /// Compares two values structurally; reals compare by bit pattern (so `nan` equals `nan`).
    public static func == (lhs: PropertyListValue, rhs: PropertyListValue) -> Bool {
        switch (lhs, rhs) {
        case (.dictionary(let a), .dictionary(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.real(let a), .real(let b)): a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN)
        case (.boolean(let a), .boolean(let b)): a == b
        case (.date(let a), .date(let b)): a == b
        case (.data(let a), .data(let b)): a == b
        case (.uid(let a), .uid(let b)): a == b
        default: false
        }
    }
}

/// A JSON value with the position of its first character, as ``parse(_:maximumDepth:)`` reads it.
///
/// Objects keep their members in document order, repeated keys included, with the position of each
/// key; numbers keep the text they were written as, so callers decide how to read them. Positions are
/// 1-based lines and columns counted in Unicode scalars (a leading byte order mark is not counted).
package struct JSONNode: Sendable, Equatable {
    /// The kinds of JSON value.
    package enum Value: Sendable, Equatable {
        /// An object's members, in document order.
        case object([Member])
        /// An array's elements.
        case array([JSONNode])
        /// A string with its escapes resolved.
        case string(String)
        /// A number as written (`4`, `-0.99`, `1e3`), always valid JSON number syntax.
        case number(String)
        /// `true` or `false`.
        case bool(Bool)
        /// `null`.
        case null
    }

    /// One member of an object: its key, where the key starts, and its value.
    package struct Member: Sendable, Equatable {
        /// The key with its escapes resolved.
        package var key: String
        /// The position of the key's opening quote.
        package var keyLocation: SourceLocation
        /// The member's value.
        package var value: JSONNode

        /// Creates a member.
        package init(key: String, keyLocation: SourceLocation, value: JSONNode) {
            self.key = key
            self.keyLocation = keyLocation
            self.value = value
        }
    }

    /// The value.
    package var value: Value
    /// The position of the value's first character.
    package var location: SourceLocation

    /// Creates a node from a value and its position.
    package init(value: Value, location: SourceLocation) {
        self.value = value
        self.location = location
    }

    /// The JSON type's name as diagnostics say it: `object`, `array`, `string`, `number`, `boolean`
    /// or `null`.
    package var typeName: String {
        switch value {
        case .object: "object"
        case .array: "array"
        case .string: "string"
        case .number: "number"
        case .bool: "boolean"
        case .null: "null"
        }
    }

    /// The value of the member named `key` of an object (the last one when the key repeats); `nil`
    /// when there is no such member or the value is not an object.
    package subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// Whether the value is JSON `null`.
    package var isNull: Bool {
        if case .null = value { return true }
        return false
    }

    /// Parses a whole JSON document: an optional UTF-8 byte order mark, one value, and whitespace.
    ///
    /// - Parameter maximumDepth: how many arrays and objects may nest; deeper input is refused before
    ///   the parser's recursion could exhaust the stack.
    /// - Throws: ``PropertyListError`` of kind ``PropertyListError/Kind/invalidPropertyList`` with the
    ///   line and column of the first problem: text that is not UTF-8, malformed JSON, or nesting
    ///   deeper than `maximumDepth`.
    package static func parse(_ bytes: [UInt8], maximumDepth: Int) throws(PropertyListError) -> JSONNode {
        var reader = JSONReader(bytes: bytes, maximumDepth: maximumDepth)
        return try reader.document()
    }
}

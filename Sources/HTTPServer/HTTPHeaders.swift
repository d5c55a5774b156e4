/// One header field as it was sent or is to be sent: its name in the sender's spelling and its value.
public struct HTTPHeaderField: Sendable, Hashable {
    /// The field name, as spelled by whoever made the field (compare it case-insensitively).
    public var name: String
    /// The field value, without leading or trailing white space.
    public var value: String

    /// A field named `name` with `value`.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// The header fields of a request or a response, in order, looked up by name without regard to case
/// (ASCII case, as HTTP names are compared).
///
/// Fields keep the order and spelling they were given in; a name may occur more than once. The
/// subscript answers the first value of a name, ``values(for:)`` all of them.
public struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// The fields in order.
    public private(set) var fields: [HTTPHeaderField]

    /// Headers holding `fields` in order.
    public init(_ fields: [HTTPHeaderField] = []) {
        self.fields = fields
    }

    /// Headers holding the literal's fields in order.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.fields = elements.map { HTTPHeaderField(name: $0.0, value: $0.1) }
    }

    /// The value of the first field named `name` (any case), or nil; setting replaces every field of
    /// that name with one (at the place of the first), and setting nil removes them.
    public subscript(name: String) -> String? {
        get { fields.first { Self.sameName($0.name, name) }?.value }
        set {
            guard let newValue else {
                fields.removeAll { Self.sameName($0.name, name) }
                return
            }
            if let index = fields.firstIndex(where: { Self.sameName($0.name, name) }) {
                fields[index].value = newValue
                var seen = false
                fields.removeAll { field in
                    guard Self.sameName(field.name, name) else { return false }
                    defer { seen = true }
                    return seen
                }
            } else {
                fields.append(HTTPHeaderField(name: name, value: newValue))
            }
        }
    }

    /// The values of every field named `name` (any case), in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.sameName($0.name, name) }.map(\.value)
    }

    /// Adds a field at the end, keeping any field of the same name.
    public mutating func add(name: String, value: String) {
        fields.append(HTTPHeaderField(name: name, value: value))
    }

    /// The number of fields.
    public var count: Int { fields.count }

    /// The fields in order.
    public func makeIterator() -> IndexingIterator<[HTTPHeaderField]> {
        fields.makeIterator()
    }

    /// Whether two names are the same field name: equal once ASCII letters are folded to one case.
    public static func sameName(_ first: String, _ second: String) -> Bool {
        let a = first.utf8
        let b = second.utf8
        guard a.count == b.count else { return false }
        return zip(a, b).allSatisfy { lowered($0) == lowered($1) }
    }

    private static func lowered(_ byte: UInt8) -> UInt8 {
        (byte >= 65 && byte <= 90) ? byte + 32 : byte
    }
}

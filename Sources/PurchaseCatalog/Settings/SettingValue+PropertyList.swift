public import PropertyList
public import PurchaseCore

extension SettingValue {
    /// The setting a property-list value holds: strings, integers (up to `Int64.max`), reals,
    /// booleans, dates, data, and arrays and dicts of them.
    ///
    /// Guarantees: every part of `node` is visited in document order, so a caller can report every
    /// problem in one pass; `nil` exactly when some part cannot be a setting.
    ///
    /// - Parameters:
    ///   - node: the value, e.g. a catalog's `ProviderSettings` dict or a scenario's `Session`.
    ///   - unsupported: called with each part no setting can hold (a `CF$UID`, an integer above
    ///     `Int64.max`) and a short name of what was found.
    ///   - dictionary: called with the entries of every dict met, the outermost first (for
    ///     duplicate-key checks).
    public init?(
        _ node: PropertyListNode,
        unsupported: (PropertyListNode, _ found: String) -> Void,
        dictionary: ([PropertyListEntry]) -> Void = { _ in }
    ) {
        switch node.value {
        case .string(let text): self = .string(text)
        case .integer(let number):
            guard let value = number.int64Value else {
                unsupported(node, "integer above \(Int64.max)")
                return nil
            }
            self = .integer(value)
        case .real(let value): self = .real(value)
        case .boolean(let value): self = .bool(value)
        case .date(let value): self = .date(value)
        case .data(let value): self = .data(value)
        case .array(let elements):
            var values: [SettingValue] = []
            values.reserveCapacity(elements.count)
            var failed = false
            for element in elements {
                if let value = SettingValue(element, unsupported: unsupported, dictionary: dictionary) {
                    values.append(value)
                } else {
                    failed = true
                }
            }
            if failed { return nil }
            self = .array(values)
        case .dictionary(let entries):
            guard let values = Self.dictionary(entries, unsupported: unsupported, dictionary: dictionary) else {
                return nil
            }
            self = .dictionary(values)
        case .uid:
            unsupported(node, node.value.typeName)
            return nil
        }
    }

    /// The settings a dict's entries hold (a repeated key keeps its last value), or `nil` when some
    /// part cannot be a setting; visits every part as ``init(_:unsupported:dictionary:)`` does.
    public static func dictionary(
        _ entries: [PropertyListEntry],
        unsupported: (PropertyListNode, _ found: String) -> Void,
        dictionary: ([PropertyListEntry]) -> Void = { _ in }
    ) -> [String: SettingValue]? {
        dictionary(entries)
        var result = [String: SettingValue](minimumCapacity: entries.count)
        var failed = false
        for entry in entries {
            if let value = SettingValue(entry.value, unsupported: unsupported, dictionary: dictionary) {
                result[entry.key] = value
            } else {
                failed = true
            }
        }
        return failed ? nil : result
    }
}

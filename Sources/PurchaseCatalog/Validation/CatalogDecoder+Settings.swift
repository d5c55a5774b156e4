import PropertyList
import PurchaseCore

extension CatalogDecoder {
    /// Converts a settings dict (a provider's own keys, or a product's `Simulation`) to setting values,
    /// reporting duplicate keys and values settings cannot hold.
    /// Duplicate keys of the top dict are reported only when `checkDuplicates` is true (the caller may have
    /// reported them already).
    mutating func decodeSettings(_ node: PropertyListNode, key: String, checkDuplicates: Bool = true)
        -> [String: SettingValue]?
    {
        guard let entries = dictionary(node, key: key) else { return nil }
        return settingsDictionary(entries, checkDuplicates: checkDuplicates)
    }

    private mutating func settingsDictionary(_ entries: [PropertyListEntry], checkDuplicates: Bool = true)
        -> [String: SettingValue]?
    {
        if checkDuplicates { reportDuplicateKeys(entries) }
        var result = [String: SettingValue](minimumCapacity: entries.count)
        var failed = false
        for entry in entries {
            if let value = settingValue(entry.value) {
                result[entry.key] = value
            } else {
                failed = true
            }
        }
        return failed ? nil : result
    }

    private mutating func settingValue(_ node: PropertyListNode) -> SettingValue? {
        switch node.value {
        case .string(let text): return .string(text)
        case .integer(let number):
            if let value = number.int64Value { return .integer(value) }
        case .real(let value): return .real(value)
        case .boolean(let value): return .bool(value)
        case .date(let value): return .date(value)
        case .data(let value): return .data(value)
        case .array(let elements):
            var result: [SettingValue] = []
            result.reserveCapacity(elements.count)
            var failed = false
            for element in elements {
                if let value = settingValue(element) { result.append(value) } else { failed = true }
            }
            return failed ? nil : .array(result)
        case .dictionary(let entries):
            return settingsDictionary(entries).map(SettingValue.dictionary)
        case .uid:
            break
        }
        let found = if case .integer = node.value { "integer above \(Int64.max)" } else { node.value.typeName }
        report(.unsupportedSettingValue(found: found), at: node.location)
        return nil
    }
}

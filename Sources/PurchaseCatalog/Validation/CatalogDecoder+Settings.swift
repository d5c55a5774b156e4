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
        var problems: [(node: PropertyListNode, found: String)] = []
        var dicts: [[PropertyListEntry]] = []
        let result = SettingValue.dictionary(
            entries,
            unsupported: { problems.append(($0, $1)) },
            dictionary: { dicts.append($0) }
        )
        // The outermost dict's duplicates are the caller's to report when it asks so.
        for (index, nested) in dicts.enumerated() where index > 0 || checkDuplicates {
            reportDuplicateKeys(nested)
        }
        for problem in problems {
            report(.unsupportedSettingValue(found: problem.found), at: problem.node.location)
        }
        return result
    }
}

import Foundation
import PropertyList
import PurchaseCatalog
import PurchaseCore

/// The values a scenario's parameters hold, each read with its problem reported where it is.
extension ScenarioParser {

    mutating func string(_ node: PropertyListNode, _ key: String) -> String? {
        guard case .string(let text) = node.value else {
            problem(.notString(key: key, found: node.value.typeName), at: node.location)
            return nil
        }
        return text
    }

    mutating func integer(_ node: PropertyListNode, _ key: String) -> Int? {
        guard case .integer(let number) = node.value, let value = number.intValue else {
            problem(.notInteger(key: key, found: node.value.typeName), at: node.location)
            return nil
        }
        return value
    }

    func number(_ node: PropertyListNode) -> Double? {
        switch node.value {
        case .integer(let number): number.int64Value.map(Double.init)
        case .real(let value): value.isFinite ? value : nil
        default: nil
        }
    }

    mutating func requiredString(
        _ fields: inout StepFields, _ key: String, _ step: String, _ location: SourceLocation
    ) -> String? {
        guard let node = fields.take(key) else {
            problem(.missingParameter(step: step, key: key), at: location)
            return nil
        }
        return string(node, key)
    }

    /// The `Account` parameter: an app account token (a UUID), or `nil` when absent or not one (a
    /// problem then).
    mutating func account(_ fields: inout StepFields) -> UUID? {
        guard let node = fields.take("Account"), let text = string(node, "Account") else { return nil }
        guard let token = UUID(uuidString: text) else {
            problem(.invalidAccount(text), at: node.location)
            return nil
        }
        return token
    }

    mutating func optionalString(_ fields: inout StepFields, _ key: String) -> String? {
        fields.take(key).flatMap { string($0, key) }
    }

    mutating func strings(_ fields: inout StepFields, _ key: String) -> [String] {
        guard let node = fields.take(key) else { return [] }
        if case .string(let text) = node.value { return [text] }
        guard case .array(let elements) = node.value else {
            problem(.notStringArray(key: key), at: node.location)
            return []
        }
        return elements.compactMap { string($0, key) }
    }

    mutating func counts(_ fields: inout StepFields, _ key: String) -> [String: Int] {
        guard let node = fields.take(key) else { return [:] }
        guard case .dictionary(let entries) = node.value else {
            problem(.notCountDictionary(key: key), at: node.location)
            return [:]
        }
        var result: [String: Int] = [:]
        for entry in entries {
            if let value = integer(entry.value, "\(key).\(entry.key)") { result[entry.key] = value }
        }
        return result
    }

    /// A dict of names to dicts of names to strings (`ReceiptFields`).
    mutating func fieldTables(_ fields: inout StepFields, _ key: String) -> [String: [String: String]] {
        guard let node = fields.take(key) else { return [:] }
        guard case .dictionary(let entries) = node.value else {
            problem(.notFieldDictionary(key: key), at: node.location)
            return [:]
        }
        var result: [String: [String: String]] = [:]
        for entry in entries {
            guard case .dictionary(let items) = entry.value.value else {
                problem(.notFieldDictionary(key: "\(key).\(entry.key)"), at: entry.value.location)
                continue
            }
            var table: [String: String] = [:]
            for item in items {
                if let text = string(item.value, "\(key).\(entry.key).\(item.key)") { table[item.key] = text }
            }
            result[entry.key] = table
        }
        return result
    }

    mutating func settingValue(_ node: PropertyListNode) -> SettingValue? {
        var unsupported: [PropertyListNode] = []
        let value = SettingValue(node, unsupported: { node, _ in unsupported.append(node) })
        for node in unsupported {
            problem(.unsupportedSetting(found: node.value.typeName), at: node.location)
        }
        return value
    }
}

/// A step's parameters; each is taken once, and what is left over is reported.
struct StepFields {
    private var entries: [PropertyListEntry]

    init(entries: [PropertyListEntry]) {
        self.entries = entries
    }

    mutating func take(_ key: String) -> PropertyListNode? {
        guard let index = entries.lastIndex(where: { $0.key == key }) else { return nil }
        let node = entries[index].value
        entries.removeAll { $0.key == key }
        return node
    }

    /// Whether the step has the parameter (without taking it).
    func has(_ key: String) -> Bool {
        entries.contains { $0.key == key }
    }

    var unused: [PropertyListEntry] { entries }
}

import PropertyList
import PurchaseCore

// Typed access to JSON members, reporting a missing or mistyped value once, at its position.

extension StoreKitReader {
    /// Reports a value that is not an object; `key` names where it was found.
    mutating func expectObject(_ node: JSONNode, key: String) -> Bool {
        if case .object = node.value { return true }
        report(.storeKitWrongType(key: key, expected: "object", found: node.typeName), at: node.location)
        return false
    }

    /// The member `key` of `object` when it is an object; `nil` (reported when mistyped) otherwise.
    mutating func object(_ object: JSONNode, _ key: String) -> JSONNode? {
        guard let node = object[key], !node.isNull else { return nil }
        return expectObject(node, key: key) ? node : nil
    }

    /// The elements of the array `key` of `object`; empty when it is missing, `null` or mistyped (reported).
    mutating func array(_ object: JSONNode, _ key: String) -> [JSONNode] {
        guard let node = object[key], !node.isNull else { return [] }
        guard case .array(let elements) = node.value else {
            report(.storeKitWrongType(key: key, expected: "array", found: node.typeName), at: node.location)
            return []
        }
        return elements
    }

    /// The text of `node`, reporting any other type.
    mutating func string(_ node: JSONNode, key: String) -> String? {
        guard case .string(let text) = node.value else {
            report(.storeKitWrongType(key: key, expected: "string", found: node.typeName), at: node.location)
            return nil
        }
        return text
    }

    /// The string member `key` of `object`, `nil` when missing or `null` (a mistyped value is reported).
    mutating func string(_ object: JSONNode, _ key: String) -> String? {
        guard let node = object[key], !node.isNull else { return nil }
        return string(node, key: key)
    }

    /// The boolean member `key` of `object`, `nil` when missing or `null` (a mistyped value is reported).
    mutating func bool(_ object: JSONNode, _ key: String) -> Bool? {
        guard let node = object[key], !node.isNull else { return nil }
        guard case .bool(let value) = node.value else {
            report(.storeKitWrongType(key: key, expected: "boolean", found: node.typeName), at: node.location)
            return nil
        }
        return value
    }

    /// The whole number in `node`, reporting any other value.
    mutating func integer(_ node: JSONNode, key: String) -> Int? {
        guard case .number(let text) = node.value, let number = Int(text) else {
            report(.storeKitWrongType(key: key, expected: "integer", found: node.typeName), at: node.location)
            return nil
        }
        return number
    }

    /// A JSON value as a provider setting; `null` and members that are `null` are left out.
    static func setting(_ node: JSONNode) -> SettingValue? {
        switch node.value {
        case .null: return nil
        case .bool(let value): return .bool(value)
        case .string(let text): return .string(text)
        case .number(let text):
            if let integer = Int64(text) { return .integer(integer) }
            return Double(text).map(SettingValue.real)
        case .array(let elements): return .array(elements.compactMap(setting))
        case .object(let members):
            var result: [String: SettingValue] = [:]
            for member in members {
                if let value = setting(member.value) { result[member.key] = value }
            }
            return .dictionary(result)
        }
    }
}

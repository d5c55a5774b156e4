import Foundation
import PropertyList
import PurchaseCore

// The steps of subscription price increases and Family Sharing, and the `Member` parameter.
extension ScenarioParser {
    /// The steps this file reads, in the order the unknown-step message lists them.
    static let priceAndFamilyStepNames = [
        "increasePrice", "showPriceConsent", "respondToPriceIncrease", "addFamilyMember", "stopFamilySharing",
        "leaveFamily",
    ]

    /// The steps a family member's account can take (`Member`).
    private static let memberSteps: Set<String> = [
        "buy", "restore", "refund", "verifyReceipt", "respondToPriceIncrease", "stopFamilySharing", "expect",
    ]

    /// Whether the step's own parameter `Member` names the member it is about (rather than the
    /// member doing it).
    static func namesMember(_ step: String) -> Bool {
        step == "addFamilyMember" || step == "leaveFamily"
    }

    /// A step of this file, or `nil` when `name` is none of them (`.some(nil)`: one of them, with a
    /// problem reported).
    mutating func priceOrFamilyAction(_ name: String, _ fields: inout StepFields, at location: SourceLocation)
        -> ScenarioAction??
    {
        switch name {
        case "increasePrice":
            guard let product = requiredString(&fields, "Product", name, location),
                let text = requiredString(&fields, "Price", name, location)
            else { return .some(nil) }
            guard let amount = Price.amount(parsing: text) else {
                problem(.invalidPrice(text), at: location)
                return .some(nil)
            }
            let needsConsent = boolean(&fields, "NeedsConsent") ?? true
            let showNow = boolean(&fields, "ShowNow") ?? true
            return .increasePrice(productID: product, price: amount, needsConsent: needsConsent, showNow: showNow)
        case "showPriceConsent":
            return .showPriceConsent
        case "respondToPriceIncrease":
            guard let product = requiredString(&fields, "Product", name, location) else { return .some(nil) }
            guard fields.has("Consent") else {
                problem(.missingParameter(step: name, key: "Consent"), at: location)
                return .some(nil)
            }
            guard let consent = boolean(&fields, "Consent") else { return .some(nil) }
            return .respondToPriceIncrease(productID: product, consent: consent)
        case "addFamilyMember":
            guard let member = requiredString(&fields, "Member", name, location) else { return .some(nil) }
            familyMembers.insert(member)
            return .addFamilyMember(name: member)
        case "stopFamilySharing":
            return .stopFamilySharing(productID: optionalString(&fields, "Product"))
        case "leaveFamily":
            guard let member = requiredString(&fields, "Member", name, location) else { return .some(nil) }
            // A member who left stays known: later steps may check what it lost.
            guard familyMembers.contains(member) else {
                problem(.unknownMember(member), at: location)
                return .some(nil)
            }
            return .leaveFamily(name: member)
        default:
            return nil
        }
    }

    /// `action` done by the family member `member` names, when a member can do it.
    mutating func memberAction(_ action: ScenarioAction, member node: PropertyListNode) -> ScenarioAction? {
        guard let member = string(node, "Member") else { return nil }
        guard Self.memberSteps.contains(action.name) else {
            problem(.memberStepUnsupported(action.name), at: node.location)
            return nil
        }
        guard familyMembers.contains(member) else {
            problem(.unknownMember(member), at: node.location)
            return nil
        }
        return .asMember(name: member, action: action)
    }

    /// An optional boolean parameter (a problem when it is there but not a boolean).
    mutating func boolean(_ fields: inout StepFields, _ key: String) -> Bool? {
        guard let node = fields.take(key) else { return nil }
        guard case .boolean(let value) = node.value else {
            problem(.notBoolean(key: key, found: node.value.typeName), at: node.location)
            return nil
        }
        return value
    }

    /// A dict of products to prices written as amounts (`1.99`).
    mutating func priceTexts(_ fields: inout StepFields, _ key: String) -> [String: String] {
        var result: [String: String] = [:]
        guard let node = fields.take(key) else { return result }
        guard case .dictionary(let entries) = node.value else {
            problem(.notString(key: key, found: node.value.typeName), at: node.location)
            return result
        }
        for entry in entries {
            guard let text = string(entry.value, "\(key).\(entry.key)") else { continue }
            guard Price.amount(parsing: text) != nil else {
                problem(.invalidPrice(text), at: entry.value.location)
                continue
            }
            result[entry.key] = text
        }
        return result
    }
}

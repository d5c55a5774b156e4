import PropertyList

// The steps and expectations of signed data: server notifications and JWS fields.
extension ScenarioParser {
    /// The steps this file reads, in the order the unknown-step message lists them.
    static let signedDataStepNames = [
        "requestTestNotification", "requestRefund", "reverseRefund", "enableAutoRenew", "keepCurrentPlan",
    ]

    /// The step of this file written as its name alone, if `name` is one.
    static func parameterlessSignedDataAction(_ name: String) -> ScenarioAction? {
        name == "requestTestNotification" ? .signedData(.requestTestNotification) : nil
    }

    /// A step of this file, or `nil` when `name` is none of them (`.some(nil)`: one of them, with a
    /// problem reported).
    mutating func signedDataAction(_ name: String, _ fields: inout StepFields, at location: SourceLocation)
        -> ScenarioAction??
    {
        switch name {
        case "requestTestNotification":
            return .signedData(.requestTestNotification)
        case "requestRefund":
            guard let product = requiredString(&fields, "Product", name, location) else { return .some(nil) }
            let reason = optionalString(&fields, "Reason") ?? "UNINTENDED_PURCHASE"
            return .signedData(.requestRefund(productID: product, reason: reason))
        case "reverseRefund", "enableAutoRenew", "keepCurrentPlan":
            guard let product = requiredString(&fields, "Product", name, location) else { return .some(nil) }
            switch name {
            case "reverseRefund": return .signedData(.reverseRefund(productID: product))
            case "enableAutoRenew": return .signedData(.enableAutoRenew(productID: product))
            default: return .signedData(.keepCurrentPlan(productID: product))
            }
        default:
            return nil
        }
    }

    /// `Notifications`, `SignedTransaction` and `SignedRenewalInfo`.
    mutating func signedDataExpectations(_ fields: inout StepFields, into result: inout ScenarioExpectations) {
        if fields.has("Notifications") { result.notifications = strings(&fields, "Notifications") }
        result.signedTransaction = fieldTables(&fields, "SignedTransaction")
        result.signedRenewalInfo = fieldTables(&fields, "SignedRenewalInfo")
    }
}

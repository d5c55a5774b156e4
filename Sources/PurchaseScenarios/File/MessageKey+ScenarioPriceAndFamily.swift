public import PurchaseCore

/// The keys of scenario file diagnostics about price increase and Family Sharing steps and values.
extension MessageKey {
    /// A value that must be a boolean; names the key and the element found.
    public static let scenarioNotBoolean = MessageKey("scenario.notBoolean", arguments: [.text, .text])
    /// A price not written as an amount; gives it.
    public static let scenarioInvalidPrice = MessageKey("scenario.invalidPrice", arguments: [.text])
    /// A family member no earlier step added; names it.
    public static let scenarioUnknownMember = MessageKey("scenario.unknownMember", arguments: [.text])
    /// A step a family member cannot take; names it.
    public static let scenarioMemberStepUnsupported = MessageKey(
        "scenario.memberStepUnsupported", arguments: [.text])

    /// The keys above, in order (part of ``PurchaseCore/MessageKey/scenarioKeys``).
    public static let scenarioPriceAndFamilyKeys: [MessageKey] = [
        .scenarioNotBoolean, .scenarioInvalidPrice, .scenarioUnknownMember, .scenarioMemberStepUnsupported,
    ]
}

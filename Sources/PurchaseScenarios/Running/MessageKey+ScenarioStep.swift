public import PurchaseCore

/// The keys of why a scenario step could not be done (`scenario.step.<problem>`):
/// ``ScenarioStepProblem`` names each with its arguments.
extension MessageKey {
    /// An Ask to Buy step with no request to decide.
    public static let scenarioStepNoAskToBuyRequest = MessageKey("scenario.step.noAskToBuyRequest")
    /// A `resolveInterrupted` step with no interrupted purchase.
    public static let scenarioStepNoInterruptedPurchase = MessageKey("scenario.step.noInterruptedPurchase")
    /// A `refund` step with no purchase of the product; names the product.
    public static let scenarioStepNothingToRefund = MessageKey("scenario.step.nothingToRefund", arguments: [.text])
    /// An `advanceTime` step of a scenario built in code that would take the clock past the last date
    /// receipts carry (or by a number of seconds that is negative or not a number).
    public static let scenarioStepTimeOutOfRange = MessageKey("scenario.step.timeOutOfRange")
    /// A Google Play step with no purchase of the product it can act on; names the product.
    public static let scenarioStepNoPlayPurchase = MessageKey("scenario.step.noPlayPurchase", arguments: [.text])

    /// Every scenario step key this module declares, in the order above.
    public static let scenarioStepKeys: [MessageKey] = [
        .scenarioStepNoAskToBuyRequest, .scenarioStepNoInterruptedPurchase, .scenarioStepNothingToRefund,
        .scenarioStepTimeOutOfRange, .scenarioStepNoPlayPurchase,
    ]
}

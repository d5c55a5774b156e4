public import PurchaseCore

/// Why a scenario step could not be done, so that a tool can word it in its person's language.
public enum ScenarioStepProblem: Sendable, Hashable, CustomStringConvertible {
    /// An Ask to Buy step found no request to approve or decline.
    case noAskToBuyRequest
    /// A `resolveInterrupted` step found no interrupted purchase.
    case noInterruptedPurchase
    /// A `refund` step found no purchase of the product (its catalog identifier) to refund.
    case nothingToRefund(productID: String)

    /// Why, as a message key with its arguments (`scenario.step.<problem>`).
    public var messageText: Message {
        switch self {
        case .noAskToBuyRequest: .keyed(.scenarioStepNoAskToBuyRequest, arguments: [])
        case .noInterruptedPurchase: .keyed(.scenarioStepNoInterruptedPurchase, arguments: [])
        case .nothingToRefund(let productID): .keyed(.scenarioStepNothingToRefund, arguments: [.text(productID)])
        }
    }

    /// Why, in English (the text of ``messageText`` in the English table).
    public var description: String {
        switch self {
        case .noAskToBuyRequest: "there is no Ask to Buy request to decide"
        case .noInterruptedPurchase: "there is no interrupted purchase to resolve"
        case .nothingToRefund(let productID): "there is no purchase of \(productID) to refund"
        }
    }
}

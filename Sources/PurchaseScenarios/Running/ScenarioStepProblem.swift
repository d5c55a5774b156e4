public import PurchaseCore

/// Why a scenario step could not be done, so that a tool can word it in its person's language.
public enum ScenarioStepProblem: Sendable, Hashable, CustomStringConvertible {
    /// An Ask to Buy step found no request to approve or decline.
    case noAskToBuyRequest
    /// A `resolveInterrupted` step found no interrupted purchase.
    case noInterruptedPurchase
    /// A `refund` step found no purchase of the product (its catalog identifier) to refund.
    case nothingToRefund(productID: String)
    /// An `advanceTime` step would take the clock past the last date receipts carry
    /// (`AppReceipt.dateRange`), or moves it by a number of seconds that is negative or not a
    /// number; the clock stays where it is.
    case timeOutOfRange
    /// A Google Play step found no purchase of the product (its catalog identifier) it could act on.
    case noPlayPurchase(productID: String)

    /// Why, as a message key with its arguments (`scenario.step.<problem>`).
    public var messageText: Message {
        switch self {
        case .noAskToBuyRequest: .keyed(.scenarioStepNoAskToBuyRequest, arguments: [])
        case .noInterruptedPurchase: .keyed(.scenarioStepNoInterruptedPurchase, arguments: [])
        case .nothingToRefund(let productID): .keyed(.scenarioStepNothingToRefund, arguments: [.text(productID)])
        case .timeOutOfRange: .keyed(.scenarioStepTimeOutOfRange, arguments: [])
        case .noPlayPurchase(let productID): .keyed(.scenarioStepNoPlayPurchase, arguments: [.text(productID)])
        }
    }

    /// Why, in English (the text of ``messageText`` in the English table).
    public var description: String {
        switch self {
        case .noAskToBuyRequest: "there is no Ask to Buy request to decide"
        case .noInterruptedPurchase: "there is no interrupted purchase to resolve"
        case .nothingToRefund(let productID): "there is no purchase of \(productID) to refund"
        case .timeOutOfRange:
            "the clock cannot move that far: receipts carry dates up to 9999-12-31T23:59:59Z"
        case .noPlayPurchase(let productID): "Google Play has no purchase of \(productID) this step can act on"
        }
    }
}

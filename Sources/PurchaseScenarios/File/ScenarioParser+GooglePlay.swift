import PropertyList
import PurchaseCatalog
import PurchaseCore
import SimulatedAppStore
import SimulatedGooglePlay

// The simulated Google Play's steps and expectations, and what a scenario may do on each store.
extension ScenarioParser {
    /// The steps this file reads, in the order the unknown-step message lists them.
    static let googlePlayStepNames = [
        "nextPurchasePending", "completePending", "cancelPending", "stopFinishing", "finishPurchases",
        "replaceSubscription", "failRenewals", "fixPayment", "pause", "resume",
    ]

    /// Play's replacement modes a purchase may ask for, by their names.
    static let replacementModeNames = [
        PlayReplacementMode.withTimeProration, .chargeProratedPrice, .withoutProration, .chargeFullPrice, .deferred,
    ].map(\.name)

    /// The step of this file written as its name alone, if `name` is one.
    static func parameterlessGooglePlayAction(_ name: String) -> ScenarioAction? {
        switch name {
        case "nextPurchasePending": .googlePlay(.nextPurchasePending)
        case "stopFinishing": .googlePlay(.stopFinishing)
        case "finishPurchases": .googlePlay(.finishPurchases)
        case "completePending": .googlePlay(.completePending(productID: nil))
        case "cancelPending": .googlePlay(.cancelPending(productID: nil))
        default: nil
        }
    }

    /// A step of this file, or `nil` when `name` is none of them (`.some(nil)`: one of them, with a
    /// problem reported). A `refund` with `Quantity` or `Revoke` is Play's void.
    mutating func googlePlayAction(_ name: String, _ fields: inout StepFields, at location: SourceLocation)
        -> ScenarioAction??
    {
        switch name {
        case "nextPurchasePending", "stopFinishing", "finishPurchases":
            return Self.parameterlessGooglePlayAction(name)
        case "completePending":
            return .googlePlay(.completePending(productID: optionalString(&fields, "Product")))
        case "cancelPending":
            return .googlePlay(.cancelPending(productID: optionalString(&fields, "Product")))
        case "refund" where fields.has("Quantity") || fields.has("Revoke"):
            let product = requiredString(&fields, "Product", name, location)
            let quantity = fields.take("Quantity").flatMap { integer($0, "Quantity") }
            var revoke = true
            if let node = fields.take("Revoke") {
                guard case .boolean(let value) = node.value else {
                    problem(.notBoolean(key: "Revoke", found: node.value.typeName), at: node.location)
                    return .some(nil)
                }
                revoke = value
            }
            guard let product else { return .some(nil) }
            return .googlePlay(.void(productID: product, quantity: quantity, revoke: revoke))
        case "replaceSubscription":
            let product = requiredString(&fields, "Product", name, location)
            let replaced = requiredString(&fields, "Replaces", name, location)
            var mode: PlayReplacementMode?
            if let node = fields.take("Mode"), let text = string(node, "Mode") {
                mode = PlayReplacementMode(name: text)
                if mode == nil {
                    problem(.invalidReplacementMode(text, known: Self.replacementModeNames), at: node.location)
                }
            } else if !fields.has("Mode") {
                problem(.missingParameter(step: name, key: "Mode"), at: location)
            }
            guard let product, let replaced, let mode else { return .some(nil) }
            return .googlePlay(.replaceSubscription(productID: product, replacing: replaced, mode: mode))
        case "failRenewals", "fixPayment", "resume":
            guard let product = requiredString(&fields, "Product", name, location) else { return .some(nil) }
            switch name {
            case "failRenewals": return .googlePlay(.failRenewals(productID: product))
            case "fixPayment": return .googlePlay(.fixPayment(productID: product))
            default: return .googlePlay(.resume(productID: product))
            }
        case "pause":
            let product = requiredString(&fields, "Product", name, location)
            guard let text = requiredString(&fields, "Duration", name, location) else { return .some(nil) }
            guard let length = SubscriptionPeriod(text) else {
                problem(.invalidDuration(text), at: location)
                return .some(nil)
            }
            return product.map { .googlePlay(.pause(productID: $0, length: length)) }
        default:
            return nil
        }
    }

    /// `PlayState`, `Acknowledged`, `Unacknowledged`, `SubscriptionState`, `OrderCount`,
    /// `LatestOrderSuffix`, `LinkedPurchase` and `Voided`.
    mutating func googlePlayExpectations(_ fields: inout StepFields, into result: inout ScenarioExpectations) {
        var play = ScenarioPlayExpectations()
        play.purchaseState = texts(&fields, "PlayState")
        play.acknowledged = strings(&fields, "Acknowledged")
        play.unacknowledged = strings(&fields, "Unacknowledged")
        play.subscriptionState = texts(&fields, "SubscriptionState")
        play.orderCount = counts(&fields, "OrderCount")
        play.latestOrderSuffix = texts(&fields, "LatestOrderSuffix")
        play.linkedPurchase = texts(&fields, "LinkedPurchase")
        if fields.has("Voided") { play.voided = strings(&fields, "Voided") }
        result.googlePlay = play
    }

    /// A dict of names to strings under `key`.
    private mutating func texts(_ fields: inout StepFields, _ key: String) -> [String: String] {
        guard let node = fields.take(key) else { return [:] }
        guard case .dictionary(let entries) = node.value else {
            problem(.notString(key: key, found: node.value.typeName), at: node.location)
            return [:]
        }
        var result: [String: String] = [:]
        for entry in entries {
            if let text = string(entry.value, "\(key).\(entry.key)") { result[entry.key] = text }
        }
        return result
    }

    // MARK: - The scenario's store

    /// `steps` as the scenario's `store` takes them: each step the store has no meaning for is a
    /// problem at its position; on Google Play, `enableAutoRenew` is Play's restart of the subscription.
    mutating func adapt(_ steps: [Scenario.Step], to store: ProviderKind) -> [Scenario.Step] {
        steps.map { step in
            var step = step
            let location = SourceLocation(line: step.line, column: step.column)
            if store == .simulatedGooglePlay {
                if case .signedData(.enableAutoRenew(let product)) = step.action {
                    step.action = .googlePlay(.restartAutoRenew(productID: product))
                } else if !Self.playTakes(step.action) {
                    problem(.stepNotForStore(step.action.name, store: store.rawValue), at: location)
                }
            } else if case .googlePlay = step.action {
                problem(.stepNotForStore(step.action.name, store: store.rawValue), at: location)
            } else if case .expect(let expectations) = step.action, !expectations.googlePlay.isEmpty {
                problem(.stepNotForStore(step.action.name, store: store.rawValue), at: location)
            }
            return step
        }
    }

    /// Whether a Google Play scenario can take `action`.
    private static func playTakes(_ action: ScenarioAction) -> Bool {
        switch action {
        case .buy, .relaunch, .reinstall, .restore, .advanceTime, .refund, .disableAutoRenew, .setCanMakePayments,
            .googlePlay, .expect:
            true
        default:
            false
        }
    }

    /// Checks the session's settings against the settings check of the provider the scenario drives.
    mutating func checkSettings(_ settings: [String: SettingValue], for store: ProviderKind) {
        let configuration = ProviderConfiguration(kind: store, settings: settings)
        let refused = Self.simulatedStores.settingProblems(in: configuration).map {
            ($0, $0.location(in: session) ?? rootLocation)
        }
        for (setting, location) in refused.sorted(by: { $0.1 < $1.1 }) {
            problem(.invalidSetting(setting), at: location)
        }
    }

    /// The registry of the providers a scenario runs, whose settings checks the session's settings go through.
    private static let simulatedStores: ProviderRegistry = {
        var registry = ProviderRegistry()
        SimulatedAppStoreProvider.register(in: &registry)
        SimulatedGooglePlayProvider.register(in: &registry)
        return registry
    }()
}

import Foundation
import PropertyList
import PurchaseCatalog
import PurchaseCore
import SimulatedAppStore

/// Turns a scenario property list into its parts, collecting positioned problems.
struct ScenarioParser {
    struct Parsed {
        var name: String
        var catalog: String
        /// Where the scenario names its catalog.
        var catalogLocation: SourceLocation
        var settings: [String: SettingValue]
        var steps: [Scenario.Step]
    }

    let path: String
    var problems: [ScenarioDiagnostic] = []
    /// How far the `advanceTime` steps read so far move the scenario's clock from `Scenario.clockStart`.
    private var elapsed: TimeInterval = 0
    /// The family members the `addFamilyMember` steps read so far add.
    var familyMembers: Set<String> = []
    /// The scenario's `Session`, where its settings' problems are placed.
    var session: PropertyListNode?
    /// Where the scenario's root starts.
    var rootLocation = SourceLocation(line: 1, column: 1)

    init(path: String) {
        self.path = path
    }

    mutating func problem(_ problem: ScenarioProblem, at location: SourceLocation) {
        problems.append(ScenarioDiagnostic(problem, path: path, at: location))
    }

    mutating func parse(_ root: PropertyListNode) -> Parsed? {
        guard case .dictionary(let entries) = root.value else {
            problem(.rootNotDictionary, at: root.location)
            return nil
        }
        var name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        var catalog: (text: String, location: SourceLocation)?
        var settings: [String: SettingValue] = [:]
        var session: PropertyListNode?
        var steps: [Scenario.Step] = []
        for entry in entries {
            switch entry.key {
            case "Name":
                if let text = string(entry.value, "Name") { name = text }
            case "Catalog":
                catalog = string(entry.value, "Catalog").map { ($0, entry.value.location) }
            case "Session":
                session = entry.value
                if case .dictionary(let items) = entry.value.value {
                    for item in items {
                        if let value = settingValue(item.value) { settings[item.key] = value }
                    }
                } else {
                    problem(.sessionNotDictionary, at: entry.value.location)
                }
            case "Steps":
                guard case .array(let elements) = entry.value.value else {
                    problem(.stepsNotArray, at: entry.value.location)
                    continue
                }
                for element in elements {
                    if let step = step(element) { steps.append(step) }
                }
            default:
                problem(.unknownKey(entry.key), at: entry.keyLocation)
            }
        }
        // The session's settings are checked once the catalog tells which store the scenario drives.
        self.session = session
        rootLocation = root.location
        guard let catalog else {
            problem(.missingCatalog, at: root.location)
            return nil
        }
        return Parsed(
            name: name, catalog: catalog.text, catalogLocation: catalog.location, settings: settings, steps: steps)
    }

    // MARK: - Steps

    /// Every step's name, in the order the unknown-step message lists them.
    private static let stepNames =
        [
            "buy", "approveAskToBuy", "declineAskToBuy", "resolveInterrupted", "relaunch", "reinstall", "restore",
            "advanceTime", "refund", "expire", "forceRenew", "disableAutoRenew", "switchStorefront", "togglePayments",
            "crashBeforeFinish", "addObserver", "verifyReceipt", "promotedPurchase", "startDownloads", "failDownloads",
            "allowDownloads", "expect", "buyWithPromotionalOffer", "redeemOfferCode",
        ] + priceAndFamilyStepNames + signedDataStepNames + googlePlayStepNames

    private static let parameterless: [String: ScenarioAction] = [
        "relaunch": .relaunch, "reinstall": .reinstall, "restore": .restore, "crashBeforeFinish": .crashBeforeFinish,
        "approveAskToBuy": .approveAskToBuy(productID: nil), "declineAskToBuy": .declineAskToBuy(productID: nil),
        "resolveInterrupted": .resolveInterrupted(productID: nil), "startDownloads": .startDownloads,
        "showPriceConsent": .showPriceConsent, "stopFamilySharing": .stopFamilySharing(productID: nil),
        "failDownloads": .setDownloadsFail(true), "allowDownloads": .setDownloadsFail(false),
    ]

    private mutating func step(_ node: PropertyListNode) -> Scenario.Step? {
        let location = node.location
        if case .string(let name) = node.value {
            guard
                let action = Self.parameterless[name] ?? Self.parameterlessSignedDataAction(name)
                    ?? Self.parameterlessGooglePlayAction(name)
            else {
                problem(.stepNeedsParameters(name), at: location)
                return nil
            }
            return Scenario.Step(action, line: location.line, column: location.column)
        }
        guard case .dictionary(let entries) = node.value, let kind = node.value["Step"] else {
            problem(.stepNotDictionary, at: location)
            return nil
        }
        guard let name = string(kind, "Step") else { return nil }
        var fields = StepFields(entries: entries.filter { $0.key != "Step" })
        let member = Self.namesMember(name) ? nil : fields.take("Member")
        var action = action(name, &fields, at: kind.location)
        for unused in fields.unused {
            problem(.unexpectedParameter(step: name, key: unused.key), at: unused.keyLocation)
        }
        if let member, let inner = action { action = memberAction(inner, member: member) }
        return action.map { Scenario.Step($0, line: location.line, column: location.column) }
    }

    mutating func action(_ name: String, _ fields: inout StepFields, at location: SourceLocation)
        -> ScenarioAction?
    {
        if let action = googlePlayAction(name, &fields, at: location) { return action }
        switch name {
        case "buy":
            guard let product = requiredString(&fields, "Product", name, location) else { return nil }
            let quantity = fields.take("Quantity").flatMap { integer($0, "Quantity") } ?? 1
            return .buy(productID: product, quantity: quantity, account: account(&fields))
        case "approveAskToBuy": return .approveAskToBuy(productID: optionalString(&fields, "Product"))
        case "declineAskToBuy": return .declineAskToBuy(productID: optionalString(&fields, "Product"))
        case "resolveInterrupted": return .resolveInterrupted(productID: optionalString(&fields, "Product"))
        case "relaunch": return .relaunch
        case "reinstall": return .reinstall
        case "restore": return .restore
        case "crashBeforeFinish": return .crashBeforeFinish
        case "startDownloads": return .startDownloads
        case "failDownloads", "allowDownloads": return .setDownloadsFail(name == "failDownloads")
        case "promotedPurchase":
            return requiredString(&fields, "Product", name, location).map { .promotedPurchase(productID: $0) }
        case "advanceTime":
            let seconds: TimeInterval
            var at = location
            if let node = fields.take("Seconds") {
                guard let value = number(node), value >= 0 else {
                    problem(.negativeSeconds, at: node.location)
                    return nil
                }
                seconds = value
                at = node.location
            } else {
                guard let text = requiredString(&fields, "Duration", name, location) else { return nil }
                guard let period = SubscriptionPeriod(text) else {
                    problem(.invalidDuration(text), at: location)
                    return nil
                }
                // A calendar duration from where the clock stands, as the run will move it.
                let now = Scenario.clockStart.addingTimeInterval(elapsed)
                seconds = period.added(to: now).timeIntervalSince(now)
            }
            // Receipts carry dates up to 9999-12-31: a clock moved past it could not be written in one.
            guard AppReceipt.carries(Scenario.clockStart.addingTimeInterval(elapsed + seconds)) else {
                problem(.timeOutOfRange, at: at)
                return nil
            }
            elapsed += seconds
            return .advanceTime(seconds)
        case "refund", "expire", "forceRenew", "disableAutoRenew":
            guard let product = requiredString(&fields, "Product", name, location) else { return nil }
            switch name {
            case "refund": return .refund(productID: product)
            case "expire": return .expire(productID: product)
            case "forceRenew": return .forceRenew(productID: product)
            default: return .disableAutoRenew(productID: product)
            }
        case "switchStorefront":
            return requiredString(&fields, "Storefront", name, location).map(ScenarioAction.switchStorefront)
        case "togglePayments":
            guard let node = fields.take("Allowed") else {
                problem(.missingAllowed, at: location)
                return nil
            }
            guard case .boolean(let allowed) = node.value else {
                problem(.allowedNotBoolean, at: node.location)
                return nil
            }
            return .setCanMakePayments(allowed)
        case "addObserver":
            return .addObserver(name: optionalString(&fields, "Name") ?? "observer")
        case "verifyReceipt":
            let text = optionalString(&fields, "Environment") ?? "Sandbox"
            guard let environment = AppStoreEnvironment(rawValue: text) else {
                problem(.invalidEnvironment, at: location)
                return nil
            }
            return .verifyReceipt(environment: environment)
        case "buyWithPromotionalOffer":
            return promotionalPurchase(&fields, name, location)
        case "redeemOfferCode":
            return requiredString(&fields, "Code", name, location).map(ScenarioAction.redeemOfferCode)
        case "expect":
            return .expect(expectations(&fields))
        default:
            if let action = priceOrFamilyAction(name, &fields, at: location) { return action }
            if let action = signedDataAction(name, &fields, at: location) { return action }
            problem(.unknownStep(name, known: Self.stepNames), at: location)
            return nil
        }
    }

    /// `buyWithPromotionalOffer`: `Product`, `Offer`, `KeyID`, `PrivateKey` (a PEM file relative to
    /// the scenario), optional `Nonce` (any text; the same text, the same nonce) and `SignedSecondsAgo`.
    private mutating func promotionalPurchase(
        _ fields: inout StepFields, _ name: String, _ location: SourceLocation
    ) -> ScenarioAction? {
        let product = requiredString(&fields, "Product", name, location)
        let offer = requiredString(&fields, "Offer", name, location)
        let keyID = requiredString(&fields, "KeyID", name, location)
        var key: ReceiptSigningKey?
        if let node = fields.take("PrivateKey"), let file = string(node, "PrivateKey") {
            let path =
                file.hasPrefix("/")
                ? file : URL(fileURLWithPath: self.path).deletingLastPathComponent().path + "/" + file
            key = (try? String(contentsOfFile: path, encoding: .utf8)).flatMap { try? ReceiptSigningKey(pem: $0) }
            if key == nil { problem(.unusablePrivateKey(file), at: node.location) }
        } else if !fields.has("PrivateKey") {
            problem(.missingParameter(step: name, key: "PrivateKey"), at: location)
        }
        let nonce = optionalString(&fields, "Nonce").map(ScenarioPromotionalOffer.nonce(named:))
        let age = fields.take("SignedSecondsAgo").flatMap { integer($0, "SignedSecondsAgo") } ?? 0
        guard let product, let offer, let keyID, let key else { return nil }
        return .buyWithPromotionalOffer(
            productID: product,
            offer: ScenarioPromotionalOffer(
                offerID: offer, keyID: keyID, key: key, nonce: nonce, signedSecondsAgo: TimeInterval(age)))
    }

    private mutating func expectations(_ fields: inout StepFields) -> ScenarioExpectations {
        var result = ScenarioExpectations()
        result.outcome = optionalString(&fields, "Outcome")
        result.error = optionalString(&fields, "Error")
        result.account = account(&fields)
        result.entitlementsContain = strings(&fields, "EntitlementsContain")
        result.entitlementsLack = strings(&fields, "EntitlementsLack")
        result.balances = counts(&fields, "Balances")
        result.delivered = counts(&fields, "Delivered")
        result.events = strings(&fields, "Events")
        result.absentEvents = strings(&fields, "NoEvents")
        result.callbacks = strings(&fields, "Callbacks")
        if fields.has("ReceiptCancellations") {
            result.receiptCancellations = strings(&fields, "ReceiptCancellations")
        }
        result.priceConsentStatus = counts(&fields, "PriceConsentStatus")
        result.expirationIntent = counts(&fields, "ExpirationIntent")
        result.latestPrice = priceTexts(&fields, "LatestPrice")
        result.familyShared = strings(&fields, "FamilyShared")
        result.notFamilyShared = strings(&fields, "NotFamilyShared")
        result.eventOrder = strings(&fields, "EventOrder")
        if fields.has("Unfinished") { result.unfinished = strings(&fields, "Unfinished") }
        result.receiptFields = fieldTables(&fields, "ReceiptFields")
        signedDataExpectations(&fields, into: &result)
        googlePlayExpectations(&fields, into: &result)
        if let node = fields.take("VerifyStatuses") {
            if case .array(let elements) = node.value {
                result.verifyStatuses = elements.compactMap { integer($0, "VerifyStatuses") }
            } else {
                problem(.verifyStatusesNotArray, at: node.location)
            }
        }
        return result
    }
}

import Foundation
import PurchaseKit

/// Runs the tour's steps on real deployments of the plan's catalog and hands each step to `emit` as
/// soon as it is done.
///
/// The code paths are the library's own: ``Store`` purchases, restores and entitlements over a
/// ``FileStoreProvider`` and a ``FileFulfillmentLedger``, opened with ``PurchaseDeployment``.
/// - Steps 1-4 use the deployment as the catalog describes it, in the plan's state folder.
/// - Ask to Buy opens a second view of the same store with the file store's `RequiresApproval`
///   setting: the purchase is deferred, then ``FileStoreProvider/approve(transactionID:)`` charges it
///   and the ``Store`` delivers it from the provider's transaction updates.
/// - The declined payment is a second deferred purchase that
///   ``FileStoreProvider/decline(transactionID:)`` fails; the ``Store`` reports a failed transaction
///   as ``PurchaseError/Code/paymentInvalid``, the code a declined card has.
/// - The fresh install is a ``Store`` over a ``FileStoreProvider`` opened on the first device's
///   state folder (the account) and a new, empty ``FileFulfillmentLedger`` in a folder of its own
///   (the app's record of deliveries); it restores.
struct TourGuide: Sendable {
    /// The catalog, products and folders.
    var plan: TourPlan
    /// The locale the deployments render messages in (`nil`: the catalog's).
    var locale: String?
    /// Renders the tour's own texts (narration, labels) in the tool's locale.
    var console: Console
    /// The plug-ins the tour's deployments are opened with.
    var registry: ProviderRegistry = .builtIn

    /// How many steps the tour has: 8 for the file store; for several stores the first four, one
    /// purchase through each other store, and the restore.
    var stepCount: Int { plan.isFileStore ? 8 : 5 + plan.otherStores.count }

    /// Runs every step in order.
    func run(emit: @Sendable (TourStep) async throws(PurchaseError) -> Void) async throws(PurchaseError) {
        guard plan.isFileStore else {
            try await runStores(emit: emit)
            return
        }
        try await using(plan.catalog, plan.stateDirectory) { deployment throws(PurchaseError) in
            try await emit(try await products(deployment))
            try await emit(try await buyConsumable(deployment))
            try await emit(
                await purchase(
                    deployment, plan.nonConsumable, step: "buyNonConsumable", narration: .toolTourBuyNonConsumable))
            try await emit(
                await purchase(deployment, plan.nonConsumable, step: "buyAgain", narration: .toolTourBuyAgain))
        }
        var family = plan.catalog
        family.deployment.providers[0].settings["RequiresApproval"] = .bool(true)
        try await using(family, plan.stateDirectory) { deployment throws(PurchaseError) in
            let pending = try await askToBuy(deployment)
            try await emit(pending.step)
            if let transactionID = pending.transactionID {
                try await emit(try await approve(deployment, transactionID))
            } else {
                // Nothing waits (already owned in a kept state folder): the step is listed, not run.
                try await emit(TourStep(name: "approved", outcome: "skipped", narration: narrate(.toolTourApproved)))
            }
            try await emit(try await decline(deployment))
        }
        try await emit(try await freshInstall())
    }

    // MARK: - Steps

    func products(_ deployment: PurchaseDeployment) async throws(PurchaseError) -> TourStep {
        let response: ProductsResponse
        do {
            response = try await deployment.store.products()
        } catch {
            throw Self.purchaseError(error)
        }
        let formatter = PriceFormatter(locale: deployment.locale)
        let rows = response.products.map { product in
            (
                id: product.id, price: formatter.string(for: product.price),
                name: product.product.localization(for: deployment.locale)?.displayName ?? product.displayName
            )
        }
        let idWidth = rows.map(\.id.count).max() ?? 0
        let priceWidth = rows.map(\.price.count).max() ?? 0
        let lines = rows.map { row in
            row.id.padding(toLength: idWidth, withPad: " ", startingAt: 0) + "  "
                + String(repeating: " ", count: priceWidth - row.price.count) + row.price + "  " + row.name
        }
        let storefront = deployment.catalog.deployment.storefront
        return TourStep(
            name: "products", outcome: "listed", narration: narrate(.toolTourProducts, storefront), message: nil,
            details: lines,
            json: [
                ("storefront", .string(storefront)),
                (
                    "products",
                    .array(
                        rows.map {
                            .object([
                                ("productID", .string($0.id)), ("displayName", .string($0.name)),
                                ("displayPrice", .string($0.price)),
                            ])
                        })
                ),
            ])
    }

    func buyConsumable(_ deployment: PurchaseDeployment) async throws(PurchaseError) -> TourStep {
        var step = await purchase(
            deployment, plan.consumable, step: "buyConsumable", narration: .toolTourBuyConsumable)
        let balances = try await entitlements(deployment).balances
        let names = plan.consumable.payouts.map(\.name)
        var seen = Set<String>()
        let shown = names.filter { seen.insert($0).inserted }.map { ($0, balances[$0] ?? 0) }
        step.details += shown.map { deployment.render(.balanceAmount(name: $0.0, quantity: $0.1)) }
        step.json.append(("balances", .object(shown.map { ($0.0, .number($0.1)) })))
        return step
    }

    private func askToBuy(_ deployment: PurchaseDeployment) async throws(PurchaseError) -> (
        step: TourStep, transactionID: String?
    ) {
        var step = await purchase(deployment, plan.askToBuy, step: "askToBuy", narration: .toolTourAskToBuy)
        let transactionID = try await waitingTransaction(deployment, plan.askToBuy.productID)
        if let transactionID { step.json.append(("transactionID", .string(transactionID))) }
        return (step, step.outcome == "pending" ? transactionID : nil)
    }

    private func approve(_ deployment: PurchaseDeployment, _ transactionID: String) async throws(PurchaseError)
        -> TourStep
    {
        let events = await deployment.store.events()
        _ = try await Self.asPurchaseError { try await approvals(deployment).approve(transactionID: transactionID) }
        let event = try await Self.event(for: transactionID, in: events)
        var step = resolved(deployment, event, product: plan.askToBuy, step: "approved")
        step.narration = narrate(.toolTourApproved)
        let owned = try await entitlements(deployment).names.sorted()
        if !owned.isEmpty {
            step.details.append(
                deployment.render(
                    .keyed(
                        .toolLabelled,
                        arguments: [.text(deployment.render(.toolEntitlements)), .text(owned.joined(separator: ", "))]))
            )
        }
        step.json.append(("entitlements", .array(owned.map { .string($0) })))
        return step
    }

    private func decline(_ deployment: PurchaseDeployment) async throws(PurchaseError) -> TourStep {
        let request = await deployment.store.purchase(plan.declined.productID)
        let transactionID = try await waitingTransaction(deployment, plan.declined.productID)
        var step: TourStep
        if case .pending = request, let transactionID {
            let events = await deployment.store.events()
            _ = try await Self.asPurchaseError { try await approvals(deployment).decline(transactionID: transactionID) }
            let event = try await Self.event(for: transactionID, in: events)
            step = resolved(deployment, event, product: plan.declined, step: "declined")
        } else {
            step = Self.step(
                for: request, in: deployment, product: plan.declined, name: "declined", narration: "")
        }
        step.narration = narrate(.toolTourDeclined, name(of: plan.declined, in: deployment))
        step.json.insert(("request", .string(request.name)), at: 0)
        return step
    }

    /// A fresh install on the same account: a deployment on the first device's state folder (the
    /// account, in the file store) whose `file` ledger has a folder of its own (`Folder`), new and
    /// empty (the app's record of deliveries); it restores.
    func freshInstall() async throws(PurchaseError) -> TourStep {
        var catalog = plan.catalog
        catalog.deployment.ledger = LedgerConfiguration(
            kind: .file, settings: ["Folder": .string(plan.freshInstallDirectory.path)])
        return try await using(catalog, plan.stateDirectory) { deployment throws(PurchaseError) in
            try await restoreStep(
                deployment.store, render: { deployment.render($0) },
                displayName: { deployment.displayName(of: $0) })
        }
    }

    private func restoreStep(
        _ store: Store, render: (PurchaseCore.Message) -> String, displayName: (String) -> String
    ) async throws(PurchaseError) -> TourStep {
        let before = try await entitlements(store)
        let outcome = await store.restore()
        let after = try await entitlements(store)
        let message = render(PurchaseCore.Message(outcome: outcome))
        var tone = TourStep.Tone.success
        if case .failed = outcome { tone = .failure }
        var step = TourStep(
            name: "restore", outcome: outcome.name, narration: narrate(.toolTourRestore), message: message,
            tone: tone)
        func labelled(_ label: MessageKey, _ value: String) -> String {
            console.text(
                .keyed(.toolLabelled, arguments: [.text(console.text(.keyed(label, arguments: []))), .text(value)]))
        }
        step.preamble.append(labelled(.toolTourBeforeRestore, owned(before, render)))
        let restored = TextColumns(rows: outcome.restoredProductIDs.map { [$0, displayName($0)] })
        step.details += restored.text(indent: "  ").split(separator: "\n").map(String.init)
        step.details.append(labelled(.toolTourAfterRestore, owned(after, render)))
        step.json = [
            ("restored", .array(outcome.restoredProductIDs.map { .string($0) })),
            ("entitlementsBefore", .array(before.names.sorted().map { .string($0) })),
            ("entitlements", .array(after.names.sorted().map { .string($0) })),
        ]
        if case .failed(let error) = outcome { step.json.append(("error", Self.errorJSON(error))) }
        return step
    }

    // MARK: - Helpers

    /// Buys `product` and describes the outcome as a step.
    func purchase(
        _ deployment: PurchaseDeployment, _ product: Product, step name: String, narration key: MessageKey
    ) async -> TourStep {
        let outcome = await deployment.store.purchase(product.productID)
        return Self.step(
            for: outcome, in: deployment, product: product, name: name,
            narration: narrate(key, self.name(of: product, in: deployment)))
    }

    private static func step(
        for outcome: PurchaseOutcome, in deployment: PurchaseDeployment, product: Product, name: String,
        narration: String
    ) -> TourStep {
        let message = deployment.render(
            PurchaseCore.Message(outcome: outcome, productName: deployment.displayName(of: product.productID)))
        var step = TourStep(
            name: name, outcome: outcome.name, narration: narration, message: message,
            json: [("productID", .string(product.productID))])
        switch outcome {
        case .purchased(let transaction):
            step.tone = .success
            step.json.append(("transactionID", .string(transaction.id)))
        case .pending:
            step.tone = .waiting
        case .cancelled:
            step.tone = .failure
        case .failed(let error):
            step.tone = .failure
            step.json.append(("error", errorJSON(error)))
        }
        return step
    }

    /// The step for what the store did with an approved or declined transaction.
    private func resolved(_ deployment: PurchaseDeployment, _ event: StoreEvent, product: Product, step name: String)
        -> TourStep
    {
        let outcome: PurchaseOutcome =
            switch event {
            case .delivered(let transaction, _), .alreadyDelivered(let transaction), .expired(let transaction):
                .purchased(transaction)
            case .pending: .pending(productID: product.productID)
            case .failed(_, let error), .rejected(_, let error), .deferredProcessing(_, let error): .failed(error)
            case .revoked: .failed(PurchaseError(.verificationFailed, detail: "revoked", productID: product.productID))
            case .downloadProgress(let transaction, _), .downloadFinished(let transaction, _): .purchased(transaction)
            case .downloadFailed(_, _, let error): .failed(error)
            }
        return Self.step(for: outcome, in: deployment, product: product, name: name, narration: "")
    }

    /// The identifier of the product's latest purchase waiting for approval, if any.
    private func waitingTransaction(_ deployment: PurchaseDeployment, _ productID: String) async throws(PurchaseError)
        -> String?
    {
        let store = try approvals(deployment)
        return try await Self.asPurchaseError { try await store.history() }.last {
            $0.transaction.productID == productID && $0.transaction.state == .deferred
        }?.transaction.id
    }

    /// The deployment's store whose deferred purchases the tour approves and declines.
    private func approvals(_ deployment: PurchaseDeployment) throws(PurchaseError)
        -> any PurchaseApprovalControlling & TransactionHistoryProviding
    {
        guard let store = deployment.provider((any PurchaseApprovalControlling & TransactionHistoryProviding).self)
        else {
            throw PurchaseError(
                .providerMisconfigured, detail: "the tour needs a store that approves and lists purchases")
        }
        return store
    }

    private func entitlements(_ deployment: PurchaseDeployment) async throws(PurchaseError) -> Entitlements {
        try await entitlements(deployment.store)
    }

    private func entitlements(_ store: Store) async throws(PurchaseError) -> Entitlements {
        do {
            return try await store.entitlements()
        } catch {
            throw Self.purchaseError(error)
        }
    }

    /// What the person owns as one line: entitlement names and balances, or "nothing owned yet".
    private func owned(_ entitlements: Entitlements, _ render: (PurchaseCore.Message) -> String) -> String {
        var parts = entitlements.names.sorted()
        for (name, quantity) in entitlements.balances.sorted(by: { $0.key < $1.key }) where quantity != 0 {
            parts.append(render(.balanceAmount(name: name, quantity: quantity)))
        }
        return parts.isEmpty ? render(.toolNothingOwned) : parts.joined(separator: ", ")
    }

    func name(of product: Product, in deployment: PurchaseDeployment) -> String {
        deployment.displayName(of: product.productID)
    }

    func narrate(_ key: MessageKey, _ arguments: String...) -> String {
        console.text(.keyed(key, arguments: arguments.map { .text($0) }))
    }

    /// Opens a deployment of `catalog` on `state`, starts its store, runs `body`, and closes it
    /// whatever happens.
    func using<Value: Sendable>(
        _ catalog: Catalog, _ state: URL,
        _ body: (PurchaseDeployment) async throws(PurchaseError) -> Value
    ) async throws(PurchaseError) -> Value {
        let deployment = try PurchaseDeployment.open(
            catalog: catalog, stateDirectory: state, locale: locale, registry: registry, clock: SystemClock())
        do {
            try await Self.asPurchaseError { try await deployment.start() }
            let value = try await body(deployment)
            await deployment.close()
            return value
        } catch {
            await deployment.close()
            throw error
        }
    }

    /// The first event saying what became of `transactionID`, or a temporary failure when none comes
    /// within 30 s.
    private static func event(for transactionID: String, in events: AsyncStream<StoreEvent>)
        async throws(PurchaseError) -> StoreEvent
    {
        let event = await withTaskGroup(of: StoreEvent?.self) { group in
            group.addTask {
                // What became of the transaction, after the progress of any downloads of its content.
                for await event in events where event.transaction.id == transactionID && event.download == nil {
                    return event
                }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(30))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        guard let event else {
            throw PurchaseError(.storeUnavailable, detail: "no answer from the store for transaction \(transactionID)")
        }
        return event
    }

    private static func errorJSON(_ error: PurchaseError) -> JSONText {
        .object([("code", .number(error.code.rawValue)), ("name", .string(error.code.name))])
    }

    /// Runs `body`, whose errors are `PurchaseError`s typed as `any Error` (a plug-in protocol's).
    private static func asPurchaseError<Value>(_ body: () async throws -> Value) async throws(PurchaseError) -> Value {
        do {
            return try await body()
        } catch {
            throw purchaseError(error)
        }
    }

    private static func purchaseError(_ error: any Error) -> PurchaseError {
        error as? PurchaseError ?? PurchaseError(.unknown, detail: String(describing: error), underlyingError: error)
    }
}

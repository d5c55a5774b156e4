import Foundation
import PurchaseCore
import SimulatedAppStore

extension ScenarioSession {
    /// Runs one step, then settles.
    func perform(_ step: Scenario.Step) async throws(PurchaseError) {
        if case .expect(let expectations) = step.action {
            await check(expectations, at: step)
            return
        }
        if case .asMember = step.action, let queue {
            // The step itself prints its line, with the member.
            try await performPriceOrFamily(step, queue: queue)
            return
        }
        log.write(
            [("event", .string("step")), ("step", .string(step.action.name)), ("line", .int(step.line))]
                + (currentMember.map { [("member", .string($0))] } ?? []))
        if let play {
            try await performGooglePlay(step, play: play)
            return
        }
        guard let provider, let store else { return }
        let queue = provider.base.queue
        switch step.action {
        case .buy(let productID, let quantity, let account):
            try await purchase(productID, options: PurchaseOptions(quantity: quantity, appAccountToken: account))
            return
        case .redeemOfferCode(let code):
            try await record(await store.redeemOfferCode(code), productID: nil)
            return
        case .buyWithPromotionalOffer(let productID, let offer):
            try await purchase(productID, options: PurchaseOptions(promotionalOffer: await sign(offer, for: productID)))
            return
        case .approveAskToBuy(let productID), .declineAskToBuy(let productID):
            let approve = if case .approveAskToBuy = step.action { true } else { false }
            let requests = await queue.askToBuyRequests().filter { matches($0, productID) }
            guard let request = requests.first else {
                fail(step, .noAskToBuyRequest)
                break
            }
            if approve {
                await queue.approveAskToBuy(request.id)
            } else {
                await queue.declineAskToBuy(request.id)
            }
            done(true)
        case .resolveInterrupted(let productID):
            let interrupted = await queue.interruptedPurchases().filter { matches($0, productID) }
            guard let purchase = interrupted.first else {
                fail(step, .noInterruptedPurchase)
                break
            }
            done(await queue.resolveInterruptedPurchase(purchase.id) != nil)
        case .relaunch:
            try await relaunch()
        case .reinstall:
            ledger = InMemoryFulfillmentLedger()
            try await relaunch()
        case .restore:
            await restore(store)
            return
        case .advanceTime(let seconds):
            // A clock past what receipts carry would leave every later transaction without a receipt.
            guard seconds >= 0, AppReceipt.carries(clock.now.addingTimeInterval(seconds)) else {
                fail(step, .timeOutOfRange)
                break
            }
            await queue.advanceTime(by: seconds)
            await tickFamily()
            await settle()
            log.write([("event", .string("time")), ("now", .string(Self.iso8601(clock.now)))])
            done(true)
            return
        case .refund(let productID):
            // A consumable's finished purchases are not in the account's transactions, but can be refunded.
            let owned = (await queue.accountTransactions + queue.refundableConsumables).filter {
                matches($0, productID) && ($0.transactionState == .purchased || $0.transactionState == .restored)
                    && $0.revocationDate == nil
            }
            // The queue numbers its transactions in the order it makes them.
            guard let newest = owned.max(by: { (UInt64($0.id) ?? 0) < (UInt64($1.id) ?? 0) }) else {
                fail(step, .nothingToRefund(productID: productID))
                break
            }
            done(await queue.refundTransaction(newest.id) != nil)
        case .expire(let productID):
            done(await queue.expireSubscription(productIdentifier: storeID(productID)))
        case .forceRenew(let productID):
            done(await queue.forceRenewalOfSubscription(productIdentifier: storeID(productID)) != nil)
        case .disableAutoRenew(let productID):
            if let status = await queue.subscriptionStatus(for: storeID(productID)) {
                done(await queue.disableAutoRenewForTransaction(status.originalTransactionIdentifier))
            } else {
                done(false)
            }
        case .switchStorefront(let storefront):
            await queue.setStorefront(storefront)
            done(true)
        case .setCanMakePayments(let allowed):
            await queue.updateControls { $0.canMakePayments = allowed }
            done(true)
        case .crashBeforeFinish:
            provider.arm()
        case .addObserver(let name):
            observerNames.append(name)
            await queue.add(ScenarioObserver(name: name, log: log))
        case .verifyReceipt(let environment):
            await verifyReceipt(environment, provider: provider.base)
        case .promotedPurchase(let productID):
            do {
                let result = try await queue.simulatePromotedPurchase(storeID(productID))
                if case .added = result { done(true) } else { done(false) }
            } catch {
                done(false)
                lastError = error.purchaseError(productID: productID).code.name
            }
        case .startDownloads:
            let waiting = await queue.knownDownloads().filter { $0.state == .waiting }
            await queue.start(waiting)
            done(!waiting.isEmpty)
        case .increasePrice, .showPriceConsent, .respondToPriceIncrease, .addFamilyMember, .asMember,
            .stopFamilySharing, .leaveFamily:
            try await performPriceOrFamily(step, queue: queue)
        case .googlePlay:
            // A Google Play step has no meaning for the App Store (a scenario file refuses it).
            done(false)
        case .setDownloadsFail(let fail):
            await queue.updateControls { $0.failDownloads = fail }
            done(true)
        case .signedData(let action):
            await performSignedData(action, queue: queue)
        case .expect:
            break
        }
        await settle()
    }

    /// Restores purchases through `store`, then records and prints the outcome.
    func restore(_ store: Store) async {
        let outcome = await store.restore()
        await settle()
        var entries: [(String, ScenarioJSON)] = [
            ("event", .string("restore")), ("outcome", .string(outcome.name)),
            ("restored", .array(outcome.restoredProductIDs.map { .string($0) })),
        ]
        lastError = nil
        if case .failed(let error) = outcome {
            entries.append(("error", Self.errorJSON(error)))
            lastError = error.code.name
        }
        lastOutcome = outcome.name
        log.write(entries)
    }

    /// Buys `productID` with `options` through the whole flow, then records and prints the outcome
    /// (and relaunches after an armed crash).
    func purchase(_ productID: String, options: PurchaseOptions) async throws(PurchaseError) {
        guard let store else { return }
        try await record(
            await store.purchase(productID, options: options), productID: productID, account: options.appAccountToken)
    }

    /// Records and prints a purchase's `outcome` (and relaunches after an armed crash); `productID`
    /// `nil` names the product of the transaction, if any (an offer code's); `account`, the app account
    /// token the purchase carried, is printed when there is one.
    func record(_ outcome: PurchaseOutcome, productID requested: String?, account: UUID? = nil)
        async throws(PurchaseError)
    {
        var productID = requested ?? ""
        if case .purchased(let transaction) = outcome { productID = transaction.productID }
        var entries: [(String, ScenarioJSON)] = [
            ("event", .string("purchase")), ("productID", .string(productID)), ("outcome", .string(outcome.name)),
        ]
        if let account { entries.append(("account", .string(account.uuidString.lowercased()))) }
        lastError = nil
        switch outcome {
        case .purchased(let transaction): entries.append(("transactionID", .string(transaction.id)))
        case .failed(let error):
            entries.append(("error", Self.errorJSON(error)))
            lastError = error.code.name
        case .pending, .cancelled: break
        }
        lastOutcome = outcome.name
        await settle()
        log.write(entries)
        if provider?.takeCrash() == true {
            log.write([("event", .string("crash")), ("productID", .string(productID))])
            try await relaunch()
        }
    }

    private func verifyReceipt(_ environment: AppStoreEnvironment, provider: SimulatedAppStoreProvider) async {
        await settle()
        lastError = nil
        lastCancellations = nil
        lastVerifyResponse = nil
        guard let receipts = provider.receipts, let service = provider.verifyReceiptService else {
            lastOutcome = "failed"
            lastError = PurchaseError.Code.receiptInvalid.name
            return
        }
        let before = await service.log.count
        var entries: [(String, ScenarioJSON)] = [("event", .string("verifyReceipt"))]
        do {
            let receipt = try await provider.issueReceipt(environment: environment)
            let verifier = AppStoreReceiptVerifier(
                transport: service, sharedSecret: receipts.sharedSecret, bundleID: receipts.bundleID,
                sleeper: ImmediateSleeper())
            let result = try await verifier.verifyReceipt(receipt)
            lastOutcome = "verified"
            let cancelled = cancellations(in: result.response)
            lastCancellations = cancelled
            lastVerifyResponse = result.response
            entries.append(("outcome", .string("verified")))
            entries.append(("environment", .string(result.environment.rawValue)))
            entries.append(("cancelled", .array(cancelled.map { .string($0) })))
        } catch let error as PurchaseError {
            lastOutcome = "failed"
            lastError = error.code.name
            entries.append(("outcome", .string("failed")))
            entries.append(("error", Self.errorJSON(error)))
        } catch {
            lastOutcome = "failed"
            lastError = PurchaseError.Code.receiptInvalid.name
            entries.append(("outcome", .string("failed")))
        }
        let statuses = await service.log.dropFirst(before).map(\.status.rawValue)
        lastStatuses = statuses
        entries.append(("statuses", .array(statuses.map { .int($0) })))
        log.write(entries)
    }

    /// The catalog products with a refunded transaction in both `in_app` and `latest_receipt_info`, sorted.
    private func cancellations(in response: VerifyReceiptResponse) -> [String] {
        func refunded(_ entries: [ReceiptTransaction]) -> Set<String> {
            Set(entries.filter { $0.cancellationDate != nil && $0.cancellationReason != nil }.map(\.productID))
        }
        let storeIDs = refunded(response.inApp).intersection(refunded(response.latestReceiptInfo))
        return storeIDs.map { storeID in
            scenarioCatalogProducts.first { $0.storeID(for: .simulatedAppStore) == storeID }?.productID ?? storeID
        }.sorted()
    }

    func done(_ did: Bool) {
        lastOutcome = did ? "done" : "nothing"
        lastError = nil
    }

    func fail(_ step: Scenario.Step, _ problem: ScenarioStepProblem) {
        checked += 1
        failures.append(
            ScenarioFailure(
                line: step.line, column: step.column, kind: .step(action: step.action.name, problem: problem)))
        log.write([
            ("event", .string("expectation")), ("ok", .bool(false)), ("check", .string(step.action.name)),
            ("message", .string(problem.description)), ("line", .int(step.line)),
        ])
        lastOutcome = "nothing"
    }

    func storeID(_ productID: String) -> String {
        scenarioCatalogProduct(productID)?.storeID(for: .simulatedAppStore) ?? productID
    }

    func matches(_ transaction: PaymentTransaction, _ productID: String?) -> Bool {
        guard let productID else { return true }
        return transaction.payment.productIdentifier == storeID(productID)
    }

    static func iso8601(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}

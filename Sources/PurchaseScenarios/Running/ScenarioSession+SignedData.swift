import AppStoreSignedData
import Foundation
import PurchaseCore
import SimulatedAppStore

// The steps about App Store events that show in server notifications, and the checks of the
// notifications emitted and of signed transactions and renewal info.
extension ScenarioSession {
    func performSignedData(_ action: ScenarioSignedDataStep, queue: PaymentQueue) async {
        switch action {
        case .requestTestNotification:
            done((try? await queue.requestTestNotification()) != nil)
        case .requestRefund(let productID, let reason):
            guard let newest = await newestCharged(productID, refunded: false, in: queue) else {
                done(false)
                return
            }
            done((try? await queue.requestRefund(newest.id, reason: reason)) ?? false)
        case .reverseRefund(let productID):
            guard let newest = await newestCharged(productID, refunded: true, in: queue) else {
                done(false)
                return
            }
            done(await queue.reverseRefund(newest.id) != nil)
        case .enableAutoRenew(let productID):
            guard let status = await queue.subscriptionStatus(for: storeID(productID)) else {
                done(false)
                return
            }
            done(await queue.enableAutoRenewForTransaction(status.originalTransactionIdentifier))
        case .keepCurrentPlan(let productID):
            done(await queue.keepCurrentPlan(productIdentifier: storeID(productID)))
        }
    }

    /// The product's newest charged transaction the account knows (finished consumables it can still
    /// refund included), refunded or not.
    private func newestCharged(_ productID: String, refunded: Bool, in queue: PaymentQueue) async
        -> PaymentTransaction?
    {
        (await queue.accountTransactions + queue.refundableConsumables).filter {
            matches($0, productID) && ($0.transactionState == .purchased || $0.transactionState == .restored)
                && ($0.revocationDate != nil) == refunded
        }.max { (UInt64($0.id) ?? 0) < (UInt64($1.id) ?? 0) }
    }

    /// Prints the notifications the current app's store emitted since the last ones printed, one
    /// `notification` line each, with its type and subtype (and the member whose store it is).
    func writeNotifications() {
        guard let notifications = provider?.base.queue.signedData?.notifications else { return }
        let key = ObjectIdentifier(notifications)
        let fresh = notifications.notifications(after: printedNotifications[key]?.sequence ?? 0)
        guard let last = fresh.last else { return }
        printedNotifications[key] = (notifications, last.sequence)
        for notification in fresh {
            var entries: [(String, ScenarioJSON)] = [
                ("event", .string("notification")), ("type", .string(notification.type?.rawValue ?? "")),
            ]
            if let subtype = notification.subtype { entries.append(("subtype", .string(subtype.rawValue))) }
            if let member = currentMember { entries.append(("member", .string(member))) }
            log.write(entries)
        }
    }

    /// Keeps what the app's store emitted and no check saw yet, before a relaunch replaces the store
    /// (and its notification log).
    func carryNotifications() {
        guard let log = provider?.base.queue.signedData?.notifications else { return }
        let key = ObjectIdentifier(log)
        let fresh = log.notifications(after: notificationMarks[key]?.sequence ?? 0)
        carriedNotifications += fresh
        if let last = fresh.last { notificationMarks[key] = (log, last.sequence) }
    }

    /// The checks of `Notifications`, `SignedTransaction` and `SignedRenewalInfo`: name, whether it
    /// holds, expected and actual.
    func signedDataChecks(_ expectations: ScenarioExpectations) async
        -> [(String, Bool, ScenarioJSON, ScenarioJSON)]
    {
        var checks: [(String, Bool, ScenarioJSON, ScenarioJSON)] = []
        func strings(_ values: [String]) -> ScenarioJSON { .array(values.map { .string($0) }) }
        let signedData = queue?.signedData
        if let expected = expectations.notifications {
            var actual: ScenarioJSON = .null
            var holds = false
            if let signedData {
                let log = signedData.notifications
                let key = ObjectIdentifier(log)
                let fresh = log.notifications(after: notificationMarks[key]?.sequence ?? 0)
                if let last = fresh.last { notificationMarks[key] = (log, last.sequence) }
                let emitted = (currentMember == nil ? carriedNotifications : []) + fresh
                if currentMember == nil { carriedNotifications = [] }
                // Each notification is written with the reason it does not verify, if it does not.
                let summaries = emitted.map { notification in
                    Self.verificationProblem(of: notification, signedData: signedData).map {
                        "\(notification.summary) (unverified: \($0))"
                    } ?? notification.summary
                }
                actual = strings(summaries)
                holds = summaries == expected
            }
            checks.append(("notifications", holds, strings(expected), actual))
        }
        for (productID, fields) in expectations.signedTransaction.sorted(by: { $0.key < $1.key }) {
            let found = await signedFields(transactionOf: productID)
            checks += Self.fieldChecks("signedTransaction \(productID)", fields, found)
        }
        for (productID, fields) in expectations.signedRenewalInfo.sorted(by: { $0.key < $1.key }) {
            let found = await signedFields(renewalInfoOf: productID)
            checks += Self.fieldChecks("signedRenewalInfo \(productID)", fields, found)
        }
        return checks
    }

    private static func fieldChecks(
        _ name: String, _ fields: [String: String], _ found: Result<[String: String], VerificationText>
    ) -> [(String, Bool, ScenarioJSON, ScenarioJSON)] {
        fields.sorted(by: { $0.key < $1.key }).map { field, value in
            switch found {
            case .success(let actual):
                let text = actual[field] ?? ""
                return ("\(name) \(field)", text == value, .string(value), .string(text))
            case .failure(let problem):
                return ("\(name) \(field)", false, .string(value), .string(problem.text))
            }
        }
    }

    /// Why a notification, or the signed data in it, does not verify against the store's root; `nil`
    /// when it does.
    private static func verificationProblem(of notification: SignedNotification, signedData: SimulatedSignedData)
        -> String?
    {
        do {
            let verifier = try verifier(for: signedData, bundleID: true)
            let payload = try verifier.verify(notification.signedPayload, as: NotificationPayload.self) {
                SignedDataClaims(
                    signedDate: $0.signedDate?.date, bundleID: $0.data?.bundleId,
                    environment: $0.data?.environment?.rawValue, appAppleID: $0.data?.appAppleId)
            }.payload
            if let info = payload.data?.signedTransactionInfo {
                _ = try verifier.verify(info, as: TransactionPayload.self, claims: transactionClaims)
            }
            if let info = payload.data?.signedRenewalInfo {
                _ = try Self.verifier(for: signedData, bundleID: false).verify(
                    info, as: RenewalInfoPayload.self, claims: renewalClaims)
            }
            return nil
        } catch {
            return error.description
        }
    }

    /// The fields of the signed transaction of the product's newest transaction, verified.
    private func signedFields(transactionOf productID: String) async -> Result<[String: String], VerificationText> {
        guard let queue, let signedData = queue.signedData else { return .failure(VerificationText("no signed data")) }
        let known = await queue.accountTransactions + queue.refundableConsumables
        guard
            let newest = known.filter({
                matches($0, productID) && ($0.transactionState == .purchased || $0.transactionState == .restored)
            }).max(by: { (UInt64($0.id) ?? 0) < (UInt64($1.id) ?? 0) }),
            let token = try? await queue.signedTransaction(newest.id)
        else { return .failure(VerificationText("no transaction")) }
        return Self.fields(of: token) {
            try Self.verifier(for: signedData, bundleID: true).verify(
                token, as: TransactionPayload.self, claims: Self.transactionClaims
            ).payloadBytes
        }
    }

    /// The fields of the signed renewal info of the product's newest subscription, verified.
    private func signedFields(renewalInfoOf productID: String) async -> Result<[String: String], VerificationText> {
        guard let queue, let signedData = queue.signedData else { return .failure(VerificationText("no signed data")) }
        guard let token = try? await queue.signedRenewalInfo(productIdentifier: storeID(productID)) else {
            return .failure(VerificationText("no subscription"))
        }
        return Self.fields(of: token) {
            try Self.verifier(for: signedData, bundleID: false).verify(
                token, as: RenewalInfoPayload.self, claims: Self.renewalClaims
            ).payloadBytes
        }
    }

    /// The top-level fields of a verified payload as JSON text (a string as is).
    private static func fields(
        of token: String, verifiedPayload: () throws -> [UInt8]
    ) -> Result<[String: String], VerificationText> {
        let bytes: [UInt8]
        do {
            bytes = try verifiedPayload()
        } catch {
            return .failure(VerificationText("unverified: \(error)"))
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            return .failure(VerificationText("not a JSON object"))
        }
        var result: [String: String] = [:]
        for (name, value) in object {
            if let text = value as? String {
                result[name] = text
            } else if let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]) {
                result[name] = String(decoding: data, as: UTF8.self)
            }
        }
        return .success(result)
    }

    private static func verifier(for signedData: SimulatedSignedData, bundleID: Bool)
        throws(SignedDataVerificationError)
        -> SignedDataVerifier
    {
        try SignedDataVerifier(
            trustedRoots: [signedData.rootCertificate], bundleID: bundleID ? signedData.identity.bundleID : nil,
            environment: signedData.identity.environment.rawValue, appAppleID: signedData.identity.appAppleID)
    }

    private static func transactionClaims(_ payload: TransactionPayload) -> SignedDataClaims {
        SignedDataClaims(
            signedDate: payload.signedDate?.date, bundleID: payload.bundleId, environment: payload.environment?.rawValue
        )
    }

    private static func renewalClaims(_ payload: RenewalInfoPayload) -> SignedDataClaims {
        SignedDataClaims(signedDate: payload.signedDate?.date, environment: payload.environment?.rawValue)
    }
}

/// Why signed fields could not be read, as a check's actual value.
struct VerificationText: Error {
    var text: String

    init(_ text: String) { self.text = text }
}

import AppStoreSignedData
import Foundation
import PurchaseCore

// Each endpoint: its parameters checked as Apple's server checks them, then the account's answer in
// Apple's response shape.
extension SimulatedServerAPI {
    private var environment: AppStoreSignedData.AppStoreEnvironment? { queue.signedData?.identity.environment }

    private static let invalidTransactionID = SimulatedServerAPIResponse.error(4_000_006, "Invalid transaction id.")
    private static let transactionNotFound = SimulatedServerAPIResponse.error(4_040_010, "Transaction id not found.")

    private static func isTransactionID(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 20 && text.allSatisfy(\.isASCII) && text.allSatisfy(\.isNumber)
    }

    /// Get Transaction History v2.
    func history(_ identifier: String, request: SimulatedServerAPIRequest) async throws -> SimulatedServerAPIResponse {
        guard Self.isTransactionID(identifier) else { return Self.invalidTransactionID }
        var filter = ServerHistoryFilter()
        filter.productIDs = Set(request.queryValues("productId"))
        let types: [String: ProductType] = [
            "AUTO_RENEWABLE": .autoRenewable, "NON_RENEWABLE": .nonRenewing, "CONSUMABLE": .consumable,
            "NON_CONSUMABLE": .nonConsumable,
        ]
        for name in request.queryValues("productType") {
            guard let type = types[name] else { return .error(4_000_022, "Invalid product type.") }
            filter.productTypes.insert(type)
        }
        filter.groups = Set(request.queryValues("subscriptionGroupIdentifier"))
        if let ownership = request.queryValues("inAppOwnershipType").last {
            guard ownership == "PURCHASED" || ownership == "FAMILY_SHARED" else {
                return .error(4_000_026, "Invalid in-app ownership type.")
            }
            filter.familyShared = ownership == "FAMILY_SHARED"
        }
        if let revoked = request.queryValues("revoked").last {
            guard revoked == "true" || revoked == "false" else { return .error(4_000_030, "Invalid revoked.") }
            filter.revoked = revoked == "true"
        }
        if let start = request.queryValues("startDate").last {
            guard let value = Int64(start) else { return .error(4_000_015, "Invalid start date.") }
            filter.start = value
        }
        if let end = request.queryValues("endDate").last {
            guard let value = Int64(end) else { return .error(4_000_016, "Invalid end date.") }
            filter.end = value
        }
        if let start = filter.start, let end = filter.end, start > end {
            return .error(4_000_013, "Start date after end date.")
        }
        if let sort = request.queryValues("sort").last {
            guard sort == "ASCENDING" || sort == "DESCENDING" else { return .error(4_000_021, "Invalid sort.") }
            filter.descending = sort == "DESCENDING"
        }
        var after: ServerHistoryPosition?
        if let revision = request.queryValues("revision").last {
            guard let position = Self.revisionPosition(revision, descending: filter.descending) else {
                return .error(4_000_005, "Invalid request revision.")
            }
            after = position
        }
        guard
            let page = try await queue.serverHistory(
                of: identifier, after: after, filter: filter, pageSize: Self.historyPageSize)
        else { return Self.transactionNotFound }
        struct Body: Encodable {
            var revision: String
            var hasMore: Bool
            var bundleId: String
            var environment: AppStoreSignedData.AppStoreEnvironment?
            var signedTransactions: [String]
        }
        let revision = Self.revision(page.last ?? after, descending: filter.descending)
        return .json(
            Body(
                revision: revision, hasMore: page.hasMore, bundleId: bundleID, environment: environment,
                signedTransactions: page.signed))
    }

    /// A revision token: the order, then the place of the last transaction a page held, when it
    /// last changed (milliseconds) and its number (`0_0` before any).
    private static func revision(_ last: ServerHistoryPosition?, descending: Bool) -> String {
        let last = last ?? ServerHistoryPosition(modified: 0, number: 0)
        return (descending ? "D" : "A") + "\(last.modified)_\(last.number)"
    }

    private static func revisionPosition(_ revision: String, descending: Bool) -> ServerHistoryPosition? {
        guard revision.first == (descending ? "D" : "A") else { return nil }
        let parts = revision.dropFirst().split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 2, let modified = Int64(parts[0]), let number = UInt64(parts[1]) else { return nil }
        return ServerHistoryPosition(modified: modified, number: number)
    }

    /// Get All Subscription Statuses.
    func statuses(_ identifier: String, request: SimulatedServerAPIRequest) async throws
        -> SimulatedServerAPIResponse
    {
        guard Self.isTransactionID(identifier) else { return Self.invalidTransactionID }
        var wanted: Set<AppStoreSubscriptionStatus> = []
        for value in request.queryValues("status") {
            guard let code = Int(value), (1...5).contains(code) else { return .error(4_000_031, "Invalid status.") }
            wanted.insert(AppStoreSubscriptionStatus(rawValue: code))
        }
        guard let entries = try await queue.serverSubscriptionStatuses(of: identifier, statuses: wanted) else {
            return Self.transactionNotFound
        }
        struct Item: Encodable {
            var status: AppStoreSubscriptionStatus
            var originalTransactionId: String
            var signedTransactionInfo: String
            var signedRenewalInfo: String
        }
        struct Group: Encodable {
            var subscriptionGroupIdentifier: String
            var lastTransactions: [Item]
        }
        struct Body: Encodable {
            var environment: AppStoreSignedData.AppStoreEnvironment?
            var bundleId: String
            var data: [Group]
        }
        var groups: [Group] = []
        for entry in entries {
            let item = Item(
                status: entry.status, originalTransactionId: entry.originalTransactionID,
                signedTransactionInfo: entry.signedTransaction, signedRenewalInfo: entry.signedRenewalInfo)
            if let index = groups.firstIndex(where: { $0.subscriptionGroupIdentifier == entry.group }) {
                groups[index].lastTransactions.append(item)
            } else {
                groups.append(Group(subscriptionGroupIdentifier: entry.group, lastTransactions: [item]))
            }
        }
        return .json(Body(environment: environment, bundleId: bundleID, data: groups))
    }

    /// Get Transaction Info.
    func transactionInfo(_ identifier: String) async throws -> SimulatedServerAPIResponse {
        guard Self.isTransactionID(identifier) else { return Self.invalidTransactionID }
        guard let signed = try await queue.signedTransaction(identifier) else { return Self.transactionNotFound }
        struct Body: Encodable { var signedTransactionInfo: String }
        return .json(Body(signedTransactionInfo: signed))
    }

    /// Look Up Order ID: status 0 with the order's transactions, or 1 with none.
    func lookUpOrder(_ orderID: String) async throws -> SimulatedServerAPIResponse {
        struct Body: Encodable {
            var status: Int
            var signedTransactions: [String]
        }
        guard let signed = try await queue.serverOrder(orderID) else {
            return .json(Body(status: 1, signedTransactions: []))
        }
        return .json(Body(status: 0, signedTransactions: signed))
    }

    /// Extend a Subscription Renewal Date.
    func extendRenewalDate(_ identifier: String, body: Data) async throws -> SimulatedServerAPIResponse {
        struct Request: Decodable {
            var extendByDays: Int?
            var extendReasonCode: Int?
            var requestIdentifier: String?
        }
        guard Self.isTransactionID(identifier) else {
            return .error(4_000_008, "Invalid original transaction id.")
        }
        guard let request = try? JSONDecoder().decode(Request.self, from: body) else {
            return .error(4_000_000, "Bad request.")
        }
        guard let days = request.extendByDays, (1...90).contains(days) else {
            return .error(4_000_009, "Invalid extend by days value.")
        }
        guard let reason = request.extendReasonCode, (0...3).contains(reason) else {
            return .error(4_000_010, "Invalid extend reason code.")
        }
        guard let requestID = request.requestIdentifier, !requestID.isEmpty, requestID.count <= 128 else {
            return .error(4_000_011, "Invalid request identifier.")
        }
        switch try await queue.extendRenewalDate(of: identifier, days: days, requestIdentifier: requestID) {
        case .notFound:
            return .error(4_040_005, "Original transaction id not found.")
        case .ineligible:
            return .error(4_030_004, "Subscription extensions are not allowed for this subscription.")
        case .limitReached:
            return .error(4_030_005, "This subscription has reached its maximum number of extensions.")
        case .familyShared:
            return .error(4_030_007, "Family-shared subscriptions are not eligible for a renewal date extension.")
        case .extended(let original, let webOrderLineItemID, let renewalDate):
            struct Body: Encodable {
                var originalTransactionId: String
                var webOrderLineItemId: String
                var success: Bool
                var effectiveDate: AppStoreDate
            }
            return .json(
                Body(
                    originalTransactionId: original, webOrderLineItemId: webOrderLineItemID, success: true,
                    effectiveDate: AppStoreDate(Date(timeIntervalSince1970: renewalDate))))
        }
    }

    /// Request a Test Notification: emits `TEST`; its token is the notification's UUID.
    func requestTestNotification() async throws -> SimulatedServerAPIResponse {
        let token = try await queue.requestTestNotification()
        struct Body: Encodable { var testNotificationToken: String }
        return .json(Body(testNotificationToken: token))
    }

    /// Get Test Notification Status: the `TEST` notification the token names, sent once (the
    /// notification log is where a simulated store sends its notifications).
    func testNotificationStatus(_ token: String) -> SimulatedServerAPIResponse {
        guard !token.isEmpty, token.count <= 128 else { return .error(4_000_020, "Invalid test notification token.") }
        guard
            let sent = queue.notifications().last(where: {
                $0.payload.notificationUUID == token && $0.payload.notificationType == .test
            })
        else { return .error(4_040_008, "Test notification not found.") }
        struct Attempt: Encodable {
            var attemptDate: AppStoreDate?
            var sendAttemptResult: String
        }
        struct Body: Encodable {
            var signedPayload: String
            var sendAttempts: [Attempt]
        }
        return .json(
            Body(
                signedPayload: sent.signedPayload,
                sendAttempts: [Attempt(attemptDate: sent.payload.signedDate, sendAttemptResult: "SUCCESS")]))
    }
}

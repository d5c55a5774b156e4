public import Foundation

/// A version 1 App Store server-to-server notification body (`notification_type` with a
/// `unified_receipt`), which carries the same `latest_receipt_info` and `pending_renewal_info` as a
/// verifyReceipt response but is not one (it has no top-level `status`).
public struct ServerNotificationV1: Sendable, Hashable, Decodable {
    /// `notification_type`: `CANCEL`, `DID_RENEW`, `DID_CHANGE_RENEWAL_STATUS`, `REFUND`...
    public var notificationType: String
    /// `environment`: `Sandbox` or `PROD` as Apple writes it.
    public var environmentName: String?
    /// `bid`: the app's bundle identifier.
    public var bundleID: String?
    /// `bvrs`: the app's bundle version.
    public var bundleVersion: String?
    /// Whether the body carries `password` (the shared secret, which a server should compare and never log).
    public var hasPassword: Bool
    /// `unified_receipt.status`, when present.
    public var unifiedReceiptStatus: VerifyReceiptStatus?
    /// `unified_receipt.latest_receipt`.
    public var latestReceipt: String?
    /// `unified_receipt.latest_receipt_info`.
    public var latestReceiptInfo: [ReceiptTransaction]
    /// `unified_receipt.pending_renewal_info`.
    public var pendingRenewalInfo: [PendingRenewalInfo]

    /// Decodes a notification body.
    ///
    /// - Throws: ``VerifyReceiptDecodingError`` when it is not a JSON object with `notification_type`.
    public init(jsonData: Data) throws(VerifyReceiptDecodingError) {
        try VerifyReceiptDecodingError.checkObject(jsonData)
        do {
            self = try JSONDecoder().decode(Self.self, from: jsonData)
        } catch {
            throw VerifyReceiptDecodingError(decoding: error)
        }
    }

    /// Reads Apple's JSON.
    public init(from decoder: any Decoder) throws {
        let json = try decoder.container(keyedBy: AppleKey.self)
        guard let type = try json.lenientString("notification_type") else {
            throw DecodingError.keyNotFound(
                AppleKey("notification_type"), .init(codingPath: [], debugDescription: "not a notification"))
        }
        notificationType = type
        environmentName = try json.lenientString("environment")
        bundleID = try json.lenientString("bid")
        bundleVersion = try json.lenientString("bvrs")
        hasPassword = try json.lenientString("password") != nil
        if json.contains(AppleKey("unified_receipt")) {
            let unified = try json.nestedContainer(keyedBy: AppleKey.self, forKey: AppleKey("unified_receipt"))
            unifiedReceiptStatus = try unified.lenientInt("status").flatMap { Int(exactly: $0) }.map(
                VerifyReceiptStatus.init(rawValue:))
            latestReceipt = try unified.lenientString("latest_receipt")
            var issues: [VerifyReceiptDecodingIssue] = []
            latestReceiptInfo = unified.lossyArray("latest_receipt_info", of: ReceiptTransaction.self, issues: &issues)
            pendingRenewalInfo = unified.lossyArray(
                "pending_renewal_info", of: PendingRenewalInfo.self, issues: &issues)
        } else {
            unifiedReceiptStatus = nil
            latestReceipt = nil
            latestReceiptInfo = []
            pendingRenewalInfo = []
        }
    }
}

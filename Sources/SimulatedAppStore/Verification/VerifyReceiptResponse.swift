public import Foundation

/// A verifyReceipt response body, decoded from Apple's JSON, and how a client should treat it.
///
/// Decoding (``init(jsonData:)``) accepts real bodies: numbers and booleans written as strings,
/// `_ms` dates, optional fields missing, unknown keys, iOS 6 style bodies (`latest_receipt_info` as
/// one object, `latest_expired_receipt_info`). It refuses a body that is not a JSON object and one
/// without a `status` that is a JSON integer (a boolean, string or fractional status is refused).
/// Parts that cannot be read are skipped and listed in ``decodingIssues`` rather than losing the
/// body. Classification: ``status``, ``environment``, ``isRetryable``, ``retryIn``.
public struct VerifyReceiptResponse: Sendable, Hashable, Codable {
    /// `status`: 0 when the receipt is valid, otherwise an error code.
    public var status: VerifyReceiptStatus
    /// `environment`: the environment that answered (`Sandbox` or `Production`), when the body says.
    public var environment: AppStoreEnvironment?
    /// `is-retryable` as the body gives it (Apple sends it with statuses 21100...21199).
    public var isRetryableFlag: Bool?
    /// `receipt`: the decoded receipt that was sent.
    public var receipt: AppReceipt?
    /// `latest_receipt_info`: every in-app purchase transaction the App Store knows for the receipt's
    /// subscriptions (and other products), including renewals made after the receipt was issued.
    public var latestReceiptInfo: [ReceiptTransaction]
    /// `latest_receipt`: the latest base64 receipt.
    public var latestReceipt: String?
    /// `pending_renewal_info`: one element per auto-renewable subscription.
    public var pendingRenewalInfo: [PendingRenewalInfo]
    /// What decoding had to skip: elements of `in_app`, `latest_receipt_info` or
    /// `pending_renewal_info` that could not be read, or a `receipt` that is not an object, each with
    /// why (its ``VerifyReceiptDecodingIssue/description`` is the English line). Never encoded.
    public var decodingIssues: [VerifyReceiptDecodingIssue] = []

    /// Creates a response.
    public init(
        status: VerifyReceiptStatus,
        environment: AppStoreEnvironment?,
        isRetryableFlag: Bool? = nil,
        receipt: AppReceipt? = nil,
        latestReceiptInfo: [ReceiptTransaction] = [],
        latestReceipt: String? = nil,
        pendingRenewalInfo: [PendingRenewalInfo] = []
    ) {
        self.status = status
        self.environment = environment
        self.isRetryableFlag = isRetryableFlag
        self.receipt = receipt
        self.latestReceiptInfo = latestReceiptInfo
        self.latestReceipt = latestReceipt
        self.pendingRenewalInfo = pendingRenewalInfo
    }

    /// Decodes a response body.
    ///
    /// - Throws: ``VerifyReceiptDecodingError`` when the body is not a JSON object, has no integer
    ///   `status`, or has a known field of an impossible type.
    public init(jsonData: Data) throws(VerifyReceiptDecodingError) {
        try VerifyReceiptDecodingError.checkObject(jsonData)
        do {
            self = try JSONDecoder().decode(Self.self, from: jsonData)
        } catch {
            throw VerifyReceiptDecodingError(decoding: error)
        }
    }

    /// The body as Apple writes it (keys sorted, so the bytes are reproducible).
    public func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding these value types cannot fail: every field is a string, number, bool or array.
        return (try? encoder.encode(self)) ?? Data(#"{"status":\#(status.rawValue)}"#.utf8)
    }

    /// Whether sending the same request again later may succeed: 21002, 21005, 21009, and
    /// 21100...21199 unless `is-retryable` is false.
    public var isRetryable: Bool { status.isRetryable(flag: isRetryableFlag) }

    /// The environment to resend the receipt to: the sandbox for 21007, production for 21008.
    public var retryIn: AppStoreEnvironment? { status.retryEnvironment }

    /// `receipt.in_app`, or `[]` when there is no receipt.
    public var inApp: [ReceiptTransaction] { receipt?.inApp ?? [] }

    /// Reads Apple's JSON body.
    public init(from decoder: any Decoder) throws {
        let json = try decoder.container(keyedBy: AppleKey.self)
        let statusKey = AppleKey("status")
        guard json.contains(statusKey) else {
            throw DecodingError.keyNotFound(
                statusKey, .init(codingPath: [], debugDescription: "a verifyReceipt body needs a status"))
        }
        guard let status = try? json.decode(Int.self, forKey: statusKey) else {
            throw DecodingError.typeMismatch(Int.self, FieldProblem.context(.expectedJSONInteger, at: [statusKey]))
        }
        self.status = VerifyReceiptStatus(status)
        var issues: [VerifyReceiptDecodingIssue] = []
        self.environment = (try? json.lenientString("environment")).flatMap { $0 }.flatMap(
            AppStoreEnvironment.init(rawValue:))
        self.isRetryableFlag =
            (try? json.lenientBool("is-retryable")).flatMap { $0 }
            ?? (try? json.lenientBool("is_retryable")).flatMap { $0 }
        let receiptKey = AppleKey("receipt")
        if json.contains(receiptKey), (try? json.decodeNil(forKey: receiptKey)) == false {
            do {
                let receipt = try json.decode(AppReceipt.self, forKey: receiptKey)
                issues += receipt.decodingIssues.map { $0.inside("receipt") }
                self.receipt = receipt
            } catch {
                issues.append(
                    VerifyReceiptDecodingIssue(part: "receipt", error: VerifyReceiptDecodingError(decoding: error)))
                self.receipt = nil
            }
        } else {
            self.receipt = nil
        }
        var latest = json.lossyArray("latest_receipt_info", of: ReceiptTransaction.self, issues: &issues)
        if latest.isEmpty {
            latest = json.lossyArray("latest_expired_receipt_info", of: ReceiptTransaction.self, issues: &issues)
        }
        self.latestReceiptInfo = latest
        self.latestReceipt = (try? json.lenientString("latest_receipt")).flatMap { $0 }
        self.pendingRenewalInfo = json.lossyArray("pending_renewal_info", of: PendingRenewalInfo.self, issues: &issues)
        self.decodingIssues = issues
    }

    /// Writes Apple's JSON body; empty arrays and missing fields are left out.
    public func encode(to encoder: any Encoder) throws {
        var json = encoder.container(keyedBy: AppleKey.self)
        try json.encode(status.rawValue, forKey: AppleKey("status"))
        try json.string("environment", environment?.rawValue)
        if let isRetryableFlag { try json.encode(isRetryableFlag, forKey: AppleKey("is-retryable")) }
        if let receipt { try json.encode(receipt, forKey: AppleKey("receipt")) }
        if !latestReceiptInfo.isEmpty { try json.encode(latestReceiptInfo, forKey: AppleKey("latest_receipt_info")) }
        try json.string("latest_receipt", latestReceipt)
        if !pendingRenewalInfo.isEmpty { try json.encode(pendingRenewalInfo, forKey: AppleKey("pending_renewal_info")) }
    }
}

public import Foundation

/// The decoded App Store receipt, shaped like the `receipt` object of a verifyReceipt response:
/// what a simulated store signs (``ReceiptIssuer``) and what verifyReceipt returns.
///
/// Decoding tolerates Apple's real bodies (string-typed numbers, missing optional fields, unknown
/// keys such as `adam_id`) and iOS 6 style receipts (`bid` for the bundle identifier, the purchase
/// itself at the top level instead of `in_app`); an `in_app` element that cannot be read is skipped
/// and described in ``decodingIssues``. A receipt with no bundle identifier has `bundleID` `""`.
public struct AppReceipt: Sendable, Hashable, Codable {
    /// `receipt_type`: `Production`, `ProductionSandbox` (and others Apple uses, kept as written).
    public var receiptType: String?
    /// `bundle_id`: the app the receipt belongs to.
    public var bundleID: String
    /// `application_version`: the app's build (`CFBundleVersion`) when the receipt was made.
    public var applicationVersion: String?
    /// `original_application_version`: the build first purchased.
    public var originalApplicationVersion: String?
    /// `receipt_creation_date(_ms)`: when the App Store made the receipt.
    public var receiptCreationDate: Date?
    /// `request_date(_ms)`: when verifyReceipt answered (set in responses only).
    public var requestDate: Date?
    /// `original_purchase_date(_ms)`: when the app was first bought.
    public var originalPurchaseDate: Date?
    /// `expiration_date(_ms)`: for Volume Purchase Program receipts only.
    public var expirationDate: Date?
    /// `in_app`: the in-app purchases the receipt holds.
    public var inApp: [ReceiptTransaction]
    /// What decoding had to skip (an `in_app` element without its identifiers...); empty for a
    /// receipt made by ``init(environment:bundleID:applicationVersion:originalApplicationVersion:receiptCreationDate:originalPurchaseDate:inApp:)``
    /// and never encoded.
    public var decodingIssues: [VerifyReceiptDecodingIssue] = []

    /// The `receipt_type` of sandbox receipts.
    public static let sandboxReceiptType = "ProductionSandbox"
    /// The `receipt_type` of production receipts.
    public static let productionReceiptType = "Production"

    /// The instants a receipt can carry: 0000-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z (its date
    /// strings have four-digit years). Encoding a receipt with a date outside fails with an
    /// `EncodingError` at the field; decoding one fails with a `DecodingError` at the field.
    public static let dateRange = AppleDateFormat.range

    /// Whether a receipt can carry `date`: it is in ``dateRange`` (and is a number).
    public static func carries(_ date: Date) -> Bool {
        AppleDateFormat.isCarried(date)
    }

    /// Creates a receipt for `environment`.
    public init(
        environment: AppStoreEnvironment,
        bundleID: String,
        applicationVersion: String = "1",
        originalApplicationVersion: String = "1.0",
        receiptCreationDate: Date,
        originalPurchaseDate: Date? = nil,
        inApp: [ReceiptTransaction] = []
    ) {
        self.receiptType = environment == .sandbox ? Self.sandboxReceiptType : Self.productionReceiptType
        self.bundleID = bundleID
        self.applicationVersion = applicationVersion
        self.originalApplicationVersion = originalApplicationVersion
        self.receiptCreationDate = receiptCreationDate
        self.requestDate = nil
        self.originalPurchaseDate = originalPurchaseDate ?? receiptCreationDate
        self.expirationDate = nil
        self.inApp = inApp
    }

    /// The environment `receipt_type` names: `ProductionSandbox` (and other `...Sandbox` types) is
    /// the sandbox, `Production` production; `nil` when missing or unknown.
    public var environment: AppStoreEnvironment? {
        guard let receiptType else { return nil }
        if receiptType.hasSuffix("Sandbox") { return .sandbox }
        if receiptType.hasPrefix("Production") { return .production }
        return nil
    }

    /// Reads Apple's JSON `receipt` object.
    public init(from decoder: any Decoder) throws {
        let json = try decoder.container(keyedBy: AppleKey.self)
        self.bundleID = try json.lenientString("bundle_id") ?? json.lenientString("bid") ?? ""
        self.receiptType = try json.lenientString("receipt_type")
        self.applicationVersion = try json.lenientString("application_version") ?? json.lenientString("bvrs")
        self.originalApplicationVersion = try json.lenientString("original_application_version")
        self.receiptCreationDate = try json.appleDate("receipt_creation_date")
        self.requestDate = try json.appleDate("request_date")
        self.originalPurchaseDate = try json.appleDate("original_purchase_date")
        self.expirationDate = try json.appleDate("expiration_date")
        var issues: [VerifyReceiptDecodingIssue] = []
        if json.contains(AppleKey("in_app")) {
            self.inApp = json.lossyArray("in_app", of: ReceiptTransaction.self, issues: &issues)
        } else if json.contains(AppleKey("transaction_id")), let purchase = try? ReceiptTransaction(from: decoder) {
            // An iOS 6 style receipt is the purchase itself.
            self.inApp = [purchase]
        } else {
            self.inApp = []
        }
        self.decodingIssues = issues
    }

    /// Writes Apple's JSON `receipt` object.
    public func encode(to encoder: any Encoder) throws {
        var json = encoder.container(keyedBy: AppleKey.self)
        try json.string("receipt_type", receiptType)
        try json.string("bundle_id", bundleID)
        try json.string("application_version", applicationVersion)
        try json.date("receipt_creation_date", receiptCreationDate)
        try json.date("request_date", requestDate)
        try json.date("original_purchase_date", originalPurchaseDate)
        try json.date("expiration_date", expirationDate)
        try json.string("original_application_version", originalApplicationVersion)
        try json.encode(inApp, forKey: AppleKey("in_app"))
    }
}

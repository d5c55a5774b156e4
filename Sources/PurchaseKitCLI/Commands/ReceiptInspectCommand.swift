import Foundation
import PropertyList
import PurchaseCatalog
import PurchaseCore
import PurchaseKit

/// `purchasekit receipt inspect FILE [--json]`: decodes a verifyReceipt response body and says how a
/// client should treat it.
///
/// Any well-formed body exits 0 whatever its `status` (an error status is information, not a tool
/// failure). A file that is not a verifyReceipt response body (not JSON, not an object, no integer
/// `status`, a known field of an impossible type, or a fragment or notification rather than a body)
/// is reported as `path: error: message` and exits 65; a missing file exits 66.
///
/// With `--json` it prints one object: `status`, `meaning`, `environment` (as the body writes it, or
/// null), `retryable`, `retryIn` (`sandbox`, `production` or null), `receipt`, `inApp`,
/// `latestReceiptInfo`, `pendingRenewalInfo` (dates in ISO 8601, camelCase keys), and
/// `decodingIssues` (parts of the body that could not be read and were skipped, each an English line).
///
/// The text for people comes from the message tables (`tool.receipt.*`) in the tool's locale, why a
/// body or a part of it cannot be read included (`tool.receipt.decoding.*`, only the JSON reader's own
/// words left English, in parentheses); field names (`in_app`...), identifiers, environments and dates
/// stay as Apple writes them. The JSON is machine output and the same in every locale: its `meaning` is
/// the English ``VerifyReceiptStatus/meaning``, its `decodingIssues` English lines.
struct ReceiptInspectCommand {
    /// The body to read (`-` for standard input).
    var path: String
    /// Whether to print JSON.
    var json: Bool

    /// Takes exactly one file.
    init(arguments: CommandArguments, options: GlobalOptions) throws(ToolError) {
        guard let path = arguments.positionals.first else {
            throw .usage(.missingFile(command: "receipt inspect"))
        }
        guard arguments.positionals.count == 1 else { throw .usage(.tooManyFiles(command: "receipt inspect")) }
        self.path = path
        self.json = options.json
    }

    /// Reads, decodes and prints the body.
    func run(console: Console) throws(ToolError) -> ExitCode {
        let name = InputFile.name(of: path)
        let data: Data
        do {
            data = Data(try InputFile.readBytes(path))
        } catch {
            switch error {
            case .tool(let failure): throw failure
            case .invalid(let refused):
                console.diagnostic("\(name): error: " + console.text(refused.reason.messageText))
                return .dataError
            }
        }
        let response: VerifyReceiptResponse
        do {
            response = try VerifyReceiptResponse(jsonData: data)
        } catch {
            let reason = Self.explain(data, error, console: console)
            console.diagnostic(
                "\(name): error: " + console.text(.keyed(.toolReceiptNotABody, arguments: [.text(reason)])))
            return .dataError
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            do {
                let text = try encoder.encode(Report(response))
                try console.print(bytes: text + [0x0A])
            } catch let error as ToolError {
                throw error
            } catch {
                throw ToolError(message: .writeFailed(reason: "\(error)"), exitCode: .internalError)
            }
        } else {
            try console.print(Self.text(for: response, console: console))
        }
        return .success
    }

    /// Why a body was refused, in the console's language, naming what the file is when it is a known
    /// relative of a body, else the field and what is wrong with it.
    static func explain(_ data: Data, _ error: VerifyReceiptDecodingError, console: Console) -> String {
        if let notification = try? ServerNotificationV1(jsonData: data) {
            return console.text(
                .keyed(.toolReceiptNotABodyNotification, arguments: [.text(notification.notificationType)]))
        }
        if (try? JSONDecoder().decode(ReceiptTransaction.self, from: data)) != nil {
            return console.text(.keyed(.toolReceiptNotABodyTransaction, arguments: []))
        }
        if (try? JSONDecoder().decode(PendingRenewalInfo.self, from: data)) != nil {
            return console.text(.keyed(.toolReceiptNotABodyRenewal, arguments: []))
        }
        return console.text(of: error)
    }

    // MARK: - Text for people

    /// The key of the localized meaning of `status` (the `--json` `meaning` stays the English
    /// ``VerifyReceiptStatus/meaning``: it is machine output).
    static func meaningKey(_ status: VerifyReceiptStatus) -> MessageKey {
        switch status.rawValue {
        case 0: .toolReceiptStatus0
        case 2: .toolReceiptStatus2
        case 21000: .toolReceiptStatus21000
        case 21001: .toolReceiptStatus21001
        case 21002: .toolReceiptStatus21002
        case 21003: .toolReceiptStatus21003
        case 21004: .toolReceiptStatus21004
        case 21005: .toolReceiptStatus21005
        case 21006: .toolReceiptStatus21006
        case 21007: .toolReceiptStatus21007
        case 21008: .toolReceiptStatus21008
        case 21009: .toolReceiptStatus21009
        case 21010: .toolReceiptStatus21010
        case VerifyReceiptStatus.internalErrorRange: .toolReceiptStatusInternal
        default: .toolReceiptStatusUnknown
        }
    }

    /// The report for a person, in the console's language; verifyReceipt field names, identifiers,
    /// environments and dates stay as the body writes them.
    static func text(for response: VerifyReceiptResponse, console: Console) -> String {
        func say(_ key: MessageKey, _ texts: String...) -> String {
            console.text(.keyed(key, arguments: texts.map { .text($0) }))
        }
        let meaning = say(meaningKey(response.status))
        var lines = [say(.toolReceiptStatus, String(response.status.rawValue), meaning)]
        if let environment = response.environment {
            lines.append(say(.toolReceiptEnvironment, environment.rawValue))
        } else {
            lines.append(say(.toolReceiptEnvironmentMissing))
        }
        lines.append(say(response.isRetryable ? .toolReceiptRetryableYes : .toolReceiptRetryableNo))
        if let retryIn = response.retryIn {
            lines.append(say(.toolReceiptRetryIn, retryIn == .sandbox ? "sandbox" : "production"))
        }
        if let receipt = response.receipt {
            var line = receipt.bundleID
            if let version = receipt.applicationVersion { line += " " + say(.toolReceiptAppVersion, version) }
            if let type = receipt.receiptType { line += ", \(type)" }
            if let created = receipt.receiptCreationDate {
                line += ", " + say(.toolReceiptAppCreated, isoDate(created))
            }
            lines.append(say(.toolReceiptApp, line))
        }
        func heading(_ field: String, _ count: Int) -> String {
            console.text(.keyed(.toolReceiptSection, arguments: [.text(field), .integer(count)]))
        }
        func section(_ field: String, _ entries: [ReceiptTransaction]) {
            guard !entries.isEmpty else { return }
            lines.append(heading(field, entries.count))
            for entry in entries { lines.append("  " + describe(entry, say: say)) }
        }
        section("in_app", response.inApp)
        section("latest_receipt_info", response.latestReceiptInfo)
        if !response.pendingRenewalInfo.isEmpty {
            lines.append(heading("pending_renewal_info", response.pendingRenewalInfo.count))
            for info in response.pendingRenewalInfo {
                var line = "  \(info.originalTransactionID)  \(info.productID ?? "-")"
                if let renew = info.autoRenewStatus {
                    line += "  " + say(renew ? .toolReceiptAutoRenewOn : .toolReceiptAutoRenewOff)
                }
                if let next = info.autoRenewProductID, next != info.productID {
                    line += " " + say(.toolReceiptRenewsTo, next)
                }
                if let intent = info.expirationIntent {
                    line += "  " + say(.toolReceiptExpirationIntent, String(intent))
                }
                if info.isInBillingRetryPeriod == true { line += "  " + say(.toolReceiptBillingRetry) }
                if let grace = info.gracePeriodExpiresDate {
                    line += "  " + say(.toolReceiptGracePeriod, isoDate(grace))
                }
                lines.append(line)
            }
        }
        for issue in response.decodingIssues {
            lines.append(say(.toolReceiptSkipped, console.text(of: issue.error, part: issue.part)))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func describe(_ entry: ReceiptTransaction, say: (MessageKey, String...) -> String) -> String {
        var line = "\(entry.transactionID)  \(entry.productID)  x\(entry.quantity)  "
        line += say(.toolReceiptPurchased, isoDate(entry.purchaseDate))
        if entry.originalTransactionID != entry.transactionID {
            line += "  " + say(.toolReceiptOriginal, entry.originalTransactionID)
        }
        if let expires = entry.expiresDate { line += "  " + say(.toolReceiptExpires, isoDate(expires)) }
        if entry.isTrialPeriod == true { line += "  " + say(.toolReceiptTrial) }
        if entry.isInIntroOfferPeriod == true { line += "  " + say(.toolReceiptIntroOffer) }
        if let cancelled = entry.cancellationDate { line += "  " + say(.toolReceiptCancelled, isoDate(cancelled)) }
        return line
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` on the proleptic Gregorian calendar, as property lists write dates
    /// (Foundation's formatter switches to the Julian calendar before 1582). The decoder refuses dates
    /// outside 0000-01-01 to 9999-12-31, so every date shown is the one the body holds.
    static func isoDate(_ date: Date) -> String {
        PropertyListWriter.text(forDate: date)
    }

    // MARK: - JSON

    /// The `--json` document.
    struct Report: Encodable {
        var response: VerifyReceiptResponse

        init(_ response: VerifyReceiptResponse) { self.response = response }

        enum Keys: String, CodingKey {
            case status, meaning, environment, retryable, retryIn, isRetryableFlag, receipt, inApp
            case latestReceiptInfo, pendingRenewalInfo, hasLatestReceipt, decodingIssues
        }

        func encode(to encoder: any Encoder) throws {
            var json = encoder.container(keyedBy: Keys.self)
            try json.encode(response.status.rawValue, forKey: .status)
            try json.encode(response.status.meaning, forKey: .meaning)
            try json.encode(response.environment?.rawValue, forKey: .environment)
            try json.encode(response.isRetryable, forKey: .retryable)
            try json.encode(response.retryIn.map { $0 == .sandbox ? "sandbox" : "production" }, forKey: .retryIn)
            try json.encodeIfPresent(response.isRetryableFlag, forKey: .isRetryableFlag)
            try json.encodeIfPresent(response.receipt.map(ReceiptReport.init), forKey: .receipt)
            try json.encode(response.inApp.map(TransactionReport.init), forKey: .inApp)
            try json.encode(response.latestReceiptInfo.map(TransactionReport.init), forKey: .latestReceiptInfo)
            try json.encode(response.pendingRenewalInfo.map(RenewalReport.init), forKey: .pendingRenewalInfo)
            try json.encode(response.latestReceipt != nil, forKey: .hasLatestReceipt)
            try json.encode(response.decodingIssues.map(\.description), forKey: .decodingIssues)
        }
    }

    struct ReceiptReport: Encodable {
        var bundleID: String
        var applicationVersion: String?
        var originalApplicationVersion: String?
        var receiptType: String?
        var receiptCreationDate: String?
        var requestDate: String?

        init(_ receipt: AppReceipt) {
            bundleID = receipt.bundleID
            applicationVersion = receipt.applicationVersion
            originalApplicationVersion = receipt.originalApplicationVersion
            receiptType = receipt.receiptType
            receiptCreationDate = receipt.receiptCreationDate.map(isoDate)
            requestDate = receipt.requestDate.map(isoDate)
        }
    }

    struct TransactionReport: Encodable {
        var productID: String
        var transactionID: String
        var originalTransactionID: String
        var quantity: Int
        var purchaseDate: String
        var originalPurchaseDate: String?
        var expiresDate: String?
        var cancellationDate: String?
        var cancellationReason: String?
        var isTrialPeriod: Bool?
        var isInIntroOfferPeriod: Bool?
        var webOrderLineItemID: String?
        var inAppOwnershipType: String?
        var subscriptionGroupIdentifier: String?

        init(_ entry: ReceiptTransaction) {
            productID = entry.productID
            transactionID = entry.transactionID
            originalTransactionID = entry.originalTransactionID
            quantity = entry.quantity
            purchaseDate = isoDate(entry.purchaseDate)
            originalPurchaseDate = entry.originalPurchaseDate.map(isoDate)
            expiresDate = entry.expiresDate.map(isoDate)
            cancellationDate = entry.cancellationDate.map(isoDate)
            cancellationReason = entry.cancellationReason
            isTrialPeriod = entry.isTrialPeriod
            isInIntroOfferPeriod = entry.isInIntroOfferPeriod
            webOrderLineItemID = entry.webOrderLineItemID
            inAppOwnershipType = entry.inAppOwnershipType
            subscriptionGroupIdentifier = entry.subscriptionGroupIdentifier
        }
    }

    struct RenewalReport: Encodable {
        var originalTransactionID: String
        var productID: String?
        var autoRenewProductID: String?
        var autoRenewStatus: Bool?
        var expirationIntent: Int?
        var isInBillingRetryPeriod: Bool?
        var gracePeriodExpiresDate: String?

        init(_ info: PendingRenewalInfo) {
            originalTransactionID = info.originalTransactionID
            productID = info.productID
            autoRenewProductID = info.autoRenewProductID
            autoRenewStatus = info.autoRenewStatus
            expirationIntent = info.expirationIntent
            isInBillingRetryPeriod = info.isInBillingRetryPeriod
            gracePeriodExpiresDate = info.gracePeriodExpiresDate.map(isoDate)
        }
    }
}

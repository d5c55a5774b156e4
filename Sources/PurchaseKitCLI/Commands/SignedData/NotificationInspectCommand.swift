import AppStoreSignedData
import Foundation
import PurchaseCore

/// `purchasekit notification inspect FILE [--root FILE]... [--bundle-id ID] [--environment ENV]
/// [--json]`: decodes an App Store Server Notification V2 body (`{"signedPayload": "<JWS>"}`) and
/// verifies the notification and the signed transaction and renewal info its `data` carries.
///
/// Exit codes as `jws inspect`: 0 when every signed part verified, 1 when one did not, 65 when the
/// body or a signed part is malformed, 66 for a missing file.
struct NotificationInspectCommand {
    /// The body's file (`-` for standard input).
    var path: String
    /// The roots and claims.
    var options: SignedDataOptions
    /// Whether to print JSON.
    var json: Bool

    /// Takes exactly one file.
    init(arguments: CommandArguments, options: GlobalOptions) throws(ToolError) {
        guard let path = arguments.positionals.first else {
            throw .usage(.missingFile(command: "notification inspect"))
        }
        guard arguments.positionals.count == 1 else { throw .usage(.tooManyFiles(command: "notification inspect")) }
        self.path = path
        self.options = SignedDataOptions(arguments)
        self.json = options.json
    }

    /// Reads, decodes, verifies and prints.
    func run(console: Console) throws(ToolError) -> ExitCode {
        guard let text = try SignedDataInput.read(path, console: console) else { return .dataError }
        let body: NotificationBody
        do {
            body = try PayloadJSON.decode(NotificationBody.self, from: Data(text.utf8))
        } catch {
            let reason = "expected {\"signedPayload\": \"<JWS>\"}"
            SignedDataInput.refuse(path, .keyed(.toolNotificationNotABody, arguments: [.text(reason)]), console)
            return .dataError
        }
        let verifier: SignedDataVerifier?
        do {
            verifier = try options.verifier(console: console)
        } catch {
            switch error {
            case .tool(let failure): throw failure
            case .reported: return .dataError
            }
        }
        func report(_ token: String, bundleID: String?) throws(SignedTokenReport.Malformed) -> SignedTokenReport {
            try SignedTokenReport(
                token: token, verifier: verifier, expectedBundleID: bundleID,
                expectedEnvironment: options.environment)
        }
        let notification: SignedTokenReport
        var parts: [(key: String, heading: MessageKey, report: SignedTokenReport)] = []
        do {
            notification = try report(body.signedPayload, bundleID: options.bundleID)
            let data = notification.payload["data"] as? [String: Any]
            if let token = data?["signedTransactionInfo"] as? String {
                parts.append(
                    ("transaction", .toolNotificationTransaction, try report(token, bundleID: options.bundleID)))
            }
            if let token = data?["signedRenewalInfo"] as? String {
                // Renewal info carries no bundle id.
                parts.append(("renewalInfo", .toolNotificationRenewal, try report(token, bundleID: nil)))
            }
        } catch {
            SignedDataInput.refuse(path, .keyed(.toolJWSMalformed, arguments: [.text(error.reason)]), console)
            return .dataError
        }
        if json {
            var object = notification.json(console: console)
            for part in parts { object[part.key] = part.report.json(console: console) }
            try SignedDataInput.printJSON(object, console: console)
        } else {
            let payload = notification.payload
            let signed = (payload["signedDate"] as? NSNumber).map {
                SignedTokenReport.isoDate(Date(timeIntervalSince1970: $0.doubleValue / 1000))
            }
            var lines = [
                console.text(
                    .keyed(
                        .toolNotificationSummary,
                        arguments: [
                            .text(payload["notificationType"] as? String ?? "-"),
                            .text(payload["subtype"] as? String ?? "-"),
                            .text(payload["notificationUUID"] as? String ?? "-"), .text(signed ?? "-"),
                        ])),
                notification.text(console: console, roots: options.rootPaths),
            ]
            for part in parts {
                lines.append(console.text(.keyed(part.heading, arguments: [])))
                lines.append(part.report.text(console: console, roots: options.rootPaths))
            }
            try console.print(lines.joined(separator: "\n") + "\n")
        }
        return notification.verified && parts.allSatisfy(\.report.verified) ? .success : .refused
    }
}

import Foundation
import GooglePlayDeveloperAPI
import HTTPServer
import PurchaseCore

/// Google Play's route: the real-time developer notifications Cloud Pub/Sub pushes.
extension ServerContext {
    /// `POST /v1/google/notifications?token=SECRET`: a Pub/Sub push of a Play developer notification,
    /// confirmed with the Play Developer API and applied once with `PlayNotificationProcessor`; 200
    /// only once durably applied (or found applied before, or nothing to apply); 401 for a wrong
    /// `token`; 400 for a push that will never apply; 503 for one Pub/Sub's redelivery may apply;
    /// 501 without `GooglePlayPackageName`.
    func googleNotification(_ request: HTTPRequest) async throws(ServerError) -> HTTPResponse {
        guard let googlePlay else { throw .googlePlayNotConfigured }
        guard googlePlay.pushToken?.accepts(value: request.queryValue("token")) == true else { throw .unauthorized }
        let report: PlayNotificationReport
        do {
            report = try await googlePlay.processor.process(body: request.body)
        } catch {
            if error.code == .ledgerFailed { metrics.recordLedgerError() }
            throw ServerError(error)
        }
        let changes = report.outcome.changes
        var body: [String: Any] = [
            "messageID": report.messageID, "kind": report.kind, "outcome": report.outcome.name,
            "acknowledged": changes.acknowledged,
        ]
        if let id = report.transactionID { body["transactionID"] = id.id }
        if !changes.debited.isEmpty { body["debited"] = changes.debited }
        return HTTPResponse.json(JSONBody.data(body))
    }
}

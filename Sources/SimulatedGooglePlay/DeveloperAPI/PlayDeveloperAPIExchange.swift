import Foundation
// Re-exported so that code importing this module alone reaches the request's and answer's members.
@_exported public import HTTPAPISupport

/// One request to the simulated Play Developer API: the method, the path (percent-decoded, without
/// the query, such as `/androidpublisher/v3/applications/com.example.app/purchases/voidedpurchases`),
/// the query items, the headers and the body.
public typealias PlayDeveloperAPIRequest = APIHandlerRequest

/// The simulated Play Developer API's answer: a status, headers and a JSON body.
public typealias PlayDeveloperAPIResponse = APIHandlerResponse

extension PlayDeveloperAPIResponse {
    /// A 200 answer of `value` as JSON.
    static func json(_ value: some Encodable) -> PlayDeveloperAPIResponse {
        PlayDeveloperAPIResponse(
            status: 200, headers: ["Content-Type": "application/json; charset=UTF-8"], body: PubSubPushBody.json(value))
    }

    /// The 200 answer of an acknowledgement or consumption: an empty body.
    static let empty = PlayDeveloperAPIResponse(
        status: 200, headers: ["Content-Type": "application/json; charset=UTF-8"])
}

/// An error answer of Google's APIs: `{"error": {"code": 404, "message": "...", "status": "NOT_FOUND"}}`.
struct PlayDeveloperAPIError: Error, Sendable, Hashable, Encodable {
    struct Detail: Sendable, Hashable, Encodable {
        var code: Int
        var message: String
        var status: String
    }

    var error: Detail

    init(_ code: Int, _ status: String, _ message: String) {
        error = Detail(code: code, message: message, status: status)
    }

    /// The answer carrying it, with its status.
    var response: PlayDeveloperAPIResponse {
        var headers = ["Content-Type": "application/json; charset=UTF-8"]
        if error.code == 401 { headers["WWW-Authenticate"] = "Bearer realm=\"https://accounts.google.com/\"" }
        return PlayDeveloperAPIResponse(status: error.code, headers: headers, body: PubSubPushBody.json(self))
    }

    static func invalidArgument(_ message: String) -> PlayDeveloperAPIError {
        PlayDeveloperAPIError(400, "INVALID_ARGUMENT", message)
    }

    static func notFound(_ message: String) -> PlayDeveloperAPIError {
        PlayDeveloperAPIError(404, "NOT_FOUND", message)
    }

    static func failedPrecondition(_ message: String) -> PlayDeveloperAPIError {
        PlayDeveloperAPIError(409, "FAILED_PRECONDITION", message)
    }

    static let unauthenticated = PlayDeveloperAPIError(
        401, "UNAUTHENTICATED",
        "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other "
            + "valid authentication credential.")

    static let noSuchMethod = notFound("The requested URL was not found on this server.")
    static let tokenNotFound = notFound("The purchase token was not found.")
}

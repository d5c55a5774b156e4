import Foundation
// Re-exported so that code importing this module alone reaches the request's and answer's members.
@_exported public import HTTPAPISupport

/// One request to the simulated App Store Server API: the method, the path (percent-decoded, without
/// the query, such as `/inApps/v1/transactions/2000000001`), the query items, the headers and the body.
public typealias SimulatedServerAPIRequest = APIHandlerRequest

/// The simulated App Store Server API's answer: a status, headers and a body (JSON, or text for a
/// 401, as Apple's server answers).
public typealias SimulatedServerAPIResponse = APIHandlerResponse

extension SimulatedServerAPIResponse {
    /// A JSON answer of `value`.
    static func json(_ value: some Encodable, status: Int = 200) -> SimulatedServerAPIResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return SimulatedServerAPIResponse(status: status, headers: ["Content-Type": "application/json"], body: body)
    }

    /// Apple's error answer: `{"errorCode": code, "errorMessage": message}` with the status the
    /// code's first three digits name.
    static func error(_ code: Int64, _ message: String) -> SimulatedServerAPIResponse {
        struct Body: Encodable {
            var errorCode: Int64
            var errorMessage: String
        }
        return json(Body(errorCode: code, errorMessage: message), status: Int(code / 10_000))
    }

    /// 401, as Apple answers a token it refuses.
    static let unauthenticated = SimulatedServerAPIResponse(
        status: 401, headers: ["Content-Type": "text/plain"], body: Data("Unauthenticated\n".utf8))
}

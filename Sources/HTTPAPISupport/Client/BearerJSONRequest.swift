public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// A request to a JSON API authorized by a bearer token.
public enum BearerJSONRequest {
    /// A request of `method` to `url` with `Authorization: Bearer token`, `Accept: application/json`,
    /// and, when there is a body, that body with `Content-Type: application/json`; it times out after
    /// `timeout` seconds.
    ///
    /// - Parameters:
    ///   - url: where to send it.
    ///   - method: `GET`, `POST`, `PUT`...
    ///   - token: the bearer token, sent as it is.
    ///   - body: the JSON body, or `nil` for none (no `Content-Type` then).
    ///   - timeout: the request's timeout, in seconds.
    public static func make(
        url: URL, method: String, token: String, body: Data?, timeout: TimeInterval
    ) -> URLRequest {
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = method
        request.setValue("Bearer " + token, forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return request
    }
}

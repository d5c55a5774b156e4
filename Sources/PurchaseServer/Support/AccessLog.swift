import Foundation
import HTTPServer

/// The access log's line for one response: time (UTC, milliseconds), remote address, method and
/// path in quotes, status, body bytes and duration in milliseconds.
enum AccessLog {
    static func line(_ record: HTTPExchangeRecord, seconds: Double) -> String {
        let time = Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(Date())
        let path = record.request.path.unicodeScalars.map { scalar in
            scalar.value < 0x21 || scalar.value == 0x22 || scalar.value == 0x7F
                ? String(format: "%%%02X", scalar.value) : String(scalar)
        }.joined()
        let remote = record.request.remoteAddress.isEmpty ? "-" : record.request.remoteAddress
        return "\(time) \(remote) \"\(record.request.method) \(path)\" \(record.response.status) "
            + "\(record.response.body.count) \(String(format: "%.3f", seconds * 1000))ms"
    }
}

import Foundation
import Testing

@testable import PurchaseServer

/// The server's JSON writer gives the text JSONSerialization gives with `.sortedKeys`, for every
/// kind of value the answers hold.
struct SortedJSONWriterTests {
    static var bodies: [[String: Any]] {
        [
            [:],
            ["account": "A11CE000-0000-4000-8000-000000000001", "delivered": true, "balance": 0],
            [
                "entitlements": ["pro", "no-ads"], "balances": ["gems": 1_200, "coins": -5],
                "subscriptions": [
                    [
                        "productID": "com.example.pro", "group": "pro", "level": 1, "expiry": "2026-12-03T10:00:00Z",
                        "state": "active", "grantsAccess": true, "endedEarly": false,
                    ] as [String: Any]
                ],
            ],
            [
                "error": [
                    "code": 14, "name": "spendIDConflict",
                    "message": "Quote \" backslash \\ slash / newline \n tab \t bell \u{07} é 日本 🎉",
                ] as [String: Any]
            ],
            [
                "Zeta": 1, "alpha": 2, "Beta": [] as [Any], "gamma": [:] as [String: Any], "delta": NSNull(),
                "ratio": 0.25,
            ],
            ["transactionID": "2000000123", "transactionId": "x", "b": [1, 2, 3], "A": false],
        ]
    }

    @Test(arguments: 0..<6)
    func theTextIsJSONSerializationsSortedText(index: Int) throws {
        let body = Self.bodies[index]
        let expected = try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
        let written = SortedJSONWriter.data(body)
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        #expect(try JSONSerialization.jsonObject(with: written) is [String: Any])
    }
}

import Foundation
import PurchaseCore
import Testing

struct SubscriptionPeriodTests {
    @Test(arguments: [
        ("P3D", 3, SubscriptionPeriod.Unit.day),
        ("P1W", 1, .week),
        ("P1M", 1, .month),
        ("P3M", 3, .month),
        ("P6M", 6, .month),
        ("P1Y", 1, .year),
        ("P14D", 14, .day),
        ("P9999Y", 9999, .year),
    ])
    func parsesSingleUnitDurations(text: String, value: Int, unit: SubscriptionPeriod.Unit) throws {
        let period = try #require(SubscriptionPeriod(text))
        #expect(period.value == value)
        #expect(period.unit == unit)
        #expect(period.description == text)
    }

    @Test(arguments: [
        "", "P", "1M", "PM", "P0M", "P1", "p1m", "P1m", "P-1M", "P+1M", "P1.5M", "P1Y2M", "PT1H", "P1MT", " P1M",
        "P1M ", "P10000D", "P1 M", "P1X", "P１M",
    ])
    func rejectsAnythingElse(text: String) {
        #expect(SubscriptionPeriod(text) == nil)
    }

    @Test func dropsLeadingZerosInItsDescription() {
        #expect(SubscriptionPeriod("P01M")?.description == "P1M")
    }

    @Test(arguments: [
        ("P1M", "2024-01-31T10:00:00Z", 1, "2024-02-29T10:00:00Z"),
        ("P1M", "2023-01-31T10:00:00Z", 1, "2023-02-28T10:00:00Z"),
        ("P1W", "2024-12-28T23:30:00Z", 1, "2025-01-04T23:30:00Z"),
        ("P3D", "2024-03-30T00:00:00Z", 1, "2024-04-02T00:00:00Z"),
        ("P1Y", "2024-02-29T12:00:00Z", 1, "2025-02-28T12:00:00Z"),
        ("P3M", "2024-11-15T08:00:00Z", 2, "2025-05-15T08:00:00Z"),
        ("P1M", "2024-03-15T08:00:00Z", -1, "2024-02-15T08:00:00Z"),
    ])
    func addsItselfToDatesInUTC(text: String, start: String, count: Int, expected: String) throws {
        let period = try #require(SubscriptionPeriod(text))
        let formatter = ISO8601DateFormatter()
        let date = try #require(formatter.date(from: start))
        #expect(formatter.string(from: period.added(to: date, count: count)) == expected)
    }

    @Test func encodesAsItsISO8601Text() throws {
        let data = try JSONEncoder().encode([SubscriptionPeriod(value: 3, unit: .month)])
        #expect(String(decoding: data, as: UTF8.self) == #"["P3M"]"#)
        let decoded = try JSONDecoder().decode([SubscriptionPeriod].self, from: Data(#"["P1Y"]"#.utf8))
        #expect(decoded == [SubscriptionPeriod(value: 1, unit: .year)])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([SubscriptionPeriod].self, from: Data(#"["P1Y2M"]"#.utf8))
        }
    }
}

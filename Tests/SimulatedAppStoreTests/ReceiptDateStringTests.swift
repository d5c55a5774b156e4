import Foundation
import Testing

@testable import SimulatedAppStore

/// The date strings a receipt writes beside each `_ms` value (`purchase_date`, `purchase_date_pst`)
/// are on the proleptic Gregorian calendar over the whole range receipts carry, as the milliseconds
/// are: Foundation's Gregorian calendar turns Julian before 15 October 1582 and wrote 0000-01-01 as
/// `1-01-03`.
struct ReceiptDateStringTests {
    @Test(arguments: [
        (0.0, "1970-01-01 00:00:00 Etc/GMT"),
        (1_605_229_763, "2020-11-13 01:09:23 Etc/GMT"),
        (951_782_400, "2000-02-29 00:00:00 Etc/GMT"),
        (-12_220_243_200, "1582-10-04 00:00:00 Etc/GMT"),
        (-62_167_219_200, "0000-01-01 00:00:00 Etc/GMT"),
        (-62_162_121_600, "0000-02-29 00:00:00 Etc/GMT"),
        (-1.5, "1969-12-31 23:59:58 Etc/GMT"),
        (253_402_300_799.999, "9999-12-31 23:59:59 Etc/GMT"),
    ])
    func utcStringsAreProlepticGregorian(seconds: Double, expected: String) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(AppleDateFormat.format(date, timeZone: AppleDateFormat.utc) == expected)
        #expect(AppleDateFormat.parse(String(expected.dropLast(" Etc/GMT".count))) == date.roundedDownToSecond)
    }

    @Test func pacificStringsUseTheZonesOffsetAtThatDate() {
        let summer = Date(timeIntervalSince1970: 1_593_561_600)  // 2020-07-01 00:00:00 UTC, PDT
        #expect(
            AppleDateFormat.format(summer, timeZone: AppleDateFormat.pacific)
                == "2020-06-30 17:00:00 America/Los_Angeles")
        let winter = Date(timeIntervalSince1970: 1_605_229_763)  // PST
        #expect(
            AppleDateFormat.format(winter, timeZone: AppleDateFormat.pacific)
                == "2020-11-12 17:09:23 America/Los_Angeles")
    }

    /// Every day of the range, sampled, goes to a date and back to the same day count.
    @Test func daysAndCivilDatesAreInverse() {
        for days in stride(from: Int64(-719_528), through: 2_932_896, by: 997) {
            let (year, month, day) = AppleDateFormat.civilDate(daysSince1970: days)
            #expect(AppleDateFormat.daysSince1970(year: year, month: month, day: day) == days)
        }
        #expect(AppleDateFormat.daysSince1970(year: 2021, month: 2, day: 29) == nil)
        #expect(AppleDateFormat.daysSince1970(year: 1900, month: 2, day: 29) == nil)
        #expect(AppleDateFormat.daysSince1970(year: 2000, month: 2, day: 29) != nil)
    }
}

extension Date {
    fileprivate var roundedDownToSecond: Date {
        Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down))
    }
}

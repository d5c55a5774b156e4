import Foundation

/// A coding key for Apple's snake_case and hyphenated JSON keys (`purchase_date_ms`, `is-retryable`).
struct AppleKey: CodingKey, Hashable {
    var stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// Reading Apple's verifyReceipt JSON, which writes most numbers and booleans as strings
/// (`"quantity": "1"`, `"is_trial_period": "false"`) and each date three times (`purchase_date`,
/// `purchase_date_ms`, `purchase_date_pst`). A missing key or `null` is `nil`; a value of a type
/// that cannot mean the field (an object where an identifier belongs) is a decoding error.
extension KeyedDecodingContainer where Key == AppleKey {
    /// A string, or a whole number written as one.
    func lenientString(_ name: String) throws -> String? {
        let key = AppleKey(name)
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        if let text = try? decode(String.self, forKey: key) { return text }
        if let number = try? decode(Int64.self, forKey: key) { return String(number) }
        if let number = try? decode(UInt64.self, forKey: key) { return String(number) }
        throw DecodingError.typeMismatch(
            String.self, FieldProblem.context(.expectedStringOrWholeNumber, at: codingPath + [key]))
    }

    /// A whole number, or a string holding one; never a boolean.
    func lenientInt(_ name: String) throws -> Int64? {
        let key = AppleKey(name)
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        // A string first: Apple writes numbers as strings, and a failed attempt costs an error.
        if let text = try? decode(String.self, forKey: key) {
            if let number = Int64(text.trimmingCharacters(in: .whitespaces)) { return number }
        } else if let number = try? decode(Int64.self, forKey: key) {
            return number
        }
        throw DecodingError.typeMismatch(Int64.self, FieldProblem.context(.expectedWholeNumber, at: codingPath + [key]))
    }

    /// A boolean: `true`/`false`, `1`/`0`, or those written as strings.
    func lenientBool(_ name: String) throws -> Bool? {
        let key = AppleKey(name)
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        // A string first: Apple writes booleans as strings, and a failed attempt costs an error.
        if let text = try? decode(String.self, forKey: key) {
            switch text.lowercased() {
            case "true", "1": return true
            case "false", "0": return false
            default: break
            }
        } else if let flag = try? decode(Bool.self, forKey: key) {
            return flag
        } else if let number = try? decode(Int64.self, forKey: key), number == 0 || number == 1 {
            return number == 1
        }
        throw DecodingError.typeMismatch(Bool.self, FieldProblem.context(.expectedBoolean, at: codingPath + [key]))
    }

    /// A date from `<name>_ms` (milliseconds since 1970, number or string), else from `<name>`
    /// (`2020-11-13 01:09:23 Etc/GMT`, ISO 8601, or milliseconds as iOS 6 receipts write
    /// `expires_date`). A date string in another form is `nil`; a value of an impossible type throws,
    /// and so do milliseconds outside ``AppleDateFormat/range`` (a `dataCorrupted` error at the field).
    func appleDate(_ name: String) throws -> Date? {
        if let milliseconds = try? lenientInt(name + "_ms") {
            return try date(milliseconds: milliseconds, at: name + "_ms")
        }
        guard let text = try lenientString(name) else { return nil }
        if !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let milliseconds = Int64(text) {
            return try date(milliseconds: milliseconds, at: name)
        }
        return AppleDateFormat.parse(text)
    }

    /// The date `milliseconds` after 1970, refused at field `name` outside ``AppleDateFormat/range``.
    private func date(milliseconds: Int64, at name: String) throws -> Date {
        guard let date = AppleDateFormat.date(milliseconds: milliseconds) else {
            throw DecodingError.dataCorrupted(FieldProblem.context(.dateOutOfRange, at: codingPath + [AppleKey(name)]))
        }
        return date
    }

    /// An array of `T`, or `[]` when the key is missing or `null`.
    func array<T: Decodable>(_ name: String, of type: T.Type) throws -> [T] {
        let key = AppleKey(name)
        guard contains(key), try !decodeNil(forKey: key) else { return [] }
        return try decode([T].self, forKey: key)
    }

    /// The elements of an array of `T` (or of a single `T` object, as iOS 6 style bodies send
    /// `latest_receipt_info`) that decode; each element that does not is skipped and described in
    /// `issues`, so that one odd element does not lose a whole body.
    func lossyArray<T: Decodable>(_ name: String, of type: T.Type, issues: inout [VerifyReceiptDecodingIssue]) -> [T] {
        let key = AppleKey(name)
        guard contains(key), (try? decodeNil(forKey: key)) == false else { return [] }
        if var list = try? nestedUnkeyedContainer(forKey: key) {
            var items: [T] = []
            while !list.isAtEnd {
                let index = list.currentIndex
                do {
                    items.append(try list.decode(T.self))
                } catch {
                    issues.append(
                        VerifyReceiptDecodingIssue(
                            part: "\(name)[\(index)]", error: VerifyReceiptDecodingError(decoding: error)))
                    _ = try? list.decode(SkippedValue.self)
                    if list.currentIndex == index { break }
                }
            }
            return items
        }
        do {
            return [try decode(T.self, forKey: key)]
        } catch {
            issues.append(VerifyReceiptDecodingIssue(part: name, error: VerifyReceiptDecodingError(decoding: error)))
            return []
        }
    }
}

/// Any JSON value, read and thrown away (to step over an element that did not decode).
struct SkippedValue: Decodable {
    init(from decoder: any Decoder) throws {}
}

/// Writing the same JSON as Apple: numbers and booleans as strings, dates three times.
extension KeyedEncodingContainer where Key == AppleKey {
    /// Writes `value` when present.
    mutating func string(_ name: String, _ value: String?) throws {
        if let value { try encode(value, forKey: AppleKey(name)) }
    }

    /// Writes a boolean as `"true"`/`"false"` when present.
    mutating func flag(_ name: String, _ value: Bool?) throws {
        if let value { try encode(value ? "true" : "false", forKey: AppleKey(name)) }
    }

    /// Writes `<name>`, `<name>_ms` and `<name>_pst` when present.
    ///
    /// - Throws: `EncodingError.invalidValue` at the field for a date outside ``AppleDateFormat/range``
    ///   (never a trap, whatever the date).
    mutating func date(_ name: String, _ value: Date?) throws {
        guard let value else { return }
        guard let milliseconds = AppleDateFormat.milliseconds(value) else {
            // The seconds, not the date: describing a `Date` this far out traps in Foundation.
            throw EncodingError.invalidValue(
                value.timeIntervalSince1970,
                .init(codingPath: codingPath + [AppleKey(name)], debugDescription: AppleDateFormat.outOfRange))
        }
        try encode(AppleDateFormat.format(value, timeZone: AppleDateFormat.utc), forKey: AppleKey(name))
        try encode(String(milliseconds), forKey: AppleKey(name + "_ms"))
        try encode(AppleDateFormat.format(value, timeZone: AppleDateFormat.pacific), forKey: AppleKey(name + "_pst"))
    }
}

/// Apple's verifyReceipt date strings: `yyyy-MM-dd HH:mm:ss Etc/GMT`.
enum AppleDateFormat {
    static let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0)!
    static let pacific = TimeZone(identifier: "America/Los_Angeles") ?? utc

    /// The instants a receipt can carry, the same as a property list's: 0000-01-01T00:00:00Z to
    /// 9999-12-31T23:59:59.999Z, all that the four-digit years of its date strings can write.
    static let range = Date(timeIntervalSince1970: -62_167_219_200)...Date(timeIntervalSince1970: 253_402_300_799.999)

    /// Why a date is refused, for encoding errors (decoding errors carry
    /// ``VerifyReceiptDecodingError/Problem/dateOutOfRange``, which says the same).
    static let outOfRange = VerifyReceiptDecodingError.Problem.dateOutOfRange.description

    /// Whether `date` is in ``range``. (Compared as numbers: `Date`'s `<=` holds for a date that is not
    /// a number.)
    static func isCarried(_ date: Date) -> Bool {
        let seconds = date.timeIntervalSince1970
        return seconds >= range.lowerBound.timeIntervalSince1970 && seconds <= range.upperBound.timeIntervalSince1970
    }

    /// Whole milliseconds since 1970, or `nil` for a date outside ``range`` (or not a number).
    static func milliseconds(_ date: Date) -> Int64? {
        guard isCarried(date) else { return nil }
        return Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    /// The date `milliseconds` after 1970, or `nil` outside ``range``.
    static func date(milliseconds: Int64) -> Date? {
        let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        return isCarried(date) ? date : nil
    }

    /// `2020-11-13 01:09:23 Etc/GMT` (or the zone's identifier for another zone), on the proleptic
    /// Gregorian calendar whatever the year (Foundation's Gregorian calendar turns Julian before
    /// October 1582), with four-digit years as the receipt's range needs.
    static func format(_ date: Date, timeZone: TimeZone) -> String {
        let offset = timeZone == utc ? 0 : timeZone.secondsFromGMT(for: date)
        let seconds = Int64((date.timeIntervalSince1970).rounded(.down)) + Int64(offset)
        let (days, secondOfDay) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let (day, time) = secondOfDay < 0 ? (days - 1, secondOfDay + 86_400) : (days, secondOfDay)
        let (year, month, dayOfMonth) = civilDate(daysSince1970: day)
        func digits(_ value: Int64, _ count: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, count - text.count)) + text
        }
        let zone = timeZone == utc ? "Etc/GMT" : timeZone.identifier
        return "\(digits(year, 4))-\(digits(month, 2))-\(digits(dayOfMonth, 2)) "
            + "\(digits(time / 3600, 2)):\(digits(time % 3600 / 60, 2)):\(digits(time % 60, 2)) \(zone)"
    }

    /// The proleptic Gregorian year, month and day of the day `days` after 1970-01-01. The calendar
    /// repeats every 400 years (146,097 days); within such an era, counted from a March 1st so that
    /// the leap day ends the year, the year of the era and the day of that year follow from the days.
    static func civilDate(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468  // days since 0000-03-01
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The days from 1970-01-01 to `year`-`month`-`day` on the proleptic Gregorian calendar, the
    /// inverse of ``civilDate(daysSince1970:)``; `nil` for a day the month does not have.
    static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64? {
        let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths: [Int64] = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...12).contains(month), day >= 1, day <= lengths[Int(month - 1)] else { return nil }
        let marchYear = month <= 2 ? year - 1 : year
        let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
        let yearOfEra = marchYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Reads `yyyy-MM-dd HH:mm:ss` followed by ` Etc/GMT`, ` GMT`, ` UTC` or nothing, or ISO 8601
    /// `yyyy-MM-ddTHH:mm:ssZ`; other zones are refused.
    static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 19, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: " ") || bytes[10] == UInt8(ascii: "T"),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":")
        else { return nil }
        let rest = String(decoding: bytes[19...], as: UTF8.self)
        guard ["", " Etc/GMT", " GMT", " UTC", "Z"].contains(rest) else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            guard range.allSatisfy({ bytes[$0] >= 0x30 && bytes[$0] <= 0x39 }) else { return nil }
            return Int(String(decoding: bytes[range], as: UTF8.self))
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            hour < 24, minute < 60, second < 61,
            let days = daysSince1970(year: Int64(year), month: Int64(month), day: Int64(day))
        else { return nil }
        let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}

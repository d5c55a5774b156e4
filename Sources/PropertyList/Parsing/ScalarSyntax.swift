import Foundation

/// Why the text of a scalar element could not be read; the reader adds the position.
struct ScalarSyntaxError: Error {
    var reason: PropertyListError.Reason
}

/// Parsers for the text of `<integer>`, `<real>`, `<date>` and `<data>`, working on UTF-8 bytes
/// directly, with the leniency and strictness of Foundation's `PropertyListSerialization`.
enum ScalarSyntax {
    // MARK: Integers

    /// `S* [+-]? S* (0[xX] hex+ | digit+)`, with S the broad whitespace Foundation allows;
    /// nothing may follow the digits. Values outside `Int64.min...UInt64.max` are refused.
    static func integer(_ bytes: UnsafeBufferPointer<UInt8>) throws(ScalarSyntaxError) -> PropertyListInteger {
        var index = skipIntegerWhitespace(bytes, from: 0)
        guard index < bytes.count else {
            throw ScalarSyntaxError(reason: .invalidInteger(found: Excerpt.of(bytes), hexadecimal: false))
        }
        var isNegative = false
        if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            isNegative = bytes[index] == UInt8(ascii: "-")
            index = skipIntegerWhitespace(bytes, from: index + 1)
        }
        var radix: UInt64 = 10
        if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "0"),
            bytes[index + 1] | 0x20 == UInt8(ascii: "x")
        {
            radix = 16
            index += 2
        }
        guard index < bytes.count else {
            throw ScalarSyntaxError(reason: .invalidInteger(found: Excerpt.of(bytes), hexadecimal: false))
        }
        var magnitude: UInt64 = 0
        while index < bytes.count {
            let byte = bytes[index]
            let digit: UInt64
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt64(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: digit = UInt64(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: digit = UInt64(byte - UInt8(ascii: "A") + 10)
            default:
                throw ScalarSyntaxError(reason: .invalidInteger(found: Excerpt.of(bytes), hexadecimal: radix == 16))
            }
            let (shifted, overflow1) = magnitude.multipliedReportingOverflow(by: radix)
            let (sum, overflow2) = shifted.addingReportingOverflow(digit)
            if overflow1 || overflow2 { throw outOfRange(bytes) }
            magnitude = sum
            index += 1
        }
        guard let value = PropertyListInteger(isNegative: isNegative, magnitude: magnitude) else {
            throw outOfRange(bytes)
        }
        return value
    }

    private static func outOfRange(_ bytes: UnsafeBufferPointer<UInt8>) -> ScalarSyntaxError {
        ScalarSyntaxError(reason: .integerOutOfRange(Excerpt.of(bytes)))
    }

    /// Skips ASCII controls and spaces, DEL, and Unicode white space, as Foundation does in integers.
    private static func skipIntegerWhitespace(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x21 || byte == 0x7F {
                index += 1
                continue
            }
            guard byte >= 0x80, let (scalar, length) = decodeScalar(bytes, at: index),
                scalar.properties.isWhitespace
            else { break }
            index += length
        }
        return index
    }

    private static func decodeScalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int)? {
        var iterator = bytes[index...].makeIterator()
        var decoder = Unicode.UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
        return (scalar, UTF8.width(scalar))
    }

    // MARK: Reals

    /// Decimal reals as `strtod` reads them (leading white space allowed, trailing refused), plus
    /// `nan`, `inf`, `infinity` in any case with an optional sign. Hexadecimal forms are refused.
    static func real(_ bytes: UnsafeBufferPointer<UInt8>) throws(ScalarSyntaxError) -> Double {
        guard !bytes.isEmpty else {
            throw ScalarSyntaxError(reason: .emptyReal)
        }
        if let special = specialReal(bytes) { return special }
        var start = 0
        while start < bytes.count, isCSpace(bytes[start]) { start += 1 }
        // strtod would read hexadecimal floats; property lists do not allow them.
        var index = start
        while index < bytes.count,
            bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "0")
        {
            index += 1
        }
        let looksHexadecimal = index < bytes.count && bytes[index] | 0x20 == UInt8(ascii: "x")
        if !looksHexadecimal, start < bytes.count,
            let value = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self))
        {
            return value
        }
        throw ScalarSyntaxError(reason: .invalidReal(found: Excerpt.of(bytes)))
    }

    private static func specialReal(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var body = bytes[...]
        var sign = 1.0
        if let first = body.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            sign = first == UInt8(ascii: "-") ? -1 : 1
            body = body.dropFirst()
        }
        func equalsIgnoringCase(_ literal: StaticString) -> Bool {
            guard body.count == literal.utf8CodeUnitCount else { return false }
            for (offset, byte) in body.enumerated() where byte | 0x20 != literal.utf8Start[offset] { return false }
            return true
        }
        if bytes.count == 3, equalsIgnoringCase("nan") { return .nan }
        if equalsIgnoringCase("inf") || equalsIgnoringCase("infinity") { return sign * .infinity }
        return nil
    }

    private static func isCSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    // MARK: Dates

    /// `YYYY-MM-DDTHH:MM:SSZ` in UTC: a year of one or more digits with an optional `-`, then
    /// exactly two digits per field. Out-of-range fields roll over (`2024-01-32` is 1 February), as
    /// Foundation does; the calendar is the proleptic Gregorian one. The instant must lie from
    /// 0000-01-01T00:00:00Z to 9999-12-31T23:59:59Z, all a property list can write back (a date
    /// outside would be changed on the way out).
    static func date(_ bytes: UnsafeBufferPointer<UInt8>) throws(ScalarSyntaxError) -> Date {
        let failure = ScalarSyntaxError(reason: .invalidDate(found: Excerpt.of(bytes)))
        var index = 0
        var yearIsNegative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
            yearIsNegative = true
            index += 1
        }
        var year: Int64 = 0
        var yearDigits = 0
        while index < bytes.count, let digit = digitValue(bytes[index]) {
            year = year * 10 + Int64(digit)
            yearDigits += 1
            index += 1
            if yearDigits > 9 { throw failure }
        }
        guard yearDigits > 0 else { throw failure }
        func field(after separator: UInt8) throws(ScalarSyntaxError) -> Int64 {
            guard index + 2 < bytes.count, bytes[index] == separator,
                let tens = digitValue(bytes[index + 1]), let ones = digitValue(bytes[index + 2])
            else { throw failure }
            index += 3
            return Int64(tens * 10 + ones)
        }
        let month = try field(after: UInt8(ascii: "-"))
        let day = try field(after: UInt8(ascii: "-"))
        let hour = try field(after: UInt8(ascii: "T"))
        let minute = try field(after: UInt8(ascii: ":"))
        let second = try field(after: UInt8(ascii: ":"))
        guard index + 1 == bytes.count, bytes[index] == UInt8(ascii: "Z") else { throw failure }

        let signedYear = yearIsNegative ? -year : year
        let monthIndex = signedYear * 12 + (month - 1)
        let normalizedYear = monthIndex >= 0 ? monthIndex / 12 : (monthIndex - 11) / 12
        let normalizedMonth = monthIndex - normalizedYear * 12 + 1
        let days = CivilCalendar.days(year: normalizedYear, month: normalizedMonth, day: 1) + day - 1
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second
        guard (-62_167_219_200...253_402_300_799).contains(seconds) else {
            throw ScalarSyntaxError(reason: .dateOutOfRange(found: Excerpt.of(bytes)))
        }
        return Date(timeIntervalSinceReferenceDate: Double(seconds - referenceDateOffset))
    }

    /// Seconds from 1970-01-01 to 2001-01-01.
    private static let referenceDateOffset: Int64 = 978_307_200

    private static func digitValue(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
    }

    // MARK: Data

    /// Base64 with any XML white space anywhere; at most two `=` of padding, only at the end.
    static func data(_ bytes: UnsafeBufferPointer<UInt8>) throws(ScalarSyntaxError) -> Data {
        // Decoded straight into the storage the returned `Data` adopts: no second copy.
        let capacity = bytes.count / 4 * 3 + 3
        let output = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        var written = 0
        func append(_ byte: UInt32) {
            output[written] = UInt8(truncatingIfNeeded: byte)
            written += 1
        }
        func failure(_ reason: PropertyListError.Reason) -> ScalarSyntaxError {
            output.deallocate()
            return ScalarSyntaxError(reason: reason)
        }
        var accumulator: UInt32 = 0
        var sextets = 0
        var padding = 0
        for byte in bytes {
            let value = base64Table[Int(byte)]
            if value >= 0 {
                guard padding == 0 else {
                    throw failure(.base64AfterPadding)
                }
                accumulator = accumulator << 6 | UInt32(value)
                sextets += 1
                if sextets == 4 {
                    append(accumulator >> 16)
                    append(accumulator >> 8)
                    append(accumulator)
                    accumulator = 0
                    sextets = 0
                }
            } else if value == -2 {
                continue
            } else if byte == UInt8(ascii: "=") {
                padding += 1
                guard padding <= 2 else {
                    throw failure(.base64TooMuchPadding)
                }
            } else {
                throw failure(.invalidBase64Character(byte))
            }
        }
        switch sextets {
        case 0: break
        case 2: append(accumulator >> 4)
        case 3:
            append(accumulator >> 10)
            append(accumulator >> 2)
        default:
            throw failure(.base64PartialByte)
        }
        guard written > 0 else {
            output.deallocate()
            return Data()
        }
        return Data(bytesNoCopy: output, count: written, deallocator: .custom { pointer, _ in pointer.deallocate() })
    }

    /// Sextet values; -2 for XML white space, -1 for everything else.
    private static let base64Table: [Int8] = {
        var table = [Int8](repeating: -1, count: 256)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        for (value, byte) in alphabet.enumerated() { table[Int(byte)] = Int8(value) }
        for byte in [0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C] { table[byte] = -2 }
        return table
    }()
}

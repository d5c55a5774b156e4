public import Foundation

extension TaggedJSON {
    /// Reads tagged JSON back into a property-list value.
    ///
    /// Object members keep their order, and a repeated key gives a dictionary with repeated keys
    /// (``PropertyListValue/subscript(_:)`` answers the last, as Foundation would). A JSON number
    /// with a fraction or an exponent is a real, any other number an integer (which must lie within
    /// `Int64.min...UInt64.max`). Tags are read as ``encode(_:pretty:)`` writes them; `$real` also
    /// accepts `+inf`, `infinity` and any case, `$uid` a number or a decimal string, and a `$date`
    /// may carry `$timeIntervalSinceReferenceDate` (seconds since 2001-01-01), which then wins.
    ///
    /// - Throws: ``PropertyListError`` of kind ``PropertyListError/Kind/invalidPropertyList`` with the
    ///   line and column of the problem: malformed JSON, `null`, a tag with the wrong kind of value,
    ///   an integer out of range, or nesting deeper than 512 levels.
    public static func decode(_ json: Data) throws(PropertyListError) -> PropertyListValue {
        var parser = JSONParser(bytes: [UInt8](json))
        return try parser.parseDocument()
    }

    /// Reads tagged JSON text back into a property-list value; see the `Data` overload.
    public static func decode(_ json: String) throws(PropertyListError) -> PropertyListValue {
        try decode(Data(json.utf8))
    }
}

/// A small, order-preserving JSON parser producing property-list values directly.
private struct JSONParser {
    let bytes: [UInt8]
    var offset = 0
    var depth = 0
    static let maximumDepth = 512

    init(bytes: [UInt8]) {
        self.bytes = bytes
        // Skip a UTF-8 byte order mark.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
    }

    mutating func parseDocument() throws(PropertyListError) -> PropertyListValue {
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw PropertyListError(.invalidPropertyList, "the JSON is not valid UTF-8", at: location(of: 0))
        }
        skipWhitespace()
        let value = try parseValue().interpreted.get()
        skipWhitespace()
        guard offset == bytes.count else { throw failure("expected the end of the JSON text") }
        return value
    }

    // MARK: - Errors and positions

    func location(of position: Int) -> SourceLocation {
        var line = 1
        var column = 1
        for byte in bytes[..<min(position, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return SourceLocation(line: line, column: column)
    }

    func failure(_ message: String, at position: Int? = nil) -> PropertyListError {
        PropertyListError(.invalidPropertyList, message, at: location(of: position ?? offset))
    }

    // MARK: - Lexing

    var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { offset += 1 }
    }

    mutating func expect(_ byte: UInt8) throws(PropertyListError) {
        guard current == byte else {
            throw failure("expected '\(Character(Unicode.Scalar(byte)))'")
        }
        offset += 1
    }

    mutating func parseLiteral(_ word: String) throws(PropertyListError) {
        for byte in word.utf8 {
            guard current == byte else { throw failure("expected '\(word)'") }
            offset += 1
        }
    }

    // MARK: - Values

    /// A parsed value, read as tagged JSON; for an object also its members as a plain dictionary.
    ///
    /// Both are kept as results because which one is wanted is known only once the enclosing object
    /// ends: the object in `{"$dict": {"$int": 5}}` is a plain dictionary, not a broken tag.
    struct Parsed {
        var interpreted: Result<PropertyListValue, PropertyListError>
        var plain: Result<PropertyListValue, PropertyListError>?
    }

    mutating func parseValue() throws(PropertyListError) -> Parsed {
        if current == UInt8(ascii: "{") { return try parseObject() }
        return Parsed(interpreted: .success(try parseNonObject()))
    }

    mutating func parseNonObject() throws(PropertyListError) -> PropertyListValue {
        guard let byte = current else { throw failure("expected a JSON value, found the end of the text") }
        switch byte {
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try parseLiteral("true")
            return .boolean(true)
        case UInt8(ascii: "f"):
            try parseLiteral("false")
            return .boolean(false)
        case UInt8(ascii: "n"):
            throw failure("null has no property-list equivalent; leave the key out instead")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try parseNumber()
        default:
            throw failure("expected a JSON value")
        }
    }

    mutating func enterContainer() throws(PropertyListError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw failure("the JSON nests deeper than \(Self.maximumDepth) levels")
        }
    }

    mutating func parseArray() throws(PropertyListError) -> PropertyListValue {
        try enterContainer()
        defer { depth -= 1 }
        offset += 1
        var nodes: [PropertyListNode] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            offset += 1
            return .array(nodes)
        }
        while true {
            skipWhitespace()
            nodes.append(PropertyListNode(try parseValue().interpreted.get()))
            skipWhitespace()
            if current == UInt8(ascii: "]") {
                offset += 1
                return .array(nodes)
            }
            guard current == UInt8(ascii: ",") else { throw failure("expected ',' or ']' in an array") }
            offset += 1
        }
    }

    mutating func parseObject() throws(PropertyListError) -> Parsed {
        try enterContainer()
        defer { depth -= 1 }
        offset += 1
        var members: [Member] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            offset += 1
            return Parsed(interpreted: .success(.dictionary([])), plain: .success(.dictionary([])))
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw failure("expected a string key in an object") }
            let key = try parseString()
            skipWhitespace()
            try expect(UInt8(ascii: ":"))
            skipWhitespace()
            let valueStart = offset
            members.append(Member(key: key, parsed: try parseValue(), start: valueStart))
            skipWhitespace()
            if current == UInt8(ascii: "}") {
                offset += 1
                break
            }
            guard current == UInt8(ascii: ",") else { throw failure("expected ',' or '}' in an object") }
            offset += 1
        }
        let plain = Self.result { () throws(PropertyListError) in
            var entries: [PropertyListEntry] = []
            entries.reserveCapacity(members.count)
            for member in members {
                entries.append(PropertyListEntry(key: member.key, value: PropertyListNode(try member.value)))
            }
            return .dictionary(entries)
        }
        if TaggedJSON.isTag(keys: members.map(\.key)) {
            return Parsed(
                interpreted: Self.result { () throws(PropertyListError) in try tagValue(members) }, plain: plain)
        }
        return Parsed(interpreted: plain, plain: plain)
    }

    static func result(
        _ body: () throws(PropertyListError) -> PropertyListValue
    ) -> Result<PropertyListValue, PropertyListError> {
        do {
            return .success(try body())
        } catch {
            return .failure(error)
        }
    }

    struct Member {
        var key: String
        var parsed: Parsed
        var start: Int
        var value: PropertyListValue {
            get throws(PropertyListError) { try parsed.interpreted.get() }
        }
    }

    func tagValue(_ members: [Member]) throws(PropertyListError) -> PropertyListValue {
        var tag = members[0]
        var interval: Double?
        if members.count == 2 {
            let other = members.first { $0.key == "$timeIntervalSinceReferenceDate" }!
            tag = members.first { $0.key == "$date" }!
            switch try other.value {
            case .real(let seconds): interval = seconds
            case .integer(let seconds): interval = seconds.int64Value.map(Double.init)
            default: break
            }
            guard interval != nil else {
                throw failure("$timeIntervalSinceReferenceDate must be a number of seconds", at: other.start)
            }
        }
        if tag.key == "$dict" {
            guard let plain = tag.parsed.plain else { throw failure("$dict must hold an object", at: tag.start) }
            return try plain.get()
        }
        if tag.key == "$uid" {
            switch try tag.value {
            case .integer(let number) where number.uint64Value != nil: return .uid(number.uint64Value!)
            case .string(let text) where UInt64(text) != nil: return .uid(UInt64(text)!)
            default: throw failure("$uid must hold a non-negative integer", at: tag.start)
            }
        }
        guard case .string(let text) = try tag.value else {
            throw failure("\(tag.key) must hold a string", at: tag.start)
        }
        switch tag.key {
        case "$int":
            guard let integer = Self.integer(from: Substring(text)) else {
                throw failure("$int must hold a decimal integer from Int64.min to UInt64.max", at: tag.start)
            }
            return .integer(integer)
        case "$real":
            guard let real = Self.real(from: text) else {
                throw failure("$real must hold a number, inf, -inf or nan", at: tag.start)
            }
            return .real(real)
        case "$data":
            guard let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else {
                throw failure("$data must hold base64", at: tag.start)
            }
            return .data(data)
        default:  // "$date"
            if let interval { return .date(Date(timeIntervalSinceReferenceDate: interval)) }
            guard let date = Self.date(from: text) else {
                throw failure("$date must hold a date written YYYY-MM-DDTHH:MM:SSZ", at: tag.start)
            }
            return .date(date)
        }
    }

    mutating func parseNumber() throws(PropertyListError) -> PropertyListValue {
        let start = offset
        var isReal = false
        if current == UInt8(ascii: "-") { offset += 1 }
        func digits(_ parser: inout JSONParser) -> Int {
            let first = parser.offset
            while let byte = parser.current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { parser.offset += 1 }
            return parser.offset - first
        }
        let integerStart = offset
        let integerDigits = digits(&self)
        guard integerDigits > 0, !(integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0")) else {
            throw failure("malformed number", at: start)
        }
        if current == UInt8(ascii: ".") {
            isReal = true
            offset += 1
            guard digits(&self) > 0 else { throw failure("malformed number: expected digits after '.'", at: start) }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isReal = true
            offset += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { offset += 1 }
            guard digits(&self) > 0 else { throw failure("malformed number: expected exponent digits", at: start) }
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        if isReal {
            guard let real = Double(text) else { throw failure("malformed number", at: start) }
            return .real(real)
        }
        guard let integer = Self.integer(from: Substring(text)) else {
            throw failure("integer \(text) is outside Int64.min...UInt64.max", at: start)
        }
        return .integer(integer)
    }

    mutating func parseString() throws(PropertyListError) -> String {
        let start = offset
        offset += 1
        var scalars = String.UnicodeScalarView()
        var runStart = offset
        func flush(_ parser: JSONParser, upTo end: Int) {
            scalars.append(contentsOf: String(decoding: parser.bytes[runStart..<end], as: UTF8.self).unicodeScalars)
        }
        while true {
            guard let byte = current else { throw failure("unterminated string", at: start) }
            switch byte {
            case UInt8(ascii: "\""):
                flush(self, upTo: offset)
                offset += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush(self, upTo: offset)
                offset += 1
                scalars.append(try parseEscape())
                runStart = offset
            case 0x00..<0x20:
                throw failure("control character in a string; write it as an escape such as \\n or \\u0001")
            default:
                offset += 1
            }
        }
    }

    mutating func parseEscape() throws(PropertyListError) -> Unicode.Scalar {
        guard let byte = current else { throw failure("unterminated escape") }
        offset += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let escapeStart = offset - 2
            let high = try parseHex4()
            if (0xD800..<0xDC00).contains(high) {
                guard current == UInt8(ascii: "\\"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u")
                else { throw failure("unpaired surrogate in a \\u escape", at: escapeStart) }
                offset += 2
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low) else {
                    throw failure("unpaired surrogate in a \\u escape", at: escapeStart)
                }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(high) else {
                throw failure("unpaired surrogate in a \\u escape", at: escapeStart)
            }
            return scalar
        default:
            throw failure("unknown escape '\\\(Character(Unicode.Scalar(byte)))'", at: offset - 2)
        }
    }

    mutating func parseHex4() throws(PropertyListError) -> UInt32 {
        guard offset + 4 <= bytes.count,
            let value = UInt32(String(decoding: bytes[offset..<offset + 4], as: UTF8.self), radix: 16)
        else { throw failure("expected four hexadecimal digits after \\u") }
        offset += 4
        return value
    }

    // MARK: - Scalars

    static func integer(from text: Substring) -> PropertyListInteger? {
        let isNegative = text.hasPrefix("-")
        let digits = isNegative ? text.dropFirst() : text
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let magnitude = UInt64(digits) else { return nil }
        return PropertyListInteger(isNegative: isNegative, magnitude: magnitude)
    }

    static func real(from text: String) -> Double? {
        switch text.lowercased() {
        case "inf", "+inf", "infinity", "+infinity": return .infinity
        case "-inf", "-infinity": return -.infinity
        case "nan": return .nan
        default: return Double(text)
        }
    }

    /// Parses `YYYY-MM-DDTHH:MM:SSZ` (UTC, proleptic Gregorian).
    static func date(from text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            bytes[19] == UInt8(ascii: "Z")
        else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            Int64(String(decoding: bytes[range], as: UTF8.self)).flatMap { $0 >= 0 ? $0 : nil }
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60
        else { return nil }
        // Civil date to days since 1970-01-01 (Howard Hinnant's algorithm).
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
    }
}

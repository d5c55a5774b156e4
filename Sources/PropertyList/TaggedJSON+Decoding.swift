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
        try TaggedJSONDecoder.value(of: JSONNode.parse([UInt8](json), maximumDepth: 512))
    }

    /// Reads tagged JSON text back into a property-list value; see the `Data` overload.
    public static func decode(_ json: String) throws(PropertyListError) -> PropertyListValue {
        try decode(Data(json.utf8))
    }
}

/// Reads a parsed JSON tree as tagged JSON.
private enum TaggedJSONDecoder {
    static func failure(_ reason: PropertyListError.Reason, at node: JSONNode) -> PropertyListError {
        PropertyListError(.invalidPropertyList, reason, at: node.location)
    }

    static func failure(
        _ tag: String, mustHold expected: PropertyListError.Reason.TaggedContent, at node: JSONNode
    ) -> PropertyListError {
        failure(.invalidTaggedValue(tag: tag, expected: expected), at: node)
    }

    static func value(of node: JSONNode) throws(PropertyListError) -> PropertyListValue {
        switch node.value {
        case .object(let members):
            if TaggedJSON.isTag(keys: members.map(\.key)) { return try tagValue(members) }
            return try dictionary(members)
        case .array(let elements):
            var nodes: [PropertyListNode] = []
            nodes.reserveCapacity(elements.count)
            for element in elements { nodes.append(PropertyListNode(try value(of: element))) }
            return .array(nodes)
        case .string(let text): return .string(text)
        case .number(let text): return try number(text, at: node)
        case .bool(let flag): return .boolean(flag)
        case .null: throw failure(.jsonNull, at: node)
        }
    }

    /// The members as a plain dictionary, whatever their keys.
    static func dictionary(_ members: [JSONNode.Member]) throws(PropertyListError) -> PropertyListValue {
        var entries: [PropertyListEntry] = []
        entries.reserveCapacity(members.count)
        for member in members {
            entries.append(PropertyListEntry(key: member.key, value: PropertyListNode(try value(of: member.value))))
        }
        return .dictionary(entries)
    }

    static func number(_ text: String, at node: JSONNode) throws(PropertyListError) -> PropertyListValue {
        if text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") })
        {
            guard let real = Double(text) else { throw failure(.jsonMalformedNumber, at: node) }
            return .real(real)
        }
        guard let integer = integer(from: Substring(text)) else {
            throw failure(.jsonIntegerOutOfRange(Excerpt.oneLine(text)), at: node)
        }
        return .integer(integer)
    }

    static func tagValue(_ members: [JSONNode.Member]) throws(PropertyListError) -> PropertyListValue {
        var tag = members[0]
        var interval: Double?
        if members.count == 2 {
            let other = members.first { $0.key == "$timeIntervalSinceReferenceDate" }!
            tag = members.first { $0.key == "$date" }!
            switch try value(of: other.value) {
            case .real(let seconds): interval = seconds
            case .integer(let seconds): interval = seconds.int64Value.map(Double.init)
            default: break
            }
            guard interval != nil else {
                throw failure("$timeIntervalSinceReferenceDate", mustHold: .seconds, at: other.value)
            }
        }
        let node = tag.value
        if tag.key == "$dict" {
            guard case .object(let members) = node.value else { throw failure("$dict", mustHold: .object, at: node) }
            return try dictionary(members)
        }
        if tag.key == "$uid" {
            switch try value(of: node) {
            case .integer(let number) where number.uint64Value != nil: return .uid(number.uint64Value!)
            case .string(let text) where UInt64(text) != nil: return .uid(UInt64(text)!)
            default: throw failure("$uid", mustHold: .unsignedInteger, at: node)
            }
        }
        guard case .string(let text) = try value(of: node) else {
            throw failure(tag.key, mustHold: .string, at: node)
        }
        switch tag.key {
        case "$int":
            guard let integer = integer(from: Substring(text)) else {
                throw failure("$int", mustHold: .decimalInteger, at: node)
            }
            return .integer(integer)
        case "$real":
            guard let real = real(from: text) else {
                throw failure("$real", mustHold: .real, at: node)
            }
            return .real(real)
        case "$data":
            guard let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else {
                throw failure("$data", mustHold: .base64, at: node)
            }
            return .data(data)
        default:  // "$date"
            if let interval { return .date(Date(timeIntervalSinceReferenceDate: interval)) }
            guard let date = date(from: text) else {
                throw failure("$date", mustHold: .date, at: node)
            }
            return .date(date)
        }
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
        let days = CivilCalendar.days(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
    }
}

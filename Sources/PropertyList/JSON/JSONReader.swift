/// The recursive-descent parser behind ``JSONNode/parse(_:maximumDepth:)``.
///
/// It tracks the current line while skipping whitespace (the only place a line break may occur in
/// JSON) and counts columns on from the last marked position, so marking every value along one very
/// long line stays linear.
struct JSONReader {
    let bytes: [UInt8]
    let maximumDepth: Int
    var offset = 0
    var depth = 0
    /// The current line and the offset where it starts.
    var line = 1
    var lineStart = 0
    /// Where the column count last stopped on the current line.
    var countedOffset = 0
    var countedColumn = 1

    init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            offset = 3
            lineStart = 3
        }
    }

    mutating func document() throws(PropertyListError) -> JSONNode {
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw PropertyListError(.invalidPropertyList, .jsonNotUTF8, at: SourceLocation(line: 1, column: 1))
        }
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard current == nil else { throw failure(.jsonTrailingContent) }
        return value
    }

    // MARK: - Positions and errors

    /// The location of `position`, a byte offset on the current line (for errors, counted once).
    func location(of position: Int) -> SourceLocation {
        var column = 1
        for byte in bytes[lineStart..<min(max(position, lineStart), bytes.count)] where byte & 0xC0 != 0x80 {
            column += 1
        }
        return SourceLocation(line: line, column: column)
    }

    /// The current location, counting on from where the last call stopped on this line.
    mutating func mark() -> SourceLocation {
        if countedOffset < lineStart {
            countedOffset = lineStart
            countedColumn = 1
        }
        let end = min(offset, bytes.count)
        for byte in bytes[countedOffset..<end] where byte & 0xC0 != 0x80 { countedColumn += 1 }
        countedOffset = max(countedOffset, end)
        return SourceLocation(line: line, column: countedColumn)
    }

    func failure(_ reason: PropertyListError.Reason, at position: Int? = nil) -> PropertyListError {
        PropertyListError(.invalidPropertyList, reason, at: location(of: position ?? offset))
    }

    // MARK: - Lexing

    var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    mutating func skipWhitespace() {
        while let byte = current {
            switch byte {
            case 0x0A:
                offset += 1
                line += 1
                lineStart = offset
            case 0x20, 0x09, 0x0D:
                offset += 1
            default:
                return
            }
        }
    }

    mutating func literal(_ word: String) throws(PropertyListError) {
        let start = offset
        for byte in word.utf8 {
            guard current == byte else { throw failure(.jsonExpectedLiteral(word), at: start) }
            offset += 1
        }
    }

    mutating func enterContainer() throws(PropertyListError) {
        depth += 1
        if depth > maximumDepth { throw failure(.jsonTooDeep(limit: maximumDepth)) }
    }

    // MARK: - Values

    mutating func parseValue() throws(PropertyListError) -> JSONNode {
        let start = mark()
        guard let byte = current else { throw failure(.jsonUnexpectedEnd) }
        let value: JSONNode.Value
        switch byte {
        case UInt8(ascii: "{"): value = try parseObject()
        case UInt8(ascii: "["): value = try parseArray()
        case UInt8(ascii: "\""): value = .string(try parseString())
        case UInt8(ascii: "t"):
            try literal("true")
            value = .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            value = .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            value = .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            value = .number(try parseNumber())
        default:
            throw failure(.jsonExpectedValue)
        }
        return JSONNode(value: value, location: start)
    }

    mutating func parseObject() throws(PropertyListError) -> JSONNode.Value {
        try enterContainer()
        defer { depth -= 1 }
        offset += 1
        var members: [JSONNode.Member] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            offset += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw failure(.jsonExpectedKey) }
            let keyLocation = mark()
            let key = try parseString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw failure(.jsonExpectedColon(key: Excerpt.oneLine(key))) }
            offset += 1
            skipWhitespace()
            members.append(JSONNode.Member(key: key, keyLocation: keyLocation, value: try parseValue()))
            skipWhitespace()
            if current == UInt8(ascii: "}") {
                offset += 1
                return .object(members)
            }
            guard current == UInt8(ascii: ",") else { throw failure(.jsonExpectedObjectSeparator) }
            offset += 1
        }
    }

    mutating func parseArray() throws(PropertyListError) -> JSONNode.Value {
        try enterContainer()
        defer { depth -= 1 }
        offset += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            offset += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            if current == UInt8(ascii: "]") {
                offset += 1
                return .array(elements)
            }
            guard current == UInt8(ascii: ",") else { throw failure(.jsonExpectedArraySeparator) }
            offset += 1
        }
    }

    mutating func parseNumber() throws(PropertyListError) -> String {
        let start = offset
        if current == UInt8(ascii: "-") { offset += 1 }
        let integerStart = offset
        let integerDigits = skipDigits()
        guard integerDigits > 0, !(integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0")) else {
            throw failure(.jsonMalformedNumber, at: start)
        }
        if current == UInt8(ascii: ".") {
            offset += 1
            guard skipDigits() > 0 else { throw failure(.jsonMissingFractionDigits, at: start) }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            offset += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { offset += 1 }
            guard skipDigits() > 0 else { throw failure(.jsonMissingExponentDigits, at: start) }
        }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    /// Skips ASCII digits and says how many there were.
    mutating func skipDigits() -> Int {
        let first = offset
        while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { offset += 1 }
        return offset - first
    }
}

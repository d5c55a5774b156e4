import PropertyList

/// A JSON value read from a `.storekit` file, with the position of its first character.
///
/// Objects keep their members in document order with the position of each key, so the importer can
/// point a diagnostic at the key or the value that is wrong.
struct StoreKitJSON: Sendable {
    /// The kinds of JSON value.
    enum Value: Sendable {
        case object([Member])
        case array([StoreKitJSON])
        case string(String)
        /// A number as written (`4`, `0.99`, `793882906.67838395`).
        case number(String)
        case bool(Bool)
        case null
    }

    /// One member of an object.
    struct Member: Sendable {
        var key: String
        var keyLocation: SourceLocation
        var value: StoreKitJSON
    }

    var value: Value
    var location: SourceLocation

    /// The JSON type's name as diagnostics say it.
    var typeName: String {
        switch value {
        case .object: "object"
        case .array: "array"
        case .string: "string"
        case .number: "number"
        case .bool: "boolean"
        case .null: "null"
        }
    }

    /// The member named `key` of an object (the last one when it repeats), or `nil`.
    subscript(key: String) -> StoreKitJSON? {
        guard case .object(let members) = value else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// Whether the value is JSON `null`.
    var isNull: Bool {
        if case .null = value { return true }
        return false
    }

    /// A failure to read the JSON text: what is wrong and where.
    struct SyntaxError: Error {
        var message: String
        var location: SourceLocation
    }

    /// Parses a whole JSON document (an optional UTF-8 byte order mark, one value, whitespace).
    static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> StoreKitJSON {
        var parser = Parser(bytes: bytes)
        return try parser.document()
    }
}

/// A small JSON parser that tracks lines and columns (columns count Unicode scalars).
private struct Parser {
    let bytes: [UInt8]
    var offset = 0
    var line = 1
    var lineStart = 0
    var depth = 0
    static let maximumDepth = 256

    init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            offset = 3
            lineStart = 3
        }
    }

    /// Where the column count last stopped on the current line, so marking values along a long line
    /// stays linear.
    var countedOffset = 0
    var countedColumn = 1

    /// The current position, computed from the start of the line (for errors, once).
    var location: SourceLocation {
        var column = 1
        for byte in bytes[lineStart..<min(offset, bytes.count)] where byte & 0xC0 != 0x80 { column += 1 }
        return SourceLocation(line: line, column: column)
    }

    /// The current position, counting on from where the last call stopped on this line.
    mutating func mark() -> SourceLocation {
        if countedOffset < lineStart {
            countedOffset = lineStart
            countedColumn = 1
        }
        for byte in bytes[countedOffset..<min(offset, bytes.count)] where byte & 0xC0 != 0x80 { countedColumn += 1 }
        countedOffset = max(countedOffset, min(offset, bytes.count))
        return SourceLocation(line: line, column: countedColumn)
    }

    var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    func failure(_ message: String, at location: SourceLocation? = nil) -> StoreKitJSON.SyntaxError {
        StoreKitJSON.SyntaxError(message: message, location: location ?? self.location)
    }

    mutating func document() throws(StoreKitJSON.SyntaxError) -> StoreKitJSON {
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw failure("the file is not valid UTF-8", at: SourceLocation(line: 1, column: 1))
        }
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard current == nil else { throw failure("expected the end of the JSON text") }
        return value
    }

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

    mutating func parseValue() throws(StoreKitJSON.SyntaxError) -> StoreKitJSON {
        let start = mark()
        guard let byte = current else { throw failure("expected a JSON value, found the end of the text") }
        switch byte {
        case UInt8(ascii: "{"): return StoreKitJSON(value: try parseObject(), location: start)
        case UInt8(ascii: "["): return StoreKitJSON(value: try parseArray(), location: start)
        case UInt8(ascii: "\""): return StoreKitJSON(value: .string(try parseString()), location: start)
        case UInt8(ascii: "t"):
            try literal("true")
            return StoreKitJSON(value: .bool(true), location: start)
        case UInt8(ascii: "f"):
            try literal("false")
            return StoreKitJSON(value: .bool(false), location: start)
        case UInt8(ascii: "n"):
            try literal("null")
            return StoreKitJSON(value: .null, location: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return StoreKitJSON(value: .number(try parseNumber()), location: start)
        default:
            throw failure("expected a JSON value")
        }
    }

    mutating func literal(_ word: String) throws(StoreKitJSON.SyntaxError) {
        let start = mark()
        for byte in word.utf8 {
            guard current == byte else { throw failure("expected '\(word)'", at: start) }
            offset += 1
        }
    }

    mutating func enter() throws(StoreKitJSON.SyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw failure("the JSON nests deeper than \(Self.maximumDepth) levels") }
    }

    mutating func parseObject() throws(StoreKitJSON.SyntaxError) -> StoreKitJSON.Value {
        try enter()
        defer { depth -= 1 }
        offset += 1
        var members: [StoreKitJSON.Member] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            offset += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            let keyLocation = mark()
            guard current == UInt8(ascii: "\"") else { throw failure("expected a string key in an object") }
            let key = try parseString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw failure("expected ':' after the key '\(key)'") }
            offset += 1
            skipWhitespace()
            members.append(StoreKitJSON.Member(key: key, keyLocation: keyLocation, value: try parseValue()))
            skipWhitespace()
            if current == UInt8(ascii: "}") {
                offset += 1
                return .object(members)
            }
            guard current == UInt8(ascii: ",") else { throw failure("expected ',' or '}' in an object") }
            offset += 1
        }
    }

    mutating func parseArray() throws(StoreKitJSON.SyntaxError) -> StoreKitJSON.Value {
        try enter()
        defer { depth -= 1 }
        offset += 1
        var elements: [StoreKitJSON] = []
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
            guard current == UInt8(ascii: ",") else { throw failure("expected ',' or ']' in an array") }
            offset += 1
        }
    }

    mutating func parseNumber() throws(StoreKitJSON.SyntaxError) -> String {
        let start = offset
        let startLocation = mark()
        if current == UInt8(ascii: "-") { offset += 1 }
        func digits(_ parser: inout Parser) -> Int {
            let first = parser.offset
            while let byte = parser.current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { parser.offset += 1 }
            return parser.offset - first
        }
        let integerStart = offset
        let count = digits(&self)
        guard count > 0, !(count > 1 && bytes[integerStart] == UInt8(ascii: "0")) else {
            throw failure("malformed number", at: startLocation)
        }
        if current == UInt8(ascii: ".") {
            offset += 1
            guard digits(&self) > 0 else { throw failure("malformed number", at: startLocation) }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            offset += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { offset += 1 }
            guard digits(&self) > 0 else { throw failure("malformed number", at: startLocation) }
        }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    mutating func parseString() throws(StoreKitJSON.SyntaxError) -> String {
        let startLocation = mark()
        offset += 1
        var scalars = String.UnicodeScalarView()
        var runStart = offset
        while true {
            guard let byte = current else { throw failure("unterminated string", at: startLocation) }
            switch byte {
            case UInt8(ascii: "\""):
                scalars.append(contentsOf: String(decoding: bytes[runStart..<offset], as: UTF8.self).unicodeScalars)
                offset += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                scalars.append(contentsOf: String(decoding: bytes[runStart..<offset], as: UTF8.self).unicodeScalars)
                offset += 1
                scalars.append(try parseEscape())
                runStart = offset
            case 0x00..<0x20:
                throw failure("control character in a string; write it as an escape such as \\n")
            default:
                offset += 1
            }
        }
    }

    mutating func parseEscape() throws(StoreKitJSON.SyntaxError) -> Unicode.Scalar {
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
            let high = try hex4()
            if (0xD800..<0xDC00).contains(high) {
                guard current == UInt8(ascii: "\\"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u")
                else { throw failure("unpaired surrogate in a \\u escape") }
                offset += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { throw failure("unpaired surrogate in a \\u escape") }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(high) else { throw failure("unpaired surrogate in a \\u escape") }
            return scalar
        default:
            throw failure("unknown escape '\\\(Character(Unicode.Scalar(byte)))'")
        }
    }

    mutating func hex4() throws(StoreKitJSON.SyntaxError) -> UInt32 {
        guard offset + 4 <= bytes.count,
            let value = UInt32(String(decoding: bytes[offset..<offset + 4], as: UTF8.self), radix: 16)
        else { throw failure("expected four hexadecimal digits after \\u") }
        offset += 4
        return value
    }
}

public import Foundation

/// Writes property-list values as Apple-style XML property lists.
///
/// The output is what Foundation writes: the XML declaration, Apple's DOCTYPE, `<plist version="1.0">`,
/// one element per line indented with tabs, `<true/>` and `<false/>`, `<dict/>` and `<array/>` for empty
/// containers, base64 data wrapped at Apple's line length, and `CF$UID` references as one-key dicts.
///
/// Reading what it writes with ``PropertyListReader`` gives back an equal value:
/// - strings escape `&`, `<` and `>`, and write a carriage return as `&#13;` (a raw one would be read
///   back as a line feed, since XML normalizes line ends);
/// - reals use the shortest text that parses back to the same bits (`0.1`, `1e-05`, `2`, `-0`), and
///   `+infinity`, `-infinity` and `nan` as Foundation writes them (Foundation itself writes 17
///   significant digits, `0.10000000000000001`, and loses the sign of `-0.0`);
/// - integers cover `Int64.min...UInt64.max`;
/// - dates are written in UTC as `YYYY-MM-DDTHH:MM:SSZ`, so fractions of a second are dropped
///   (rounded down, as Foundation does).
///
/// XML 1.0 cannot represent every string: control characters other than tab, line feed and carriage
/// return, and the non-characters U+FFFE and U+FFFF, are not allowed even as character references.
/// Foundation writes such strings anyway and then cannot read its own file; this writer refuses them
/// with a ``PropertyListError`` of kind ``PropertyListError/Kind/refused`` naming the path to the value.
public struct PropertyListWriter: Sendable {
    /// Creates a writer.
    public init() {}

    /// Returns the UTF-8 bytes of an XML property list holding `value`.
    ///
    /// - Throws: ``PropertyListError`` (kind ``PropertyListError/Kind/refused``) when a string or a key
    ///   holds a character XML 1.0 cannot represent; the message names the value's key path.
    public func write(_ value: PropertyListValue) throws(PropertyListError) -> Data {
        var output = Output()
        output.append(#"<?xml version="1.0" encoding="UTF-8"?>"#)
        output.append("\n")
        output.append(
            #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#
        )
        output.append("\n<plist version=\"1.0\">\n")
        var path: [String] = []
        try output.write(value, indent: 0, path: &path)
        output.append("</plist>\n")
        return Data(output.bytes)
    }
}

/// The growing document, written element by element.
private struct Output {
    var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(4096) }

    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func appendTabs(_ count: Int) {
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "\t"), count: count))
    }

    /// Appends an element whose text needs no escaping, e.g. `<integer>42</integer>`.
    mutating func appendElement(_ name: String, _ text: String, indent: Int) {
        appendTabs(indent)
        append("<\(name)>")
        append(text)
        append("</\(name)>\n")
    }

    mutating func write(_ value: PropertyListValue, indent: Int, path: inout [String]) throws(PropertyListError) {
        switch value {
        case .dictionary(let entries):
            try writeDictionary(entries, indent: indent, path: &path)
        case .array(let nodes):
            appendTabs(indent)
            if nodes.isEmpty {
                append("<array/>\n")
                return
            }
            append("<array>\n")
            for (index, node) in nodes.enumerated() {
                path.append("[\(index)]")
                try write(node.value, indent: indent + 1, path: &path)
                path.removeLast()
            }
            appendTabs(indent)
            append("</array>\n")
        case .string(let string):
            try writeEscapedElement("string", string, indent: indent, path: path)
        case .integer(let integer):
            appendElement("integer", integer.description, indent: indent)
        case .real(let real):
            appendElement("real", PropertyListWriter.text(forReal: real), indent: indent)
        case .boolean(let flag):
            appendTabs(indent)
            append(flag ? "<true/>\n" : "<false/>\n")
        case .date(let date):
            appendElement("date", PropertyListWriter.text(forDate: date), indent: indent)
        case .data(let data):
            writeData(data, indent: indent)
        case .uid(let uid):
            appendTabs(indent)
            append("<dict>\n")
            appendElement("key", "CF$UID", indent: indent + 1)
            appendElement("integer", String(uid), indent: indent + 1)
            appendTabs(indent)
            append("</dict>\n")
        }
    }

    mutating func writeDictionary(
        _ entries: [PropertyListEntry],
        indent: Int,
        path: inout [String]
    ) throws(PropertyListError) {
        appendTabs(indent)
        if entries.isEmpty {
            append("<dict/>\n")
            return
        }
        append("<dict>\n")
        for entry in entries {
            path.append(entry.key)
            try writeEscapedElement("key", entry.key, indent: indent + 1, path: path)
            try write(entry.value.value, indent: indent + 1, path: &path)
            path.removeLast()
        }
        appendTabs(indent)
        append("</dict>\n")
    }

    mutating func writeEscapedElement(
        _ name: String,
        _ text: String,
        indent: Int,
        path: [String]
    ) throws(PropertyListError) {
        appendTabs(indent)
        append("<\(name)>")
        guard appendEscaped(text) else {
            throw PropertyListError(
                .refused,
                .unwritableCharacter(
                    element: name, path: path.isEmpty ? nil : Excerpt.oneLine(path.joined(separator: "."))),
                at: SourceLocation(line: 1, column: 1)
            )
        }
        append("</\(name)>\n")
    }

    /// Appends `text` escaped for element content; `false` when it holds a character XML cannot hold.
    mutating func appendEscaped(_ text: String) -> Bool {
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x26: append("&amp;")
            case 0x3C: append("&lt;")
            case 0x3E: append("&gt;")
            case 0x0D: append("&#13;")
            case 0x09, 0x0A: bytes.append(UInt8(scalar.value))
            case 0x00..<0x20, 0xFFFE, 0xFFFF: return false
            case 0x20..<0x80: bytes.append(UInt8(scalar.value))
            default: bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        return true
    }

    mutating func writeData(_ data: Data, indent: Int) {
        // Apple counts a tab as eight columns and wraps base64 so that a line stays within 76 columns.
        let lineLength = 76 - 8 * min(indent, 8)
        let encoded = Array(data.base64EncodedString().utf8)
        appendTabs(indent)
        append("<data>\n")
        var start = 0
        while start < encoded.count {
            let end = min(start + lineLength, encoded.count)
            appendTabs(indent)
            bytes.append(contentsOf: encoded[start..<end])
            bytes.append(UInt8(ascii: "\n"))
            start = end
        }
        appendTabs(indent)
        append("</data>\n")
    }
}

extension PropertyListWriter {
    /// The text of a `<real>` element: the shortest decimal that reads back to the same bits, without a
    /// `.0` for whole numbers, or
    /// `+infinity`, `-infinity` and `nan` as Foundation writes them.
    static func text(forReal real: Double) -> String {
        if real.isNaN { return "nan" }
        if real.isInfinite { return real < 0 ? "-infinity" : "+infinity" }
        // Foundation writes whole numbers without a fraction (`2`); so do we, sign of zero included.
        let text = real.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// The text of a `<date>` element: `YYYY-MM-DDTHH:MM:SSZ` in UTC on the proleptic Gregorian
    /// calendar, fractions of a second rounded down. Instants outside 0000-01-01T00:00:00Z through
    /// 9999-12-31T23:59:59Z are clamped to that range, which is all the format can write.
    public static func text(forDate date: Date) -> String {
        let earliest = -62_167_219_200.0  // 0000-01-01T00:00:00Z
        let latest = 253_402_300_799.0  // 9999-12-31T23:59:59Z
        let raw = date.timeIntervalSince1970
        let seconds = Int64(raw.isNaN ? 0 : min(max(raw.rounded(.down), earliest), latest))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = CivilCalendar.date(days: days)
        func padded(_ number: Int64, _ width: Int) -> String {
            let digits = String(number)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))T"
            + "\(padded(secondOfDay / 3600, 2)):\(padded(secondOfDay % 3600 / 60, 2)):\(padded(secondOfDay % 60, 2))Z"
    }
}

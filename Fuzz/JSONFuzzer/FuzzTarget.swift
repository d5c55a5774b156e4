import Foundation

/// libFuzzer entry point: reads the input with the JSON reader (`JSONNode.parse`, under `.storekit`
/// imports and tagged JSON) and as tagged JSON, and checks what each promises.
///
/// Compiled together with the PropertyList sources (see `Fuzz/run-json.sh`), so it calls the readers
/// directly. Any crash, sanitizer report or failed check below is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func jsonFuzzTarget(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    checkJSONReader(bytes)
    checkTaggedJSON(bytes)
    return 0
}

/// The number of lines of `bytes` (line feeds plus one): no position may lie beyond it.
private func lineCount(_ bytes: [UInt8]) -> Int {
    bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
}

/// An error is of the reader's kind, has a message, and points inside the document.
private func checkError(_ error: PropertyListError, lines: Int) {
    precondition(error.kind == .invalidPropertyList, "unexpected kind \(error.kind): \(error)")
    precondition(!error.message.isEmpty, "error without a message")
    precondition(error.location.line >= 1 && error.location.line <= lines, "line outside the document: \(error)")
    precondition(error.location.column >= 1, "unpositioned error: \(error)")
}

// MARK: - The JSON reader

/// The reader either returns a tree whose every position lies inside the document, and which, written
/// back on one line, reads as the same tree with each value at the column it was written at; or it
/// throws an error inside the document.
private func checkJSONReader(_ bytes: [UInt8]) {
    let lines = lineCount(bytes)
    let node: JSONNode
    do {
        node = try JSONNode.parse(bytes, maximumDepth: 64)
    } catch {
        checkError(error, lines: lines)
        return
    }
    checkPositions(node, lines: lines)
    var writer = OneLineWriter()
    writer.write(node)
    let again: JSONNode
    do {
        again = try JSONNode.parse(Array(writer.text.utf8), maximumDepth: 64)
    } catch {
        preconditionFailure("the tree written back does not read: \(error)\n\(writer.text)")
    }
    var columns = writer.columns[...]
    checkSameTree(node, again, columns: &columns)
    precondition(columns.isEmpty, "the tree read back has fewer values")
}

private func checkPositions(_ node: JSONNode, lines: Int) {
    precondition(node.location.line >= 1 && node.location.line <= lines, "node outside the document")
    precondition(node.location.column >= 1, "unpositioned node")
    switch node.value {
    case .array(let elements):
        elements.forEach { checkPositions($0, lines: lines) }
    case .object(let members):
        for member in members {
            precondition(member.keyLocation.line >= 1 && member.keyLocation.line <= lines, "key outside the document")
            precondition(member.keyLocation.column >= 1, "unpositioned key")
            precondition(member.keyLocation <= member.value.location, "a value before its key")
            checkPositions(member.value, lines: lines)
        }
    default:
        break
    }
}

/// `first` and `second` hold the same values; `second` (read from the one-line text) has each value and
/// key at the column the writer recorded, in document order.
private func checkSameTree(_ first: JSONNode, _ second: JSONNode, columns: inout ArraySlice<Int>) {
    let column = columns.popFirst()
    precondition(second.location == SourceLocation(line: 1, column: column ?? 0), "value at \(second.location)")
    switch (first.value, second.value) {
    case (.array(let left), .array(let right)):
        precondition(left.count == right.count, "array length changed")
        for (a, b) in zip(left, right) { checkSameTree(a, b, columns: &columns) }
    case (.object(let left), .object(let right)):
        precondition(left.count == right.count, "object size changed")
        for (a, b) in zip(left, right) {
            precondition(a.key == b.key, "key changed: \(a.key) \(b.key)")
            let keyColumn = columns.popFirst()
            precondition(b.keyLocation == SourceLocation(line: 1, column: keyColumn ?? 0), "key at \(b.keyLocation)")
            checkSameTree(a.value, b.value, columns: &columns)
        }
    case (.string(let a), .string(let b)): precondition(a == b, "string changed")
    case (.number(let a), .number(let b)): precondition(a == b, "number changed: \(a) \(b)")
    case (.bool(let a), .bool(let b)): precondition(a == b, "boolean changed")
    case (.null, .null): break
    default: preconditionFailure("value kind changed: \(first.typeName) \(second.typeName)")
    }
}

/// Writes a tree as JSON on one line, recording the column (in Unicode scalars, 1-based) of every value
/// and key in document order.
private struct OneLineWriter {
    var text = ""
    var columns: [Int] = []
    private var column = 1

    mutating func append(_ piece: String) {
        text += piece
        column += piece.unicodeScalars.count
    }

    mutating func write(_ node: JSONNode) {
        columns.append(column)
        switch node.value {
        case .object(let members):
            append("{")
            for (index, member) in members.enumerated() {
                if index > 0 { append(",") }
                columns.append(column)
                writeString(member.key)
                append(":")
                write(member.value)
            }
            append("}")
        case .array(let elements):
            append("[")
            for (index, element) in elements.enumerated() {
                if index > 0 { append(",") }
                write(element)
            }
            append("]")
        case .string(let text): writeString(text)
        case .number(let text): append(text)
        case .bool(let flag): append(flag ? "true" : "false")
        case .null: append("null")
        }
    }

    mutating func writeString(_ value: String) {
        var escaped = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\u{00}"..."\u{1F}": escaped += String(format: "\\u%04X", scalar.value)
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        append(escaped + "\"")
    }
}

// MARK: - Tagged JSON

/// Tagged JSON either decodes to a value or throws an error inside the document. A value decoded
/// encodes to text that decodes again, compact and pretty alike, and encodes to the same text (what
/// is lost, such as a repeated key's first value, is lost once). Written as an XML property list and
/// read back, it gives the same tagged JSON.
private func checkTaggedJSON(_ bytes: [UInt8]) {
    let value: PropertyListValue
    do {
        value = try TaggedJSON.decode(Data(bytes))
    } catch {
        checkError(error, lines: lineCount(bytes))
        return
    }
    let compact = TaggedJSON.encode(value)
    for text in [compact, TaggedJSON.encode(value, pretty: true)] {
        do {
            let again = try TaggedJSON.decode(text)
            precondition(TaggedJSON.encode(again) == compact, "not stable:\n\(compact)\n\(TaggedJSON.encode(again))")
        } catch {
            preconditionFailure("the encoding does not decode: \(error)\n\(text)")
        }
    }
    checkXMLRoundTrip(value, json: compact)
}

/// The value written as an XML property list reads back to the same tagged JSON; a value XML cannot
/// hold is refused by the writer with a reason, not written wrong.
private func checkXMLRoundTrip(_ value: PropertyListValue, json: String) {
    let xml: Data
    do {
        xml = try PropertyListWriter().write(value)
    } catch {
        precondition(!error.message.isEmpty, "writer error without a message")
        return
    }
    do {
        let read = try PropertyListReader(limits: .init(maximumDepth: 600, maximumDocumentSize: 1 << 26)).read(xml)
        let again = TaggedJSON.encode(read.value)
        precondition(again == json, "the XML round trip changed the value:\n\(json)\n\(again)")
    } catch {
        preconditionFailure("the writer's XML does not read: \(error)\n\(String(decoding: xml, as: UTF8.self))")
    }
}

import CLibXML2
import Foundation

/// Receives libxml2's SAX2 events for one document and builds the value tree.
///
/// Lives only inside ``PropertyListReader/read(_:path:)``: it holds the parser context pointer,
/// which never escapes that synchronous call. Text is gathered into one reusable byte buffer and
/// turned into a `String` (or number, date, data) once per element.
final class DocumentBuilder {
    private struct Frame {
        var kind: ElementKind
        var location: SourceLocation
        /// Index in `values` where this container's children start.
        var valueStart: Int
        /// Index in `keys` where this dictionary's keys start.
        var keyStart: Int
        /// In a dictionary: a `<key>` was read and its value has not come yet.
        var awaitingValue = false
        /// In `<plist>`: how many values it holds.
        var valueCount = 0
    }

    let path: String?
    let maximumDepth: Int
    var context: xmlParserCtxtPtr?
    /// The first problem found; once set, every further event is ignored.
    private(set) var error: PropertyListError?
    private(set) var root: PropertyListNode?

    private var frames: [Frame] = []
    private var values: [PropertyListNode] = []
    private var keys: [String] = []
    private var keyLocations: [SourceLocation] = []
    private var text: [UInt8] = []

    init(path: String?, maximumDepth: Int) {
        self.path = path
        self.maximumDepth = maximumDepth
        frames.reserveCapacity(64)
        text.reserveCapacity(4096)
    }

    // MARK: Errors

    /// Records the first error and stops libxml2.
    func fail(_ kind: PropertyListError.Kind, _ message: String, at location: SourceLocation) {
        guard error == nil else { return }
        error = PropertyListError(kind, message, path: path, at: location)
        if let context { xmlStopParser(context) }
    }

    /// Records a libxml2 diagnostic if it is the first problem. Warnings are ignored except an
    /// undeclared entity, which libxml2 only warns about when a DOCTYPE names an external subset.
    func libxmlError(_ diagnostic: UnsafePointer<xmlError>) {
        guard error == nil else { return }
        let item = diagnostic.pointee
        let isUndeclaredEntity = item.code == Int32(XML_WAR_UNDECLARED_ENTITY.rawValue)
        guard item.level.rawValue >= XML_ERR_ERROR.rawValue || isUndeclaredEntity else { return }
        var message = item.message.map { String(cString: $0) } ?? "malformed XML"
        while let last = message.last, last.isWhitespace { message.removeLast() }
        if let first = message.first, first.isUppercase, message.dropFirst().first?.isLowercase == true {
            message = first.lowercased() + message.dropFirst()
        }
        let location = SourceLocation(line: max(Int(item.line), 1), column: max(Int(item.int2), 1))
        if item.code == Int32(XML_ERR_DOCUMENT_END.rawValue), let open = frames.last {
            // libxml2's push parser says "extra content" when the input stops inside an element.
            let name = open.kind.tag.replacingOccurrences(of: "/", with: "")
            message =
                "unexpected end of the document; expected </\(name.dropFirst()) to close the \(name) "
                + "opened at \(open.location)"
        } else if item.code == Int32(XML_ERR_DOCUMENT_EMPTY.rawValue) {
            message = "no XML element found; expected an XML property list"
        }
        let kind: PropertyListError.Kind =
            item.code == Int32(XML_ERR_ENTITY_LOOP.rawValue) || isUndeclaredEntity ? .refused : .malformedXML
        error = PropertyListError(kind, message, path: path, at: location)
    }

    // MARK: Positions

    /// Where the input cursor is now.
    func currentLocation() -> SourceLocation {
        guard let input = context?.pointee.input else { return SourceLocation(line: 1, column: 1) }
        return SourceLocation(line: max(Int(input.pointee.line), 1), column: max(Int(input.pointee.col), 1))
    }

    /// The `<` of the start tag being reported: libxml2 calls back with its cursor at the tag's end;
    /// `<` cannot occur inside a well-formed start tag, so the nearest `<` behind is the tag's own.
    private func startTagLocation() -> SourceLocation {
        guard let input = context?.pointee.input, let base = input.pointee.base, var cursor = input.pointee.cur
        else { return SourceLocation(line: 1, column: 1) }
        var line = Int(input.pointee.line)
        var column = Int(input.pointee.col)
        var scalars = 0
        var newlines = 0
        while cursor > base {
            cursor -= 1
            let byte = cursor.pointee
            if byte == UInt8(ascii: "<") {
                if newlines == 0 {
                    return SourceLocation(line: max(line, 1), column: max(column - scalars - 1, 1))
                }
                // The tag spans lines: count the scalars between the previous newline and `<`.
                line -= newlines
                column = 1
                var probe = cursor
                while probe > base {
                    probe -= 1
                    if probe.pointee == UInt8(ascii: "\n") { break }
                    if probe.pointee & 0xC0 != 0x80 { column += 1 }
                }
                return SourceLocation(line: max(line, 1), column: column)
            }
            if byte == UInt8(ascii: "\n") { newlines += 1 }
            if byte & 0xC0 != 0x80 { scalars += 1 }
        }
        return currentLocation()
    }

    /// Where the `<!` of a declaration ending at the cursor starts (best effort), for refusals.
    func declarationLocation(keyword: StaticString) -> SourceLocation {
        guard let input = context?.pointee.input, let base = input.pointee.base, let end = input.pointee.cur
        else { return currentLocation() }
        let count = keyword.utf8CodeUnitCount
        var cursor = end
        let floor = end - min(end - base, 1 << 16)
        while cursor - floor >= count {
            cursor -= 1
            if cursor.pointee == keyword.utf8Start[0], memcmp(cursor, keyword.utf8Start, count) == 0 {
                var line = Int(input.pointee.line)
                var probe = end
                while probe > cursor {
                    probe -= 1
                    if probe.pointee == UInt8(ascii: "\n") { line -= 1 }
                }
                var column = 1
                probe = cursor
                while probe > base {
                    probe -= 1
                    if probe.pointee == UInt8(ascii: "\n") { break }
                    if probe.pointee & 0xC0 != 0x80 { column += 1 }
                }
                return SourceLocation(line: max(line, 1), column: column)
            }
        }
        return currentLocation()
    }

    // MARK: Events

    func startElement(localName: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?) {
        guard error == nil else { return }
        let location = startTagLocation()
        let kind = prefix == nil ? ElementKind(name: localName) : nil
        let found: String
        if let kind {
            found = kind.tag
        } else {
            let name = (prefix.map { String(cString: $0) + ":" } ?? "") + String(cString: localName)
            found = "<\(name)>"
        }

        if let parentIndex = frames.indices.last {
            let parent = frames[parentIndex]
            switch parent.kind {
            case .plist:
                guard let kind, kind.isValue else {
                    return fail(.invalidPropertyList, "expected a value inside <plist>, found \(found)", at: location)
                }
                guard parent.valueCount == 0 else {
                    return fail(
                        .invalidPropertyList,
                        "expected only one value inside <plist>, found a second value \(found)", at: location)
                }
            case .dict:
                if parent.awaitingValue {
                    guard let kind, kind.isValue else {
                        let key = keys.last ?? ""
                        return fail(
                            .invalidPropertyList, "expected a value for key '\(key)' inside <dict>, found \(found)",
                            at: location)
                    }
                } else if kind != .key {
                    return fail(.invalidPropertyList, "expected <key> inside <dict>, found \(found)", at: location)
                }
            case .array:
                guard let kind, kind.isValue else {
                    return fail(.invalidPropertyList, "expected a value inside <array>, found \(found)", at: location)
                }
            default:
                return fail(
                    .invalidPropertyList, "expected text inside \(parent.kind.tag), found the element \(found)",
                    at: location)
            }
        } else if kind == nil || kind == .key {
            return fail(
                .invalidPropertyList, "expected <plist> or a property-list value at the root, found \(found)",
                at: location)
        }
        guard let kind else { return }

        let depth = frames.count + (frames.first?.kind == .plist ? 0 : 1)
        if depth > maximumDepth {
            return fail(
                .refused, "\(found) is nested \(depth) levels deep; the limit is \(maximumDepth) levels",
                at: location)
        }
        if kind.holdsText { text.removeAll(keepingCapacity: true) }
        frames.append(Frame(kind: kind, location: location, valueStart: values.count, keyStart: keys.count))
    }

    func endElement() {
        guard error == nil, let frame = frames.popLast() else { return }
        let value: PropertyListValue
        switch frame.kind {
        case .plist:
            if frame.valueCount == 0 {
                fail(.invalidPropertyList, "expected a value inside <plist>, found </plist>", at: currentLocation())
            } else {
                root = values.popLast()
            }
            return
        case .key:
            keys.append(String(decoding: text, as: UTF8.self))
            keyLocations.append(frame.location)
            frames[frames.count - 1].awaitingValue = true
            return
        case .string:
            value = .string(String(decoding: text, as: UTF8.self))
        case .true, .false:
            value = .boolean(frame.kind == .true)
        case .integer, .real, .date, .data:
            do throws(ScalarSyntaxError) {
                value = try text.withUnsafeBufferPointer { bytes throws(ScalarSyntaxError) in
                    switch frame.kind {
                    case .integer: .integer(try ScalarSyntax.integer(bytes))
                    case .real: .real(try ScalarSyntax.real(bytes))
                    case .date: .date(try ScalarSyntax.date(bytes))
                    default: .data(try ScalarSyntax.data(bytes))
                    }
                }
            } catch {
                return fail(.invalidPropertyList, error.message, at: frame.location)
            }
        case .array:
            value = .array(Array(values[frame.valueStart...]))
            values.removeSubrange(frame.valueStart...)
        case .dict:
            if frame.awaitingValue {
                return fail(
                    .invalidPropertyList,
                    "expected a value for key '\(keys.last ?? "")' inside <dict>, found </dict>",
                    at: keyLocations.last ?? frame.location)
            }
            value = dictionary(from: frame)
        }
        attach(PropertyListNode(value, at: frame.location))
    }

    private func dictionary(from frame: Frame) -> PropertyListValue {
        let count = keys.count - frame.keyStart
        if count == 1, keys[frame.keyStart] == "CF$UID", case .integer(let number) = values[frame.valueStart].value,
            let uid = number.uint64Value
        {
            keys.removeLast()
            keyLocations.removeLast()
            values.removeLast()
            return .uid(uid)
        }
        var entries: [PropertyListEntry] = []
        entries.reserveCapacity(count)
        for offset in 0..<count {
            entries.append(
                PropertyListEntry(
                    key: keys[frame.keyStart + offset], keyLocation: keyLocations[frame.keyStart + offset],
                    value: values[frame.valueStart + offset]))
        }
        keys.removeSubrange(frame.keyStart...)
        keyLocations.removeSubrange(frame.keyStart...)
        values.removeSubrange(frame.valueStart...)
        return .dictionary(entries)
    }

    private func attach(_ node: PropertyListNode) {
        guard let parentIndex = frames.indices.last else {
            root = node
            return
        }
        switch frames[parentIndex].kind {
        case .dict: frames[parentIndex].awaitingValue = false
        case .plist: frames[parentIndex].valueCount += 1
        default: break
        }
        values.append(node)
    }

    func characters(_ bytes: UnsafePointer<UInt8>, count: Int) {
        guard error == nil, let top = frames.last else { return }
        let chunk = UnsafeBufferPointer(start: bytes, count: count)
        switch top.kind {
        case .string, .key, .integer, .real, .date, .data:
            text.append(contentsOf: chunk)
        default:
            for byte in chunk
            where byte != 0x20 && byte != 0x0A && byte != 0x09 && byte != 0x0D {
                let expected =
                    switch top.kind {
                    case .dict: "expected <key> inside <dict>"
                    case .true, .false: "expected \(top.kind.tag) to be empty"
                    default: "expected a value inside \(top.kind.tag)"
                    }
                let quoted = ScalarSyntax.describe(chunk)
                return fail(.invalidPropertyList, "\(expected), found the text \(quoted)", at: currentLocation())
            }
        }
    }
}

import CLibXML2
import Foundation

/// Receives libxml2's SAX2 events for one document and builds the value tree.
///
/// Lives only inside ``SAXParser/parse(_:path:maximumDepth:)``, in memory that the SAX user-data
/// pointer points to (a struct behind a pointer, so that no exclusivity check or reference count
/// runs per event). It holds the parser context pointer, which never escapes that synchronous call.
/// Text is gathered into one reusable byte buffer and turned into a `String` (or number, date,
/// data) once per element.
struct DocumentBuilder {
    private struct Frame {
        var kind: ElementKind
        var location: SourceLocation
        /// Index in `values` where this array's items start.
        var valueStart: Int
        /// Index in `entries` where this dictionary's entries start.
        var entryStart: Int
        /// In a dictionary: a `<key>` was read and its value has not come yet.
        var awaitingValue = false
        /// In `<plist>`: how many values it holds; in a streamed array: how many were streamed.
        var valueCount = 0
        /// An array whose elements go to ``DocumentBuilder/stream`` instead of the tree.
        var streams = false
    }

    let path: String?
    let maximumDepth: Int
    /// Where the elements of a streamed array go, if any array is streamed.
    let stream: ArrayStream?
    var context: xmlParserCtxtPtr?
    /// The first problem found; once set, every further event is ignored.
    private(set) var error: PropertyListError?
    /// Whether ``error`` is set (a plain flag is cheaper to test on every event).
    private(set) var failed = false
    private(set) var root: PropertyListNode?

    /// The open elements, innermost last.
    private var frames = MoveStack<Frame>(capacity: 64)
    /// Finished items of the open arrays (and the value of `<plist>`).
    private var values = MoveStack<PropertyListNode>()
    /// Finished entries of the open dictionaries.
    private var entries = MoveStack<PropertyListEntry>()
    /// Keys read whose value has not ended yet, one per open dictionary at most.
    private var keys = MoveStack<String>(capacity: 64)
    private var keyLocations = MoveStack<SourceLocation>(capacity: 64)
    private var text = TextBuffer()
    private var shortStrings = ShortStringCache()
    /// Whether the root element is `<plist>` (which does not count towards the depth).
    private var hasPlistElement = false

    /// Frees the text buffer and the stacks (and any values left on them after an error); called
    /// once by the owner when the parse is over.
    func releaseBuffers() {
        text.deallocate()
        frames.release()
        shortStrings.deallocate()
        values.release()
        entries.release()
        keys.release()
        keyLocations.release()
    }

    init(path: String?, maximumDepth: Int, stream: ArrayStream? = nil) {
        self.path = path
        self.maximumDepth = maximumDepth
        self.stream = stream
    }

    // MARK: Errors

    /// Records the first error and stops libxml2.
    mutating func fail(_ kind: PropertyListError.Kind, _ reason: PropertyListError.Reason, at location: SourceLocation)
    {
        guard !failed else { return }
        failed = true
        error = PropertyListError(kind, reason, path: path, at: location)
        if let context { xmlStopParser(context) }
    }

    /// Records a libxml2 diagnostic if it is the first problem. Warnings are ignored except an
    /// undeclared entity, which libxml2 only warns about when a DOCTYPE names an external subset.
    mutating func libxmlError(_ diagnostic: UnsafePointer<xmlError>) {
        guard !failed else { return }
        let item = diagnostic.pointee
        let isUndeclaredEntity = item.code == Int32(XML_WAR_UNDECLARED_ENTITY.rawValue)
        guard item.level.rawValue >= XML_ERR_ERROR.rawValue || isUndeclaredEntity else { return }
        let location =
            item.line > 0
            ? SourceLocation(line: Int(item.line), column: max(Int(item.int2), 1)) : currentLocation()
        let open = frames.last.map { (name: String($0.kind.tag.dropFirst().prefix { $0.isLetter }), $0.location) }
        let kind: PropertyListError.Kind =
            item.code == Int32(XML_ERR_ENTITY_LOOP.rawValue) || isUndeclaredEntity ? .refused : .malformedXML
        failed = true
        error = PropertyListError(kind, LibXMLDiagnosis.reason(for: item, open: open), path: path, at: location)
    }

    // MARK: Positions

    /// Where the input cursor is now.
    func currentLocation() -> SourceLocation {
        guard let input = context?.pointee.input else { return SourceLocation(line: 1, column: 1) }
        return SourceLocation(line: max(Int(input.pointee.line), 1), column: max(Int(input.pointee.col), 1))
    }

    /// The `<` of the start tag being reported: libxml2 calls back with its cursor at the tag's end;
    /// `<` cannot occur inside a well-formed start tag, so the nearest `<` behind is the tag's own.
    ///
    /// `nameLength` is the length of the element's name when it is one of the plist DTD's (plain
    /// ASCII): a tag without attributes then has its `<` exactly that far behind, on the same line.
    ///
    /// A static function of the context alone: a method would copy the whole builder on every call.
    private static func startTagLocation(in context: xmlParserCtxtPtr?, nameLength: Int?) -> SourceLocation {
        guard let input = context?.pointee.input, let base = input.pointee.base, var cursor = input.pointee.cur
        else { return SourceLocation(line: 1, column: 1) }
        var line = Int(input.pointee.line)
        var column = Int(input.pointee.col)
        if let nameLength, cursor - base > nameLength, (cursor - (nameLength + 1)).pointee == UInt8(ascii: "<") {
            return SourceLocation(line: max(line, 1), column: max(column - nameLength - 1, 1))
        }
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
        return SourceLocation(line: max(Int(input.pointee.line), 1), column: max(Int(input.pointee.col), 1))
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

    mutating func startElement(localName: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?) {
        guard !failed else { return }
        let kind = prefix == nil ? ElementKind(name: localName) : nil
        let location = Self.startTagLocation(in: context, nameLength: kind?.nameLength)
        if let expectation = Self.misplacement(of: kind, in: frames.last, keys: keys) {
            let found: String
            if let kind {
                found = kind.tag
            } else {
                let name = (prefix.map { String(cString: $0) + ":" } ?? "") + String(cString: localName)
                found = "<\(Excerpt.oneLine(name))>"
            }
            return fail(.invalidPropertyList, expectation(found), at: location)
        }
        guard let kind else { return }

        if frames.isEmpty, case .plist = kind { hasPlistElement = true }
        let depth = hasPlistElement ? frames.count : frames.count + 1
        if depth > maximumDepth {
            return fail(.refused, .nestingTooDeep(element: kind.tag, depth: depth, limit: maximumDepth), at: location)
        }
        if kind.holdsText { text.removeAll() }
        var frame = Frame(kind: kind, location: location, valueStart: values.count, entryStart: entries.count)
        if kind == .array, let stream, frames.count == (hasPlistElement ? 2 : 1),
            frames[frames.count - 1].kind == .dict,
            keys.last == stream.key
        {
            frame.streams = true
        }
        frames.push(frame)
    }

    /// What was expected instead of an element of this kind here (a reason awaiting the element as
    /// written), or `nil` when it belongs here. Allocates nothing when the element belongs.
    ///
    /// Static, like ``startTagLocation(in:nameLength:)``: a method would copy the whole builder per call.
    private static func misplacement(of kind: ElementKind?, in parent: Frame?, keys: MoveStack<String>)
        -> ((String) -> PropertyListError.Reason)?
    {
        guard let parent else {
            if let kind, kind.isValue || kind == .plist { return nil }
            return { .unexpectedAtRoot(.tag($0)) }
        }
        switch parent.kind {
        case .plist:
            guard let kind, kind.isValue else { return { .unexpectedInPlist(.tag($0)) } }
            if parent.valueCount != 0 { return { .secondValueInPlist($0) } }
        case .dict:
            if parent.awaitingValue {
                guard let kind, kind.isValue else {
                    let key = Excerpt.oneLine(keys.last ?? "")
                    return { .missingValue(key: key, found: .tag($0)) }
                }
            } else {
                guard let kind, kind == .key else { return { .unexpectedInDict(.tag($0)) } }
            }
        case .array:
            guard let kind, kind.isValue else { return { .unexpectedInArray(.tag($0)) } }
        default:
            let tag = parent.kind.tag
            return { .elementInText(element: tag, found: $0) }
        }
        return nil
    }

    mutating func endElement() {
        guard !failed, let frame = frames.popLast() else { return }
        let value: PropertyListValue
        switch frame.kind {
        case .plist:
            if frame.valueCount == 0 {
                fail(.invalidPropertyList, .unexpectedInPlist(.tag("</plist>")), at: currentLocation())
            } else {
                root = values.popLast()
            }
            return
        case .key:
            keys.push(shortStrings.string(text.bytes))
            keyLocations.push(frame.location)
            frames[frames.count - 1].awaitingValue = true
            return
        case .string:
            value = .string(shortStrings.string(text.bytes))
        case .true, .false:
            value = .boolean(frame.kind == .true)
        case .integer, .real, .date, .data:
            do throws(ScalarSyntaxError) {
                value = try { (bytes: UnsafeBufferPointer<UInt8>) throws(ScalarSyntaxError) -> PropertyListValue in
                    switch frame.kind {
                    case .integer: .integer(try ScalarSyntax.integer(bytes))
                    case .real: .real(try ScalarSyntax.real(bytes))
                    case .date: .date(try ScalarSyntax.date(bytes))
                    default: .data(try ScalarSyntax.data(bytes))
                    }
                }(text.bytes)
            } catch {
                return fail(.invalidPropertyList, error.reason, at: frame.location)
            }
        case .array:
            value = .array(values.take(from: frame.valueStart))
        case .dict:
            if frame.awaitingValue {
                return fail(
                    .invalidPropertyList,
                    .missingValue(key: Excerpt.oneLine(keys.last ?? ""), found: .tag("</dict>")),
                    at: keyLocations.last ?? frame.location)
            }
            value = dictionary(from: frame)
        }
        attach(PropertyListNode(value, at: frame.location))
    }

    private mutating func dictionary(from frame: Frame) -> PropertyListValue {
        if entries.count - frame.entryStart == 1 {
            let only = entries[frame.entryStart]
            if only.key == "CF$UID", case .integer(let number) = only.value.value, let uid = number.uint64Value {
                _ = entries.popLast()
                return .uid(uid)
            }
        }
        return .dictionary(entries.take(from: frame.entryStart))
    }

    private mutating func attach(_ node: consuming PropertyListNode) {
        guard frames.count > 0 else {
            root = node
            return
        }
        let parentIndex = frames.count - 1
        switch frames[parentIndex].kind {
        case .dict:
            frames[parentIndex].awaitingValue = false
            let key = keys.popLast() ?? ""
            let keyLocation = keyLocations.popLast() ?? node.location
            entries.push(PropertyListEntry(key: key, keyLocation: keyLocation, value: node))
        case .plist:
            frames[parentIndex].valueCount += 1
            values.push(node)
        default:
            if frames[parentIndex].streams, let stream {
                var preceding: [PropertyListEntry]?
                if frames[parentIndex].valueCount == 0 {
                    // No dict is open inside the root's while an element of its array ends: the
                    // entries above the root's start are the root's own.
                    let start = frames[parentIndex - 1].entryStart
                    preceding = (start..<entries.count).map { entries[$0] }
                }
                frames[parentIndex].valueCount += 1
                stream.consume(
                    ArrayStream.Element(
                        node: node, arrayLocation: frames[parentIndex].location, precedingEntries: preceding))
            } else {
                values.push(node)
            }
        }
    }

    mutating func characters(_ bytes: UnsafePointer<UInt8>, count: Int) {
        guard !failed, let top = frames.last else { return }
        let chunk = UnsafeBufferPointer(start: bytes, count: count)
        switch top.kind {
        case .string, .key, .integer, .real, .date, .data:
            text.append(bytes, count: count)
        default:
            for byte in chunk
            where byte != 0x20 && byte != 0x0A && byte != 0x09 && byte != 0x0D {
                let text = Excerpt.trimmed(chunk)
                let reason: PropertyListError.Reason =
                    switch top.kind {
                    case .dict: .unexpectedInDict(.text(text))
                    case .true, .false: .textInEmptyElement(element: top.kind.tag, text: text)
                    case .plist: .unexpectedInPlist(.text(text))
                    default: .unexpectedInArray(.text(text))
                    }
                return fail(.invalidPropertyList, reason, at: currentLocation())
            }
        }
    }
}

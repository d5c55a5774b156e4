import CLibXML2
import Foundation

/// Drives libxml2's push parser with SAX2 callbacks over one in-memory document.
///
/// No libxml2 tree is built: elements and text go straight to a ``DocumentBuilder`` reached through
/// the SAX user-data pointer. The parser never loads a DTD or an external entity, never touches the
/// network, and refuses every declaration of the internal subset (entities above all).
enum SAXParser {
    /// Installs the process-wide settings once: a refusing external-entity loader and a nesting
    /// ceiling high enough that the reader's own limit applies.
    private static let processSetup: Void = {
        xmlInitParser()
        xmlSetExternalEntityLoader(refuseExternalEntity)
        purchasekit_xml_raise_max_depth(UInt32(PropertyListReader.depthCeiling + 8))
    }()

    /// Parses a whole document and returns its root or its first problem.
    static func parse(
        _ document: UnsafeRawBufferPointer, path: String?, maximumDepth: Int, stream: ArrayStream? = nil
    ) -> Result<PropertyListNode, PropertyListError> {
        var input = DocumentInput(bytes: document)
        return parse(&input, path: path, maximumDepth: maximumDepth, stream: stream)
    }

    /// Parses the document `input` hands out, chunk by chunk, and returns its root or its first problem.
    static func parse(
        _ input: inout DocumentInput, path: String?, maximumDepth: Int, stream: ArrayStream? = nil
    ) -> Result<PropertyListNode, PropertyListError> {
        let builder = UnsafeMutablePointer<DocumentBuilder>.allocate(capacity: 1)
        builder.initialize(to: DocumentBuilder(path: path, maximumDepth: maximumDepth, stream: stream))
        defer {
            builder.pointee.releaseBuffers()
            builder.deinitialize(count: 1)
            builder.deallocate()
        }
        run(&input, builder: builder)
        if let failure = input.failure {
            return .failure(
                PropertyListError(failure.kind, failure.message, path: path, at: SourceLocation(line: 1, column: 1)))
        }
        if let error = builder.pointee.error { return .failure(error) }
        guard let root = builder.pointee.root else {
            return .failure(
                PropertyListError(
                    .invalidPropertyList, "expected a property-list value, found none", path: path,
                    at: builder.pointee.currentLocation()))
        }
        return .success(root)
    }

    private static func run(_ input: inout DocumentInput, builder: UnsafeMutablePointer<DocumentBuilder>) {
        _ = processSetup
        guard var first = input.next() else {
            if input.failure == nil {
                builder.pointee.fail(
                    .malformedXML, "the document is empty; expected an XML property list",
                    at: SourceLocation(line: 1, column: 1))
            }
            return
        }
        // libxml2 misses some byte-order marks and BOM-less wide encodings: name those for it.
        let forced = wideEncoding(first)
        if forced != nil, first.starts(with: [0, 0, 0xFE, 0xFF]) || first.starts(with: [0xFF, 0xFE, 0, 0]) {
            first = UnsafeRawBufferPointer(rebasing: first[4...])
        }
        guard !first.isEmpty else { return }
        // XML reads a lone CR as a line break, but libxml2 counts lines by LF only: give it LFs so
        // that positions in old Mac-style files are right. (Byte-oriented encodings only.)
        let normalizesLineBreaks =
            forced == nil && !first.starts(with: [0xFE, 0xFF]) && !first.starts(with: [0xFF, 0xFE])
            && !first.prefix(4).contains(0)

        var handler = makeHandler()
        let userData = UnsafeMutableRawPointer(builder)
        guard let context = xmlCreatePushParserCtxt(&handler, userData, nil, 0, nil) else {
            builder.pointee.fail(
                .malformedXML, "the XML parser could not start", at: SourceLocation(line: 1, column: 1))
            return
        }
        defer {
            // For "expat compatibility" libxml2 keeps entity declarations of a SAX parse in a
            // document of its own, which the context does not free.
            if let document = context.pointee.myDoc {
                xmlFreeDoc(document)
                context.pointee.myDoc = nil
            }
            xmlFreeParserCtxt(context)
        }
        builder.pointee.context = context
        defer { builder.pointee.context = nil }
        // Errors libxml2 raises without a parser context (encoding conversion, I/O) go to the
        // thread's structured handler, else to standard error: route them to the builder too,
        // for the duration of this parse only.
        let previousHandler = __xmlStructuredError().pointee
        let previousContext = __xmlStructuredErrorContext().pointee
        xmlSetStructuredErrorFunc(userData, handler.serror)
        defer { xmlSetStructuredErrorFunc(previousContext, previousHandler) }
        var options = XML_PARSE_NONET.rawValue
        if let forced {
            // The bytes say what they are; a contradicting declaration would only garble them.
            options |= XML_PARSE_IGNORE_ENC.rawValue
            _ = xmlCtxtUseOptions(context, Int32(options))
            guard let encoder = xmlFindCharEncodingHandler(forced) else {
                builder.pointee.fail(
                    .malformedXML, "unsupported encoding \(forced)", at: SourceLocation(line: 1, column: 1))
                return
            }
            _ = xmlSwitchToEncoding(context, encoder)
        } else {
            _ = xmlCtxtUseOptions(context, Int32(options))
        }

        var lineBreaks = LineBreakNormalizer()
        var chunk: UnsafeRawBufferPointer? = first
        while let bytes = chunk {
            if normalizesLineBreaks, lineBreaks.isNeeded(for: bytes) {
                lineBreaks.normalize(bytes) { feed($0, to: context) }
            } else {
                feed(bytes, to: context)
            }
            if builder.pointee.failed || context.pointee.disableSAX != 0 { break }
            chunk = input.next()
        }
        if input.failure != nil { return }
        if chunk == nil {
            lineBreaks.finish { feed($0, to: context) }
            _ = xmlParseChunk(context, nil, 0, 1)
        }
        if !builder.pointee.failed && context.pointee.wellFormed == 0 {
            builder.pointee.fail(
                .malformedXML, "the document is not well-formed XML", at: builder.pointee.currentLocation())
        }
    }

    private static func feed(_ bytes: UnsafeRawBufferPointer, to context: xmlParserCtxtPtr) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        _ = xmlParseChunk(context, base.assumingMemoryBound(to: CChar.self), Int32(bytes.count), 0)
    }

    /// The encoding of a document libxml2 would not recognise by itself: UTF-32 (its byte-order
    /// marks are not detected, and its little-endian form is decoded wrongly), and UTF-16 without
    /// a byte-order mark that does not start with `<?` (a bare `<plist>`, a comment).
    private static func wideEncoding(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard bytes.count >= 4 else { return nil }
        let lt = UInt8(ascii: "<")
        let question = UInt8(ascii: "?")
        switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
        case (0, 0, 0xFE, 0xFF), (0, 0, 0, lt): return "UTF-32BE"
        case (0xFF, 0xFE, 0, 0), (lt, 0, 0, 0): return "UTF-32LE"
        case (lt, 0, let third, 0) where third != 0 && third != question: return "UTF-16LE"
        case (0, lt, 0, let fourth) where fourth != 0 && fourth != question: return "UTF-16BE"
        default: return nil
        }
    }

    private static func makeHandler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { userData, localName, prefix, _, _, _, _, _, _ in
            guard let userData, let localName else { return }
            documentBuilder(userData).pointee.startElement(localName: localName, prefix: prefix)
        }
        handler.endElementNs = { userData, _, _, _ in
            guard let userData else { return }
            documentBuilder(userData).pointee.endElement()
        }
        handler.characters = { userData, bytes, count in
            guard let userData, let bytes else { return }
            documentBuilder(userData).pointee.characters(bytes, count: Int(count))
        }
        handler.cdataBlock = handler.characters
        handler.ignorableWhitespace = handler.characters
        handler.serror = { userData, diagnostic in
            guard let userData, let diagnostic else { return }
            documentBuilder(userData).pointee.libxmlError(diagnostic)
        }
        handler.entityDecl = { userData, name, _, _, _, _ in
            guard let userData else { return }
            let builder = documentBuilder(userData)
            let name = name.map { String(cString: $0) } ?? ""
            builder.pointee.fail(
                .refused, "entity declarations are not allowed in a property list (<!ENTITY \(name)>)",
                at: builder.pointee.declarationLocation(keyword: "<!ENTITY"))
        }
        handler.unparsedEntityDecl = { userData, name, _, _, _ in
            guard let userData else { return }
            let builder = documentBuilder(userData)
            let name = name.map { String(cString: $0) } ?? ""
            builder.pointee.fail(
                .refused, "entity declarations are not allowed in a property list (<!ENTITY \(name)>)",
                at: builder.pointee.declarationLocation(keyword: "<!ENTITY"))
        }
        handler.elementDecl = { userData, name, _, _ in
            guard let userData else { return }
            let builder = documentBuilder(userData)
            let name = name.map { String(cString: $0) } ?? ""
            builder.pointee.fail(
                .refused, "DTD declarations are not allowed in a property list (<!ELEMENT \(name)>)",
                at: builder.pointee.declarationLocation(keyword: "<!ELEMENT"))
        }
        handler.attributeDecl = { userData, element, _, _, _, _, tree in
            xmlFreeEnumeration(tree)
            guard let userData else { return }
            let builder = documentBuilder(userData)
            let name = element.map { String(cString: $0) } ?? ""
            builder.pointee.fail(
                .refused, "DTD declarations are not allowed in a property list (<!ATTLIST \(name)>)",
                at: builder.pointee.declarationLocation(keyword: "<!ATTLIST"))
        }
        handler.notationDecl = { userData, name, _, _ in
            guard let userData else { return }
            let builder = documentBuilder(userData)
            let name = name.map { String(cString: $0) } ?? ""
            builder.pointee.fail(
                .refused, "DTD declarations are not allowed in a property list (<!NOTATION \(name)>)",
                at: builder.pointee.declarationLocation(keyword: "<!NOTATION"))
        }
        return handler
    }

}

/// The builder behind a SAX user-data pointer (a global function: C callbacks capture nothing).
private func documentBuilder(_ userData: UnsafeMutableRawPointer) -> UnsafeMutablePointer<DocumentBuilder> {
    userData.assumingMemoryBound(to: DocumentBuilder.self)
}

/// The process-wide external-entity loader: refuses every URL, so that nothing outside the
/// document is ever read, whatever options a caller passes. A plain global function, as C
/// function pointers cannot capture context.
private func refuseExternalEntity(
    _ url: UnsafePointer<CChar>?, _ id: UnsafePointer<CChar>?, _ context: xmlParserCtxtPtr?
) -> xmlParserInputPtr? {
    nil
}

import CLibXML2
import Foundation

/// Drives libxml2's parser with SAX2 callbacks over one document, which it pulls through a read
/// callback a chunk at a time (libxml2's pull parser does less work per byte than its push parser).
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
        // The read callback reaches the input through a pointer that must stay valid for the whole
        // parse: keep it in memory of our own, and hand it back to the caller afterwards.
        let source = UnsafeMutablePointer<DocumentInput>.allocate(capacity: 1)
        source.initialize(to: input)
        run(source, builder: builder)
        input = source.move()
        source.deallocate()
        if let failure = input.failure {
            return .failure(
                PropertyListError(failure.kind, failure.reason, path: path, at: SourceLocation(line: 1, column: 1)))
        }
        if let error = builder.pointee.error { return .failure(error) }
        guard let root = builder.pointee.root else {
            return .failure(
                PropertyListError(.invalidPropertyList, .noValue, path: path, at: builder.pointee.currentLocation()))
        }
        return .success(root)
    }

    private static func run(
        _ input: UnsafeMutablePointer<DocumentInput>, builder: UnsafeMutablePointer<DocumentBuilder>
    ) {
        _ = processSetup
        guard var first = input.pointee.next() else {
            if input.pointee.failure == nil {
                builder.pointee.fail(.malformedXML, .emptyDocument, at: SourceLocation(line: 1, column: 1))
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
        let feed = UnsafeMutablePointer<ChunkFeed>.allocate(capacity: 1)
        feed.initialize(to: ChunkFeed(input: input, first: first, normalizesLineBreaks: normalizesLineBreaks))
        defer {
            feed.pointee.release()
            feed.deinitialize(count: 1)
            feed.deallocate()
        }
        guard
            let context = xmlCreateIOParserCtxt(
                &handler, userData, readFromFeed, nil, UnsafeMutableRawPointer(feed), XML_CHAR_ENCODING_NONE)
        else {
            builder.pointee.fail(.malformedXML, .parserUnavailable, at: SourceLocation(line: 1, column: 1))
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
                    .malformedXML, .unsupportedEncoding(forced), at: SourceLocation(line: 1, column: 1))
                return
            }
            _ = xmlSwitchToEncoding(context, encoder)
        } else {
            _ = xmlCtxtUseOptions(context, Int32(options))
        }

        _ = xmlParseDocument(context)
        if input.pointee.failure != nil { return }
        if !builder.pointee.failed && context.pointee.wellFormed == 0 {
            builder.pointee.fail(.malformedXML, .notWellFormed, at: builder.pointee.currentLocation())
        }
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
            builder.pointee.fail(
                .refused, .entityDeclaration(declaredName(name)),
                at: builder.pointee.declarationLocation(keyword: "<!ENTITY"))
        }
        handler.unparsedEntityDecl = { userData, name, _, _, _ in
            guard let userData else { return }
            let builder = documentBuilder(userData)
            builder.pointee.fail(
                .refused, .entityDeclaration(declaredName(name)),
                at: builder.pointee.declarationLocation(keyword: "<!ENTITY"))
        }
        handler.elementDecl = { userData, name, _, _ in
            guard let userData else { return }
            let builder = documentBuilder(userData)
            builder.pointee.fail(
                .refused, .dtdDeclaration(keyword: "ELEMENT", name: declaredName(name)),
                at: builder.pointee.declarationLocation(keyword: "<!ELEMENT"))
        }
        handler.attributeDecl = { userData, element, _, _, _, _, tree in
            xmlFreeEnumeration(tree)
            guard let userData else { return }
            let builder = documentBuilder(userData)
            builder.pointee.fail(
                .refused, .dtdDeclaration(keyword: "ATTLIST", name: declaredName(element)),
                at: builder.pointee.declarationLocation(keyword: "<!ATTLIST"))
        }
        handler.notationDecl = { userData, name, _, _ in
            guard let userData else { return }
            let builder = documentBuilder(userData)
            builder.pointee.fail(
                .refused, .dtdDeclaration(keyword: "NOTATION", name: declaredName(name)),
                at: builder.pointee.declarationLocation(keyword: "<!NOTATION"))
        }
        return handler
    }

}

/// The name a declaration declares, as errors quote it.
private func declaredName(_ name: UnsafePointer<UInt8>?) -> String {
    name.map { Excerpt.oneLine(String(cString: $0)) } ?? ""
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

/// libxml2's read callback: the next bytes of the ``ChunkFeed`` the context points to.
private func readFromFeed(
    _ context: UnsafeMutableRawPointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ length: Int32
) -> Int32 {
    guard let context, let buffer, length > 0 else { return -1 }
    return context.assumingMemoryBound(to: ChunkFeed.self).pointee.read(into: buffer, count: Int(length))
}

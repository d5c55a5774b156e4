import CLibXML2
import Foundation

/// Drives libxml2's push parser with SAX2 callbacks over one in-memory document.
///
/// No libxml2 tree is built: elements and text go straight to a ``DocumentBuilder`` reached through
/// the SAX user-data pointer. The parser never loads a DTD or an external entity, never touches the
/// network, and refuses every declaration of the internal subset (entities above all).
enum SAXParser {
    /// Bytes handed to libxml2 per call; bounds libxml2's own buffer whatever the document size.
    private static let chunkSize = 256 * 1024

    /// Installs the process-wide settings once: a refusing external-entity loader and a nesting
    /// ceiling high enough that the reader's own limit applies.
    private static let processSetup: Void = {
        xmlInitParser()
        xmlSetExternalEntityLoader(refuseExternalEntity)
        purchasekit_xml_raise_max_depth(4096)
    }()

    /// The deepest nesting libxml2 itself allows after ``processSetup``.
    static let libxmlDepthCeiling = 4096

    static func parse(_ document: UnsafeRawBufferPointer, builder: DocumentBuilder) {
        _ = processSetup
        // libxml2 recognises UTF-32 by its first `<` but not by its byte-order mark: drop the mark.
        var bytes = document
        if bytes.starts(with: [0, 0, 0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE, 0, 0]) {
            bytes = UnsafeRawBufferPointer(rebasing: bytes[4...])
        }
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self), !bytes.isEmpty else { return }
        var handler = makeHandler()
        let userData = Unmanaged.passUnretained(builder).toOpaque()
        guard let context = xmlCreatePushParserCtxt(&handler, userData, nil, 0, nil) else {
            builder.fail(.malformedXML, "the XML parser could not start", at: SourceLocation(line: 1, column: 1))
            return
        }
        defer { xmlFreeParserCtxt(context) }
        builder.context = context
        defer { builder.context = nil }
        _ = xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue))
        if let encoding = undeclaredWideEncoding(bytes) {
            _ = xmlSwitchEncoding(context, encoding)
        }

        var offset = 0
        while offset < bytes.count {
            let length = min(chunkSize, bytes.count - offset)
            let isLast = offset + length == bytes.count
            _ = xmlParseChunk(context, base + offset, Int32(length), isLast ? 1 : 0)
            offset += length
            if builder.error != nil || context.pointee.disableSAX != 0 { break }
        }
        if builder.error == nil && context.pointee.wellFormed == 0 {
            builder.fail(.malformedXML, "the document is not well-formed XML", at: builder.currentLocation())
        }
    }

    /// libxml2 detects UTF-16 without a byte-order mark only when the document starts with `<?`;
    /// this recognises a UTF-16 document that starts with another `<` (a bare `<plist>`, a comment).
    private static func undeclaredWideEncoding(_ bytes: UnsafeRawBufferPointer) -> xmlCharEncoding? {
        guard bytes.count >= 4 else { return nil }
        let lt = UInt8(ascii: "<")
        let question = UInt8(ascii: "?")
        if bytes[0] == lt, bytes[1] == 0, bytes[2] != 0, bytes[2] != question, bytes[3] == 0 {
            return XML_CHAR_ENCODING_UTF16LE
        }
        if bytes[0] == 0, bytes[1] == lt, bytes[2] == 0, bytes[3] != 0, bytes[3] != question {
            return XML_CHAR_ENCODING_UTF16BE
        }
        return nil
    }

    private static func makeHandler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { userData, localName, prefix, _, _, _, _, _, _ in
            guard let userData, let localName else { return }
            documentBuilder(userData).startElement(localName: localName, prefix: prefix)
        }
        handler.endElementNs = { userData, _, _, _ in
            guard let userData else { return }
            documentBuilder(userData).endElement()
        }
        handler.characters = { userData, bytes, count in
            guard let userData, let bytes else { return }
            documentBuilder(userData).characters(bytes, count: Int(count))
        }
        handler.cdataBlock = handler.characters
        handler.ignorableWhitespace = handler.characters
        handler.serror = { userData, diagnostic in
            guard let userData, let diagnostic else { return }
            documentBuilder(userData).libxmlError(diagnostic)
        }
        handler.entityDecl = { userData, name, _, _, _, _ in
            guard let userData else { return }
            let builder = documentBuilder(userData)
            let name = name.map { String(cString: $0) } ?? ""
            builder.fail(
                .refused, "entity declarations are not allowed in a property list (<!ENTITY \(name)>)",
                at: builder.declarationLocation(keyword: "<!ENTITY"))
        }
        handler.unparsedEntityDecl = { userData, name, _, _, _ in
            guard let userData else { return }
            let builder = documentBuilder(userData)
            let name = name.map { String(cString: $0) } ?? ""
            builder.fail(
                .refused, "entity declarations are not allowed in a property list (<!ENTITY \(name)>)",
                at: builder.declarationLocation(keyword: "<!ENTITY"))
        }
        handler.elementDecl = { userData, name, _, _ in
            guard let userData else { return }
            let builder = documentBuilder(userData)
            let name = name.map { String(cString: $0) } ?? ""
            builder.fail(
                .refused, "DTD declarations are not allowed in a property list (<!ELEMENT \(name)>)",
                at: builder.declarationLocation(keyword: "<!ELEMENT"))
        }
        handler.attributeDecl = { userData, element, _, _, _, _, tree in
            xmlFreeEnumeration(tree)
            guard let userData else { return }
            let builder = documentBuilder(userData)
            let name = element.map { String(cString: $0) } ?? ""
            builder.fail(
                .refused, "DTD declarations are not allowed in a property list (<!ATTLIST \(name)>)",
                at: builder.declarationLocation(keyword: "<!ATTLIST"))
        }
        handler.notationDecl = { userData, name, _, _ in
            guard let userData else { return }
            let builder = documentBuilder(userData)
            let name = name.map { String(cString: $0) } ?? ""
            builder.fail(
                .refused, "DTD declarations are not allowed in a property list (<!NOTATION \(name)>)",
                at: builder.declarationLocation(keyword: "<!NOTATION"))
        }
        return handler
    }

}

/// The builder behind a SAX user-data pointer (a global function: C callbacks capture nothing).
private func documentBuilder(_ userData: UnsafeMutableRawPointer) -> DocumentBuilder {
    Unmanaged<DocumentBuilder>.fromOpaque(userData).takeUnretainedValue()
}

/// The process-wide external-entity loader: refuses every URL, so that nothing outside the
/// document is ever read, whatever options a caller passes. A plain global function, as C
/// function pointers cannot capture context.
private func refuseExternalEntity(
    _ url: UnsafePointer<CChar>?, _ id: UnsafePointer<CChar>?, _ context: xmlParserCtxtPtr?
) -> xmlParserInputPtr? {
    nil
}

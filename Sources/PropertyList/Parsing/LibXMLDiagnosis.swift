import CLibXML2
import Foundation

/// Turns libxml2's diagnoses into reasons: the common ones by their error code (and the details
/// libxml2 attaches), every other one as ``PropertyListError/Reason/xmlError(code:text:)`` with
/// libxml2's text on one line.
enum LibXMLDiagnosis {
    /// The reason for the diagnosis `item`, given the innermost element still open (its name and where
    /// it was opened), if any.
    static func reason(for item: xmlError, open: (name: String, location: SourceLocation)?) -> PropertyListError.Reason
    {
        let code = Int(item.code)
        let first = detail(item.str1)
        switch code {
        case Int(XML_ERR_DOCUMENT_END.rawValue), Int(XML_ERR_TAG_NOT_FINISHED.rawValue):
            // libxml2 says "premature end of data in tag" (or "extra content") when the input stops
            // inside an element.
            if let open { return .unclosedElement(open.name, openedAt: open.location) }
            if code == Int(XML_ERR_DOCUMENT_END.rawValue) { return .contentAfterRoot }
        case Int(XML_WAR_UNDECLARED_ENTITY.rawValue), Int(XML_ERR_UNDECLARED_ENTITY.rawValue):
            return .undeclaredEntity(first ?? "?")
        case Int(XML_ERR_DOCUMENT_EMPTY.rawValue):
            return .noRootElement
        case Int(XML_ERR_TAG_NAME_MISMATCH.rawValue):
            if let opened = first, let closed = detail(item.str2) {
                return .tagMismatch(opened: opened, line: Int(item.int1), closed: closed)
            }
        case Int(XML_ERR_INVALID_CHAR.rawValue), Int(XML_ERR_INVALID_ENCODING.rawValue):
            // One code for three diagnoses: bytes that are not UTF-8 (the bytes in str1), a character
            // reference to a character XML does not allow, and such a character itself (int1).
            if let first, first.hasPrefix("Bytes:") {
                let bytes = first.dropFirst("Bytes:".count).trimmingCharacters(in: .whitespaces)
                return .invalidUTF8(bytes: bytes.isEmpty ? nil : bytes)
            }
            if code == Int(XML_ERR_INVALID_ENCODING.rawValue) { return .invalidUTF8(bytes: nil) }
            if message(of: item).hasPrefix("xmlParseCharRef") {
                return .invalidCharacterReference(codePoint: Int(item.int1))
            }
            return .invalidCharacter(codePoint: Int(item.int1))
        case Int(XML_ERR_INVALID_CHARREF.rawValue):
            return .invalidCharacterReference(codePoint: Int(item.int1))
        case Int(XML_ERR_INVALID_HEX_CHARREF.rawValue), Int(XML_ERR_INVALID_DEC_CHARREF.rawValue):
            return .malformedCharacterReference
        case Int(XML_ERR_ATTRIBUTE_REDEFINED.rawValue):
            if let first { return .duplicateAttribute(first) }
        case Int(XML_ERR_ATTRIBUTE_WITHOUT_VALUE.rawValue):
            if let first { return .attributeWithoutValue(first) }
        case Int(XML_ERR_ATTRIBUTE_NOT_STARTED.rawValue), Int(XML_ERR_ATTRIBUTE_NOT_FINISHED.rawValue):
            return .unquotedAttributeValue
        case Int(XML_ERR_LT_IN_ATTRIBUTE.rawValue):
            return .lessThanInAttributeValue
        case Int(XML_ERR_GT_REQUIRED.rawValue):
            return .unfinishedTag(first)
        case Int(XML_ERR_NAME_REQUIRED.rawValue):
            // libxml2 reports a `&` without a name under this code too.
            return message(of: item).hasPrefix("xmlParseEntityRef") ? .bareAmpersand : .missingElementName
        case Int(XML_ERR_COMMENT_NOT_FINISHED.rawValue):
            return .unfinishedComment
        case Int(XML_ERR_HYPHEN_IN_COMMENT.rawValue):
            return .doubleHyphenInComment
        case Int(XML_ERR_ENTITYREF_NO_NAME.rawValue):
            return .bareAmpersand
        case Int(XML_ERR_ENTITYREF_SEMICOL_MISSING.rawValue):
            return .unfinishedEntityReference
        case Int(XML_ERR_ENTITY_LOOP.rawValue):
            return .entityLoop
        case Int(XML_ERR_UNSUPPORTED_ENCODING.rawValue), Int(XML_ERR_UNKNOWN_ENCODING.rawValue):
            if let first { return .unsupportedEncoding(first) }
        default:
            break
        }
        var text = message(of: item)
        if let first = text.first, first.isUppercase, text.dropFirst().first?.isLowercase == true {
            text = first.lowercased() + text.dropFirst()
        }
        return .xmlError(code: code, text: text.isEmpty ? "malformed XML" : text)
    }

    /// libxml2's message on one line (its messages end with a line break, and some have a second line).
    private static func message(of item: xmlError) -> String {
        Excerpt.oneLine(Excerpt.joinedLines(item.message.map { String(cString: $0) } ?? ""))
    }

    /// A string libxml2 attached to a diagnosis (a name, the bytes...), on one line; `nil` when empty.
    private static func detail(_ text: UnsafeMutablePointer<CChar>?) -> String? {
        guard let text else { return nil }
        let line = Excerpt.oneLine(Excerpt.joinedLines(String(cString: text)))
        return line.isEmpty ? nil : line
    }
}

extension PropertyListError.Reason: CustomStringConvertible {
    /// The reason in one line of English, without a final period: the error's
    /// ``PropertyListError/message``.
    public var description: String {
        switch self {
        case .fileNotReadable: "cannot read the file: it does not exist or is not readable"
        case .fileIsFolder: "cannot read the file: it is a folder"
        case .readFailed(_, let description): "cannot read the file: \(description)"
        case .documentTooLarge(let size, let limit):
            "the document is \(bytes(size)); the limit is \(bytes(limit))"
        case .fileTooLarge(let size, let limit): "the file is \(bytes(size)); the limit is \(bytes(limit))"
        case .fileGrewPastLimit(let limit): "the file grew past the limit of \(bytes(limit)) while being read"
        case .inputTooLarge(let limit): "the input goes on past the limit of \(bytes(limit)); it was not read further"
        case .notRegularFile: "cannot read the file: it is not a regular file (a pipe, a device or a socket)"
        case .emptyDocument: "the document is empty; expected an XML property list"

        case .parserUnavailable: "the XML parser could not start"
        case .unsupportedEncoding(let name): "unsupported encoding \(name)"
        case .notWellFormed: "the document is not well-formed XML"
        case .unclosedElement(let name, let location):
            "unexpected end of the document; expected </\(name)> to close the <\(name)> opened at \(location)"
        case .tagMismatch(let opened, let line, let closed):
            "opening and ending tag mismatch: \(opened) line \(line) and \(closed)"
        case .contentAfterRoot: "extra content at the end of the document"
        case .noRootElement: "no XML element found; expected an XML property list"
        case .invalidCharacter(let codePoint):
            "the character \(Self.codePoint(codePoint)) is not allowed in an XML document"
        case .invalidCharacterReference(let codePoint):
            "a character reference stands for \(Self.codePoint(codePoint)), which is not allowed in an XML document"
        case .malformedCharacterReference: "malformed character reference; write &#NNN; or &#xHHHH;"
        case .invalidUTF8(let bytes?):
            "the document is not valid UTF-8 (bytes \(bytes)); save it as UTF-8 or declare its encoding"
        case .invalidUTF8(nil): "the document is not valid UTF-8; save it as UTF-8 or declare its encoding"
        case .duplicateAttribute(let name): "attribute '\(name)' is given twice in one tag"
        case .attributeWithoutValue(let name): "attribute '\(name)' has no value"
        case .unquotedAttributeValue: "expected an attribute value in quotes"
        case .lessThanInAttributeValue: "'<' is not allowed in an attribute value; write &lt;"
        case .unfinishedTag(let name?): "the tag <\(name) does not end with '>'"
        case .unfinishedTag(nil): "expected '>' at the end of the tag"
        case .missingElementName: "expected an element name after '<'; write &lt; for a '<' in text"
        case .unfinishedComment: "the comment does not end with '-->'"
        case .doubleHyphenInComment: "'--' is not allowed inside a comment"
        case .bareAmpersand: "expected an entity name after '&'; write &amp; for a '&' in text"
        case .unfinishedEntityReference: "expected ';' at the end of the entity reference"
        case .undeclaredEntity(let name):
            "entity '\(name)' is not defined; a property list may use only the five predefined "
                + "entities and character references (DTDs are never loaded)"
        case .entityLoop: "the document's entities refer to each other in a loop"
        case .xmlError(_, let text): text

        case .entityDeclaration(let name):
            "entity declarations are not allowed in a property list (<!ENTITY \(name)>)"
        case .dtdDeclaration(let keyword, let name):
            "DTD declarations are not allowed in a property list (<!\(keyword) \(name)>)"
        case .nestingTooDeep(let element, let depth, let limit):
            "\(element) is nested \(levels(depth)) deep; the limit is \(levels(limit))"

        case .noValue: "expected a property-list value, found none"
        case .unexpectedAtRoot(let found):
            "expected <plist> or a property-list value at the root, found \(found.english)"
        case .unexpectedInPlist(let found): "expected a value inside <plist>, found \(found.english)"
        case .secondValueInPlist(let tag): "expected only one value inside <plist>, found a second value \(tag)"
        case .missingValue(let key, let found):
            "expected a value for key '\(key)' inside <dict>, found \(found.english)"
        case .unexpectedInDict(let found): "expected <key> inside <dict>, found \(found.english)"
        case .unexpectedInArray(let found): "expected a value inside <array>, found \(found.english)"
        case .elementInText(let element, let found): "expected text inside \(element), found the element \(found)"
        case .textInEmptyElement(let element, let text): "expected \(element) to be empty, found the text '\(text)'"

        case .invalidInteger(let found, _) where found.isEmpty: "expected digits inside <integer>, found nothing"
        case .invalidInteger(let found, let hexadecimal):
            "expected \(hexadecimal ? "hexadecimal " : "")digits inside <integer>, found '\(found)'"
        case .integerOutOfRange(let text):
            "integer '\(text)' is out of range; expected a value from -9223372036854775808 to 18446744073709551615"
        case .emptyReal: "expected a number inside <real>, found nothing"
        case .invalidReal(let found): "expected a decimal number inside <real>, found '\(found)'"
        case .invalidDate(let found):
            "expected a date like 2024-01-31T12:00:00Z inside <date>, found \(Self.quoted(found))"
        case .dateOutOfRange(let found):
            "the date \(Self.quoted(found)) is out of range; dates go from 0000-01-01T00:00:00Z to 9999-12-31T23:59:59Z"
        case .invalidBase64Character(let byte):
            "expected base64 inside <data>, found the character \(Self.character(byte))"
        case .base64AfterPadding: "expected base64 inside <data>; found text after its '=' padding"
        case .base64TooMuchPadding: "expected base64 inside <data>; found too much '=' padding"
        case .base64PartialByte: "expected base64 inside <data>; its length is not a whole number of bytes"

        case .jsonNotUTF8: "the JSON is not valid UTF-8"
        case .jsonTrailingContent: "expected the end of the JSON text"
        case .jsonExpectedLiteral(let word): "expected '\(word)'"
        case .jsonTooDeep(let limit): "the JSON nests deeper than \(levels(limit))"
        case .jsonUnexpectedEnd: "expected a JSON value, found the end of the text"
        case .jsonExpectedValue: "expected a JSON value"
        case .jsonExpectedKey: "expected a string key in an object"
        case .jsonExpectedColon(let key): "expected ':' after the key '\(key)'"
        case .jsonExpectedObjectSeparator: "expected ',' or '}' in an object"
        case .jsonExpectedArraySeparator: "expected ',' or ']' in an array"
        case .jsonMalformedNumber: "malformed number"
        case .jsonMissingFractionDigits: "malformed number: expected digits after '.'"
        case .jsonMissingExponentDigits: "malformed number: expected exponent digits"
        case .jsonUnterminatedString: "unterminated string"
        case .jsonControlCharacter: "control character in a string; write it as an escape such as \\n or \\u0001"
        case .jsonUnterminatedEscape: "unterminated escape"
        case .jsonUnpairedSurrogate: "unpaired surrogate in a \\u escape"
        case .jsonUnknownEscape(let character): "unknown escape '\\\(character)'"
        case .jsonExpectedHexDigits: "expected four hexadecimal digits after \\u"

        case .jsonNull: "null has no property-list equivalent; leave the key out instead"
        case .jsonIntegerOutOfRange(let text): "integer \(text) is outside Int64.min...UInt64.max"
        case .invalidTaggedValue(let tag, let expected):
            switch expected {
            case .seconds: "\(tag) must be a number of seconds"
            case .object: "\(tag) must hold an object"
            case .unsignedInteger: "\(tag) must hold a non-negative integer"
            case .string: "\(tag) must hold a string"
            case .decimalInteger: "\(tag) must hold a decimal integer from Int64.min to UInt64.max"
            case .real: "\(tag) must hold a number, inf, -inf or nan"
            case .base64: "\(tag) must hold base64"
            case .date: "\(tag) must hold a date written YYYY-MM-DDTHH:MM:SSZ"
            }

        case .unwritableCharacter(let element, let path):
            "cannot write the \(element) at \(path ?? "the root value"): it holds a control character that XML 1.0 "
                + "cannot represent; remove it or store the text as data"

        case .other(let message): message
        }
    }

    /// `U+0001`: a code point as Unicode writes it (other modules render it the same way).
    package static func codePoint(_ value: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// `'*'` for a printable ASCII byte, `0x1F` for any other.
    private static func character(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "0x" + String(byte, radix: 16, uppercase: true)
    }

    /// Text from the document in quotes, or `nothing`.
    private static func quoted(_ text: String) -> String {
        text.isEmpty ? "nothing" : "'\(text)'"
    }
}

extension PropertyListError.Reason.Found {
    /// `<number>`, or `the text 'hello'`.
    fileprivate var english: String {
        switch self {
        case .tag(let tag): tag
        case .text(let text): "the text '\(text)'"
        }
    }
}

private func bytes(_ count: Int) -> String {
    count == 1 ? "1 byte" : "\(count) bytes"
}

private func levels(_ count: Int) -> String {
    count == 1 ? "1 level" : "\(count) levels"
}

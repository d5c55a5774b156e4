public import PropertyList
public import PurchaseCore

// The texts of the reader's errors live in the message tables (`plist.<reason>`); this file only picks
// the key and its arguments for each reason. The English texts say exactly what the reason's
// `description` (the error's `message`) says.

extension PropertyListError.Reason {
    /// Why the document could not be read, as a message key with its arguments: render it with a
    /// ``MessageTable`` for a locale.
    ///
    /// Names, tags, code points, bytes and text from the document are arguments, quoted as written and
    /// never translated; libxml2's own text, for the diagnoses without a reason of their own, stays
    /// English inside a translated sentence.
    public var messageText: Message {
        switch self {
        case .fileNotReadable: keyed(.plistFileNotReadable)
        case .fileIsFolder: keyed(.plistFileIsFolder)
        case .readFailed(_, let description): keyed(.plistReadFailed, description)
        case .documentTooLarge(let size, let limit):
            .keyed(.plistDocumentTooLarge, arguments: [.integer(size), .integer(limit)])
        case .fileTooLarge(let size, let limit):
            .keyed(.plistFileTooLarge, arguments: [.integer(size), .integer(limit)])
        case .fileGrewPastLimit(let limit): .keyed(.plistFileGrewPastLimit, arguments: [.integer(limit)])
        case .inputTooLarge(let limit): .keyed(.plistInputTooLarge, arguments: [.integer(limit)])
        case .notRegularFile: keyed(.plistNotRegularFile)
        case .emptyDocument: keyed(.plistEmptyDocument)

        case .parserUnavailable: keyed(.plistParserUnavailable)
        case .unsupportedEncoding(let name): keyed(.plistUnsupportedEncoding, name)
        case .notWellFormed: keyed(.plistNotWellFormed)
        case .unclosedElement(let name, let location):
            .keyed(.plistUnclosedElement, arguments: [.text(name), .integer(location.line), .integer(location.column)])
        case .tagMismatch(let opened, let line, let closed):
            .keyed(.plistTagMismatch, arguments: [.text(opened), .integer(line), .text(closed)])
        case .contentAfterRoot: keyed(.plistContentAfterRoot)
        case .noRootElement: keyed(.plistNoRootElement)
        case .invalidCharacter(let codePoint): keyed(.plistInvalidCharacter, Self.codePoint(codePoint))
        case .invalidCharacterReference(let codePoint):
            keyed(.plistInvalidCharacterReference, Self.codePoint(codePoint))
        case .malformedCharacterReference: keyed(.plistMalformedCharacterReference)
        case .invalidUTF8(let bytes?): keyed(.plistInvalidUTF8Bytes, bytes)
        case .invalidUTF8(nil): keyed(.plistInvalidUTF8)
        case .duplicateAttribute(let name): keyed(.plistDuplicateAttribute, name)
        case .attributeWithoutValue(let name): keyed(.plistAttributeWithoutValue, name)
        case .unquotedAttributeValue: keyed(.plistUnquotedAttributeValue)
        case .lessThanInAttributeValue: keyed(.plistLessThanInAttributeValue)
        case .unfinishedTag(let name?): keyed(.plistUnfinishedTag, name)
        case .unfinishedTag(nil): keyed(.plistUnfinishedTagUnnamed)
        case .missingElementName: keyed(.plistMissingElementName)
        case .unfinishedComment: keyed(.plistUnfinishedComment)
        case .doubleHyphenInComment: keyed(.plistDoubleHyphenInComment)
        case .bareAmpersand: keyed(.plistBareAmpersand)
        case .unfinishedEntityReference: keyed(.plistUnfinishedEntityReference)
        case .undeclaredEntity(let name): keyed(.plistUndeclaredEntity, name)
        case .entityLoop: keyed(.plistEntityLoop)
        case .xmlError(_, let text): keyed(.plistXMLError, text)

        case .entityDeclaration(let name): keyed(.plistEntityDeclaration, name)
        case .dtdDeclaration(let keyword, let name): keyed(.plistDTDDeclaration, keyword, name)
        case .nestingTooDeep(let element, let depth, let limit):
            .keyed(.plistNestingTooDeep, arguments: [.text(element), .integer(depth), .integer(limit)])

        case .noValue: keyed(.plistNoValue)
        case .unexpectedAtRoot(let found): .keyed(.plistUnexpectedAtRoot, arguments: [found.argument])
        case .unexpectedInPlist(let found): .keyed(.plistUnexpectedInPlist, arguments: [found.argument])
        case .secondValueInPlist(let tag): keyed(.plistSecondValueInPlist, tag)
        case .missingValue(let key, let found): .keyed(.plistMissingValue, arguments: [.text(key), found.argument])
        case .unexpectedInDict(let found): .keyed(.plistUnexpectedInDict, arguments: [found.argument])
        case .unexpectedInArray(let found): .keyed(.plistUnexpectedInArray, arguments: [found.argument])
        case .elementInText(let element, let found): keyed(.plistElementInText, element, found)
        case .textInEmptyElement(let element, let text): keyed(.plistTextInEmptyElement, element, text)

        case .invalidInteger(let found, _) where found.isEmpty: keyed(.plistInvalidIntegerEmpty)
        case .invalidInteger(let found, let hexadecimal):
            keyed(hexadecimal ? .plistInvalidIntegerHexadecimal : .plistInvalidInteger, found)
        case .integerOutOfRange(let text): keyed(.plistIntegerOutOfRange, text)
        case .emptyReal: keyed(.plistEmptyReal)
        case .invalidReal(let found): keyed(.plistInvalidReal, found)
        case .invalidDate(let found) where found.isEmpty: keyed(.plistInvalidDateEmpty)
        case .invalidDate(let found): keyed(.plistInvalidDate, found)
        case .dateOutOfRange(let found): keyed(.plistDateOutOfRange, found)
        case .invalidBase64Character(let byte):
            .keyed(
                .plistInvalidBase64Character,
                arguments: [
                    byte >= 0x21 && byte < 0x7F
                        ? .message(keyed(.plistFoundQuoted, String(Character(Unicode.Scalar(byte)))))
                        : .text("0x" + String(byte, radix: 16, uppercase: true))
                ])
        case .base64AfterPadding: keyed(.plistBase64AfterPadding)
        case .base64TooMuchPadding: keyed(.plistBase64TooMuchPadding)
        case .base64PartialByte: keyed(.plistBase64PartialByte)

        case .jsonNotUTF8: keyed(.plistJSONNotUTF8)
        case .jsonTrailingContent: keyed(.plistJSONTrailingContent)
        case .jsonExpectedLiteral(let word): keyed(.plistJSONExpectedLiteral, word)
        case .jsonTooDeep(let limit): .keyed(.plistJSONTooDeep, arguments: [.integer(limit)])
        case .jsonUnexpectedEnd: keyed(.plistJSONUnexpectedEnd)
        case .jsonExpectedValue: keyed(.plistJSONExpectedValue)
        case .jsonExpectedKey: keyed(.plistJSONExpectedKey)
        case .jsonExpectedColon(let key): keyed(.plistJSONExpectedColon, key)
        case .jsonExpectedObjectSeparator: keyed(.plistJSONExpectedObjectSeparator)
        case .jsonExpectedArraySeparator: keyed(.plistJSONExpectedArraySeparator)
        case .jsonMalformedNumber: keyed(.plistJSONMalformedNumber)
        case .jsonMissingFractionDigits: keyed(.plistJSONMissingFractionDigits)
        case .jsonMissingExponentDigits: keyed(.plistJSONMissingExponentDigits)
        case .jsonUnterminatedString: keyed(.plistJSONUnterminatedString)
        case .jsonControlCharacter: keyed(.plistJSONControlCharacter)
        case .jsonUnterminatedEscape: keyed(.plistJSONUnterminatedEscape)
        case .jsonUnpairedSurrogate: keyed(.plistJSONUnpairedSurrogate)
        case .jsonUnknownEscape(let character): keyed(.plistJSONUnknownEscape, character)
        case .jsonExpectedHexDigits: keyed(.plistJSONExpectedHexDigits)

        case .jsonNull: keyed(.plistJSONNull)
        case .jsonIntegerOutOfRange(let text): keyed(.plistJSONIntegerOutOfRange, text)
        case .invalidTaggedValue(let tag, let expected): keyed(expected.key, tag)

        case .unwritableCharacter(let element, let path?): keyed(.plistUnwritableCharacter, element, path)
        case .unwritableCharacter(let element, nil): keyed(.plistUnwritableCharacterRoot, element)

        case .other(let text): keyed(.plistOther, text)
        }
    }

    /// Why the document could not be read, in one sentence without a final period, for a person using
    /// `locale` (with the fallback of ``MessageTable/lookup(_:locale:)``).
    public func message(locale: String, table: MessageTable = .builtIn) -> String {
        table.render(messageText, locale: locale)
    }
}

extension PropertyListError {
    /// Why the document could not be read, as a message key with its arguments (the reason's, see
    /// `PropertyListError.Reason.messageText`); the position is not part of it.
    public var messageText: Message { reason.messageText }

    /// Why the document could not be read, for a person using `locale`; `message` says it in English.
    public func message(locale: String, table: MessageTable = .builtIn) -> String {
        reason.message(locale: locale, table: table)
    }
}

extension PropertyListError.Reason.Found {
    /// A tag as written, or the text inside the sentence `plist.found.text` (`the text 'hello'`).
    fileprivate var argument: MessageArgument {
        switch self {
        case .tag(let tag): .text(tag)
        case .text(let text): .message(keyed(.plistFoundText, text))
        }
    }
}

extension PropertyListError.Reason.TaggedContent {
    /// The key of `<tag> must hold ...`.
    fileprivate var key: MessageKey {
        switch self {
        case .seconds: .plistTagSeconds
        case .object: .plistTagObject
        case .unsignedInteger: .plistTagUnsignedInteger
        case .string: .plistTagString
        case .decimalInteger: .plistTagDecimalInteger
        case .real: .plistTagReal
        case .base64: .plistTagBase64
        case .date: .plistTagDate
        }
    }
}

private func keyed(_ key: MessageKey, _ texts: String...) -> Message {
    .keyed(key, arguments: texts.map(MessageArgument.text))
}

public import PurchaseCore

/// The keys of why a document cannot be read (`plist.<reason>`), shown inside `catalog.unreadableDocument`,
/// `catalog.unreadableFile` and `catalog.storeKitUnreadable`: `PropertyListError.Reason` names each
/// with its arguments (`messageText`).
extension MessageKey {
    /// A file does not exist or cannot be opened.
    public static let plistFileNotReadable = MessageKey("plist.fileNotReadable")
    /// A path to read names a folder.
    public static let plistFileIsFolder = MessageKey("plist.fileIsFolder")
    /// A path to read names a pipe, a device or a socket where only a regular file may be read.
    public static let plistNotRegularFile = MessageKey("plist.notRegularFile")
    /// Reading a file failed; gives the system's description.
    public static let plistReadFailed = MessageKey("plist.readFailed", arguments: [.text])
    /// A document without any bytes.
    public static let plistEmptyDocument = MessageKey("plist.emptyDocument")
    /// libxml2 could not create a parser.
    public static let plistParserUnavailable = MessageKey("plist.parserUnavailable")
    /// An encoding libxml2 cannot convert from; names it.
    public static let plistUnsupportedEncoding = MessageKey("plist.unsupportedEncoding", arguments: [.text])
    /// A document libxml2 found not well-formed without saying why.
    public static let plistNotWellFormed = MessageKey("plist.notWellFormed")
    /// The document ends inside an element; names it and gives the line and column it was opened at.
    public static let plistUnclosedElement = MessageKey(
        "plist.unclosedElement", arguments: [.text, .integer, .integer])
    /// An end tag that does not match the open element; names the element, the line it was opened on, and the end tag.
    public static let plistTagMismatch = MessageKey("plist.tagMismatch", arguments: [.text, .integer, .text])
    /// Content after the end of the root element.
    public static let plistContentAfterRoot = MessageKey("plist.contentAfterRoot")
    /// A document without any element.
    public static let plistNoRootElement = MessageKey("plist.noRootElement")
    /// A character XML does not allow; gives its code point (U+0001).
    public static let plistInvalidCharacter = MessageKey("plist.invalidCharacter", arguments: [.text])
    /// A character reference to a character XML does not allow; gives the code point.
    public static let plistInvalidCharacterReference = MessageKey("plist.invalidCharacterReference", arguments: [.text])
    /// A character reference whose digits are not a number.
    public static let plistMalformedCharacterReference = MessageKey("plist.malformedCharacterReference")
    /// A document that is not UTF-8 and declares no other encoding.
    public static let plistInvalidUTF8 = MessageKey("plist.invalidUTF8")
    /// A document that is not UTF-8 and declares no other encoding; gives the bytes.
    public static let plistInvalidUTF8Bytes = MessageKey("plist.invalidUTF8.bytes", arguments: [.text])
    /// An attribute given twice in one tag; names it.
    public static let plistDuplicateAttribute = MessageKey("plist.duplicateAttribute", arguments: [.text])
    /// An attribute without a value; names it.
    public static let plistAttributeWithoutValue = MessageKey("plist.attributeWithoutValue", arguments: [.text])
    /// An attribute value not in quotes.
    public static let plistUnquotedAttributeValue = MessageKey("plist.unquotedAttributeValue")
    /// A '<' inside an attribute value.
    public static let plistLessThanInAttributeValue = MessageKey("plist.lessThanInAttributeValue")
    /// A tag that does not end with '>'; names the element.
    public static let plistUnfinishedTag = MessageKey("plist.unfinishedTag", arguments: [.text])
    /// A tag that does not end with '>'.
    public static let plistUnfinishedTagUnnamed = MessageKey("plist.unfinishedTag.unnamed")
    /// A '<' not followed by an element name.
    public static let plistMissingElementName = MessageKey("plist.missingElementName")
    /// A comment that does not end with '-->'.
    public static let plistUnfinishedComment = MessageKey("plist.unfinishedComment")
    /// '--' inside a comment.
    public static let plistDoubleHyphenInComment = MessageKey("plist.doubleHyphenInComment")
    /// A '&' not followed by an entity name.
    public static let plistBareAmpersand = MessageKey("plist.bareAmpersand")
    /// An entity reference without its closing ';'.
    public static let plistUnfinishedEntityReference = MessageKey("plist.unfinishedEntityReference")
    /// A reference to an entity that is not defined; names it.
    public static let plistUndeclaredEntity = MessageKey("plist.undeclaredEntity", arguments: [.text])
    /// Entities that refer to each other in a loop.
    public static let plistEntityLoop = MessageKey("plist.entityLoop")
    /// Any other diagnosis of libxml2; gives its text (English, one line).
    public static let plistXMLError = MessageKey("plist.xmlError", arguments: [.text])
    /// An entity declaration, refused; names the entity.
    public static let plistEntityDeclaration = MessageKey("plist.entityDeclaration", arguments: [.text])
    /// Another DTD declaration, refused; gives its keyword and the name it declares.
    public static let plistDTDDeclaration = MessageKey("plist.dtdDeclaration", arguments: [.text, .text])
    /// A document without a property-list value.
    public static let plistNoValue = MessageKey("plist.noValue")
    /// Something other than <plist> or a value at the root; gives what was found.
    public static let plistUnexpectedAtRoot = MessageKey("plist.unexpectedAtRoot", arguments: [.text])
    /// Something other than a value inside <plist>; gives what was found.
    public static let plistUnexpectedInPlist = MessageKey("plist.unexpectedInPlist", arguments: [.text])
    /// A second value inside <plist>; gives the element.
    public static let plistSecondValueInPlist = MessageKey("plist.secondValueInPlist", arguments: [.text])
    /// A key without a value; names the key and gives what came instead.
    public static let plistMissingValue = MessageKey("plist.missingValue", arguments: [.text, .text])
    /// Something other than <key> inside <dict>; gives what was found.
    public static let plistUnexpectedInDict = MessageKey("plist.unexpectedInDict", arguments: [.text])
    /// Something other than a value inside <array>; gives what was found.
    public static let plistUnexpectedInArray = MessageKey("plist.unexpectedInArray", arguments: [.text])
    /// An element inside an element that holds text; gives both.
    public static let plistElementInText = MessageKey("plist.elementInText", arguments: [.text, .text])
    /// Text inside <true/> or <false/>; gives the element and the text.
    public static let plistTextInEmptyElement = MessageKey("plist.textInEmptyElement", arguments: [.text, .text])
    /// Text found where an element was expected, as the reasons above show it; gives the text.
    public static let plistFoundText = MessageKey("plist.found.text", arguments: [.text])
    /// A character from the document in quotes, as the reasons above show it.
    public static let plistFoundQuoted = MessageKey("plist.found.quoted", arguments: [.text])
    /// The text of an <integer> is not a number; gives it.
    public static let plistInvalidInteger = MessageKey("plist.invalidInteger", arguments: [.text])
    /// The text of an <integer> is not a hexadecimal number; gives it.
    public static let plistInvalidIntegerHexadecimal = MessageKey(
        "plist.invalidInteger.hexadecimal", arguments: [.text])
    /// An <integer> without text.
    public static let plistInvalidIntegerEmpty = MessageKey("plist.invalidInteger.empty")
    /// An integer outside Int64.min...UInt64.max; gives it.
    public static let plistIntegerOutOfRange = MessageKey("plist.integerOutOfRange", arguments: [.text])
    /// A <real> without text.
    public static let plistEmptyReal = MessageKey("plist.emptyReal")
    /// The text of a <real> is not a decimal number; gives it.
    public static let plistInvalidReal = MessageKey("plist.invalidReal", arguments: [.text])
    /// The text of a <date> is not a date; gives it.
    public static let plistInvalidDate = MessageKey("plist.invalidDate", arguments: [.text])
    /// A <date> without text.
    public static let plistInvalidDateEmpty = MessageKey("plist.invalidDate.empty")
    /// A <date> outside 0000-01-01 to 9999-12-31; gives its text.
    public static let plistDateOutOfRange = MessageKey("plist.dateOutOfRange", arguments: [.text])
    /// A character that is not base64 inside <data>; gives it.
    public static let plistInvalidBase64Character = MessageKey("plist.invalidBase64Character", arguments: [.text])
    /// Base64 after the '=' padding of a <data>.
    public static let plistBase64AfterPadding = MessageKey("plist.base64AfterPadding")
    /// More than two '=' of padding in a <data>.
    public static let plistBase64TooMuchPadding = MessageKey("plist.base64TooMuchPadding")
    /// Base64 whose length is not a whole number of bytes.
    public static let plistBase64PartialByte = MessageKey("plist.base64PartialByte")
    /// JSON that is not UTF-8.
    public static let plistJSONNotUTF8 = MessageKey("plist.json.notUTF8")
    /// Something after the JSON value.
    public static let plistJSONTrailingContent = MessageKey("plist.json.trailingContent")
    /// A misspelt true, false or null; gives the word expected.
    public static let plistJSONExpectedLiteral = MessageKey("plist.json.expectedLiteral", arguments: [.text])
    /// JSON that ends where a value is expected.
    public static let plistJSONUnexpectedEnd = MessageKey("plist.json.unexpectedEnd")
    /// Something that is no JSON value where a value is expected.
    public static let plistJSONExpectedValue = MessageKey("plist.json.expectedValue")
    /// Something other than a string where an object's key is expected.
    public static let plistJSONExpectedKey = MessageKey("plist.json.expectedKey")
    /// No ':' after an object's key; names the key.
    public static let plistJSONExpectedColon = MessageKey("plist.json.expectedColon", arguments: [.text])
    /// Neither ',' nor '}' after an object's member.
    public static let plistJSONExpectedObjectSeparator = MessageKey("plist.json.expectedObjectSeparator")
    /// Neither ',' nor ']' after an array's element.
    public static let plistJSONExpectedArraySeparator = MessageKey("plist.json.expectedArraySeparator")
    /// A number not written as JSON writes numbers.
    public static let plistJSONMalformedNumber = MessageKey("plist.json.malformedNumber")
    /// A JSON number without digits after its '.'.
    public static let plistJSONMissingFractionDigits = MessageKey("plist.json.missingFractionDigits")
    /// A JSON number without digits in its exponent.
    public static let plistJSONMissingExponentDigits = MessageKey("plist.json.missingExponentDigits")
    /// A JSON string without its closing quote.
    public static let plistJSONUnterminatedString = MessageKey("plist.json.unterminatedString")
    /// A control character inside a JSON string.
    public static let plistJSONControlCharacter = MessageKey("plist.json.controlCharacter")
    /// A backslash at the end of the JSON text.
    public static let plistJSONUnterminatedEscape = MessageKey("plist.json.unterminatedEscape")
    /// A \u escape of half a surrogate pair.
    public static let plistJSONUnpairedSurrogate = MessageKey("plist.json.unpairedSurrogate")
    /// An escape JSON does not define; gives the character after the backslash.
    public static let plistJSONUnknownEscape = MessageKey("plist.json.unknownEscape", arguments: [.text])
    /// A \u not followed by four hexadecimal digits.
    public static let plistJSONExpectedHexDigits = MessageKey("plist.json.expectedHexDigits")
    /// A JSON null, which no property-list value stands for.
    public static let plistJSONNull = MessageKey("plist.json.null")
    /// A JSON integer outside Int64.min...UInt64.max; gives it.
    public static let plistJSONIntegerOutOfRange = MessageKey("plist.json.integerOutOfRange", arguments: [.text])
    /// A tagged-JSON key that must hold a number of seconds; names it.
    public static let plistTagSeconds = MessageKey("plist.tag.seconds", arguments: [.text])
    /// A tag that must hold an object; names it.
    public static let plistTagObject = MessageKey("plist.tag.object", arguments: [.text])
    /// A tag that must hold a non-negative integer; names it.
    public static let plistTagUnsignedInteger = MessageKey("plist.tag.unsignedInteger", arguments: [.text])
    /// A tag that must hold a string; names it.
    public static let plistTagString = MessageKey("plist.tag.string", arguments: [.text])
    /// A tag that must hold a decimal integer; names it.
    public static let plistTagDecimalInteger = MessageKey("plist.tag.decimalInteger", arguments: [.text])
    /// A tag that must hold a number, inf, -inf or nan; names it.
    public static let plistTagReal = MessageKey("plist.tag.real", arguments: [.text])
    /// A tag that must hold base64; names it.
    public static let plistTagBase64 = MessageKey("plist.tag.base64", arguments: [.text])
    /// A tag that must hold a date; names it.
    public static let plistTagDate = MessageKey("plist.tag.date", arguments: [.text])
    /// Text XML 1.0 cannot hold, refused by the writer; names the element and the path to the value.
    public static let plistUnwritableCharacter = MessageKey("plist.unwritableCharacter", arguments: [.text, .text])
    /// A root value XML 1.0 cannot hold, refused by the writer; names the element.
    public static let plistUnwritableCharacterRoot = MessageKey("plist.unwritableCharacter.root", arguments: [.text])
    /// A reader error given as an English sentence alone; gives the sentence.
    public static let plistOther = MessageKey("plist.other", arguments: [.text])
    /// A document larger than the reader's limit; gives its size and the limit in bytes (plural).
    public static let plistDocumentTooLarge = MessageKey(
        "plist.documentTooLarge", arguments: [.integer, .integer], plural: true)
    /// A file larger than the reader's limit; gives its size and the limit in bytes (plural).
    public static let plistFileTooLarge = MessageKey(
        "plist.fileTooLarge", arguments: [.integer, .integer], plural: true)
    /// A file that grew past the reader's limit while read; gives the limit in bytes (plural).
    public static let plistFileGrewPastLimit = MessageKey(
        "plist.fileGrewPastLimit", arguments: [.integer], plural: true)
    /// A pipe, device or standard input that went on past the reader's limit; gives the limit in bytes (plural).
    public static let plistInputTooLarge = MessageKey("plist.inputTooLarge", arguments: [.integer], plural: true)
    /// An element nested deeper than the reader's limit; gives the element, its depth and the limit (plural).
    public static let plistNestingTooDeep = MessageKey(
        "plist.nestingTooDeep", arguments: [.text, .integer, .integer], plural: true)
    /// JSON nested deeper than the limit; gives the limit (plural).
    public static let plistJSONTooDeep = MessageKey("plist.json.tooDeep", arguments: [.integer], plural: true)

    /// Every reader reason key this module declares, in the order above.
    public static let propertyListKeys: [MessageKey] = [
        .plistFileNotReadable, .plistFileIsFolder, .plistNotRegularFile, .plistReadFailed, .plistEmptyDocument,
        .plistParserUnavailable, .plistUnsupportedEncoding, .plistNotWellFormed, .plistUnclosedElement,
        .plistTagMismatch, .plistContentAfterRoot, .plistNoRootElement, .plistInvalidCharacter,
        .plistInvalidCharacterReference, .plistMalformedCharacterReference, .plistInvalidUTF8, .plistInvalidUTF8Bytes,
        .plistDuplicateAttribute, .plistAttributeWithoutValue, .plistUnquotedAttributeValue,
        .plistLessThanInAttributeValue, .plistUnfinishedTag, .plistUnfinishedTagUnnamed, .plistMissingElementName,
        .plistUnfinishedComment, .plistDoubleHyphenInComment, .plistBareAmpersand, .plistUnfinishedEntityReference,
        .plistUndeclaredEntity, .plistEntityLoop, .plistXMLError, .plistEntityDeclaration, .plistDTDDeclaration,
        .plistNoValue, .plistUnexpectedAtRoot, .plistUnexpectedInPlist, .plistSecondValueInPlist, .plistMissingValue,
        .plistUnexpectedInDict, .plistUnexpectedInArray, .plistElementInText, .plistTextInEmptyElement, .plistFoundText,
        .plistFoundQuoted, .plistInvalidInteger, .plistInvalidIntegerHexadecimal, .plistInvalidIntegerEmpty,
        .plistIntegerOutOfRange, .plistEmptyReal, .plistInvalidReal, .plistInvalidDate, .plistInvalidDateEmpty,
        .plistDateOutOfRange, .plistInvalidBase64Character, .plistBase64AfterPadding, .plistBase64TooMuchPadding,
        .plistBase64PartialByte, .plistJSONNotUTF8, .plistJSONTrailingContent, .plistJSONExpectedLiteral,
        .plistJSONUnexpectedEnd, .plistJSONExpectedValue, .plistJSONExpectedKey, .plistJSONExpectedColon,
        .plistJSONExpectedObjectSeparator, .plistJSONExpectedArraySeparator, .plistJSONMalformedNumber,
        .plistJSONMissingFractionDigits, .plistJSONMissingExponentDigits, .plistJSONUnterminatedString,
        .plistJSONControlCharacter, .plistJSONUnterminatedEscape, .plistJSONUnpairedSurrogate, .plistJSONUnknownEscape,
        .plistJSONExpectedHexDigits, .plistJSONNull, .plistJSONIntegerOutOfRange, .plistTagSeconds, .plistTagObject,
        .plistTagUnsignedInteger, .plistTagString, .plistTagDecimalInteger, .plistTagReal, .plistTagBase64,
        .plistTagDate, .plistUnwritableCharacter, .plistUnwritableCharacterRoot, .plistOther, .plistDocumentTooLarge,
        .plistFileTooLarge, .plistFileGrewPastLimit, .plistInputTooLarge, .plistNestingTooDeep, .plistJSONTooDeep,
    ]
}

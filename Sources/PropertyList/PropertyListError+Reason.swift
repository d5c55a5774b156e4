extension PropertyListError {
    /// Why a document could not be read (or written), with the details a message needs.
    ///
    /// Every error the module throws has one, so that a module that shows errors to people can say the
    /// same in their language; ``description`` says it in English (it is the error's ``message``).
    /// Names, tags and text quoted from the document are given as written, except that quoted text is
    /// shortened to about 40 bytes and put on one line (line breaks and tabs written `\n`, `\r`, `\t`).
    /// New cases may be added.
    public enum Reason: Sendable, Hashable {
        // MARK: The input

        /// The file does not exist or cannot be opened.
        case fileNotReadable
        /// The path names a folder.
        case fileIsFolder
        /// Reading the file failed: the system's error number and its description (`strerror`, in English).
        case readFailed(errorNumber: Int32, description: String)
        /// The document has more bytes than ``PropertyListReader/Limits/maximumDocumentSize``.
        case documentTooLarge(size: Int, limit: Int)
        /// The file has more bytes than ``PropertyListReader/Limits/maximumDocumentSize``.
        case fileTooLarge(size: Int, limit: Int)
        /// The file grew past ``PropertyListReader/Limits/maximumDocumentSize`` while it was read.
        case fileGrewPastLimit(limit: Int)
        /// An input that is no regular file (a pipe, a device, standard input) went on past the size
        /// limit, in bytes; it was not read further.
        case inputTooLarge(limit: Int)
        /// The path names a pipe, a device or a socket where only a regular file may be read.
        case notRegularFile
        /// The document has no bytes at all.
        case emptyDocument

        // MARK: XML (mostly libxml2's diagnoses)

        /// libxml2 could not create a parser.
        case parserUnavailable
        /// An encoding libxml2 cannot convert from; its name.
        case unsupportedEncoding(String)
        /// libxml2 found the document not well-formed without saying why.
        case notWellFormed
        /// The document ends inside an element: its name and where it was opened.
        case unclosedElement(String, openedAt: SourceLocation)
        /// An end tag that does not match the open element: the open element's name, the line it was
        /// opened on, and the end tag's name.
        case tagMismatch(opened: String, line: Int, closed: String)
        /// Content after the end of the root element.
        case contentAfterRoot
        /// No element at all (only text, white space or a declaration).
        case noRootElement
        /// A character XML does not allow; its code point.
        case invalidCharacter(codePoint: Int)
        /// A character reference (`&#1;`) to a character XML does not allow; the code point.
        case invalidCharacterReference(codePoint: Int)
        /// A character reference whose digits are not a number (`&#xZZ;`).
        case malformedCharacterReference
        /// Bytes that are not UTF-8 in a document that does not declare another encoding; the bytes as
        /// libxml2 shows them (`0xFF 0xFE 0x3C 0x2F`), when it does.
        case invalidUTF8(bytes: String?)
        /// An attribute given twice in one tag; its name.
        case duplicateAttribute(String)
        /// An attribute without `=` and a value; its name.
        case attributeWithoutValue(String)
        /// An attribute value not in quotes, or its closing quote missing.
        case unquotedAttributeValue
        /// A `<` inside an attribute value.
        case lessThanInAttributeValue
        /// A tag that does not end with `>`; the element's name when libxml2 gives it.
        case unfinishedTag(String?)
        /// A `<` not followed by an element name (a `<` in text must be written `&lt;`).
        case missingElementName
        /// A comment that does not end with `-->`.
        case unfinishedComment
        /// `--` inside a comment.
        case doubleHyphenInComment
        /// A `&` not followed by an entity name (a `&` in text must be written `&amp;`).
        case bareAmpersand
        /// An entity or character reference without its closing `;`.
        case unfinishedEntityReference
        /// A reference to an entity that is not defined; its name.
        case undeclaredEntity(String)
        /// Entities that refer to each other in a loop.
        case entityLoop
        /// Any other diagnosis of libxml2: its error code (`xmlParserErrors`) and its text, in English on
        /// one line.
        case xmlError(code: Int, text: String)

        // MARK: Refused for safety

        /// An `<!ENTITY>` declaration; the entity's name.
        case entityDeclaration(String)
        /// Another declaration of the internal subset: its keyword (`ELEMENT`, `ATTLIST`, `NOTATION`) and
        /// the name it declares.
        case dtdDeclaration(keyword: String, name: String)
        /// An element nested deeper than ``PropertyListReader/Limits/maximumDepth``: the element as
        /// written (`<array>`), its depth and the limit.
        case nestingTooDeep(element: String, depth: Int, limit: Int)

        // MARK: Property-list structure

        /// The document holds no property-list value.
        case noValue
        /// Something other than `<plist>` or a value at the root.
        case unexpectedAtRoot(Found)
        /// Something other than a value inside `<plist>` (its end tag when it is empty).
        case unexpectedInPlist(Found)
        /// A second value inside `<plist>`; the element as written.
        case secondValueInPlist(String)
        /// A `<key>` not followed by a value: the key and what came instead.
        case missingValue(key: String, found: Found)
        /// Something other than `<key>` where a dict expects one.
        case unexpectedInDict(Found)
        /// Something other than a value inside `<array>`.
        case unexpectedInArray(Found)
        /// An element inside an element that holds text: the outer element and the inner one, as written.
        case elementInText(element: String, found: String)
        /// Text inside `<true/>` or `<false/>`: the element as written and the text.
        case textInEmptyElement(element: String, text: String)

        // MARK: Scalars

        /// The text of an `<integer>` is not a number (empty when there was none); whether it was
        /// written in hexadecimal.
        case invalidInteger(found: String, hexadecimal: Bool)
        /// An integer outside `Int64.min...UInt64.max`, as written.
        case integerOutOfRange(String)
        /// A `<real>` without text.
        case emptyReal
        /// The text of a `<real>` is not a decimal number.
        case invalidReal(found: String)
        /// The text of a `<date>` is not `YYYY-MM-DDTHH:MM:SSZ` (empty when there was none).
        case invalidDate(found: String)
        /// A `<date>` before 0000-01-01T00:00:00Z or after 9999-12-31T23:59:59Z (once its fields
        /// roll over), which no property list can write back.
        case dateOutOfRange(found: String)
        /// A byte that is not base64 inside `<data>`.
        case invalidBase64Character(UInt8)
        /// Base64 after the `=` padding of a `<data>`.
        case base64AfterPadding
        /// More than two `=` of padding in a `<data>`.
        case base64TooMuchPadding
        /// Base64 whose length is not a whole number of bytes.
        case base64PartialByte

        // MARK: JSON

        /// The JSON is not UTF-8.
        case jsonNotUTF8
        /// Something after the JSON value.
        case jsonTrailingContent
        /// A misspelt `true`, `false` or `null`; the word expected.
        case jsonExpectedLiteral(String)
        /// Arrays and objects nested deeper than the limit; the limit.
        case jsonTooDeep(limit: Int)
        /// The text ends where a value is expected.
        case jsonUnexpectedEnd
        /// Something that is no JSON value where a value is expected.
        case jsonExpectedValue
        /// Something other than a string where an object's key is expected.
        case jsonExpectedKey
        /// No `:` after an object's key; the key.
        case jsonExpectedColon(key: String)
        /// Neither `,` nor `}` after an object's member.
        case jsonExpectedObjectSeparator
        /// Neither `,` nor `]` after an array's element.
        case jsonExpectedArraySeparator
        /// A number that is not written as JSON writes numbers.
        case jsonMalformedNumber
        /// A number with no digits after its `.`.
        case jsonMissingFractionDigits
        /// A number with no digits in its exponent.
        case jsonMissingExponentDigits
        /// A string without its closing `"`.
        case jsonUnterminatedString
        /// A control character inside a string.
        case jsonControlCharacter
        /// A `\` at the end of the text.
        case jsonUnterminatedEscape
        /// A `\u` escape of half a surrogate pair.
        case jsonUnpairedSurrogate
        /// An escape JSON does not define; the character after the `\`.
        case jsonUnknownEscape(String)
        /// A `\u` not followed by four hexadecimal digits.
        case jsonExpectedHexDigits

        // MARK: Tagged JSON

        /// A JSON `null`, which no property-list value stands for.
        case jsonNull
        /// An integer outside `Int64.min...UInt64.max`, as written.
        case jsonIntegerOutOfRange(String)
        /// A tag (`$int`, `$date`...) holding something other than what it must hold.
        case invalidTaggedValue(tag: String, expected: TaggedContent)

        // MARK: Writing

        /// A key or string holding a character XML 1.0 cannot represent: the element's name (`key`,
        /// `string`) and the dotted path to the value (`nil` for the root value).
        case unwritableCharacter(element: String, path: String?)

        // MARK: Others

        /// An error made from an English sentence alone (by another module); the sentence.
        case other(String)

        /// What was found where something else was expected.
        public enum Found: Sendable, Hashable {
            /// A start or end tag, as written: `<number>`, `</dict>`, `<x:string>`.
            case tag(String)
            /// Text, trimmed of white space around it, shortened and on one line.
            case text(String)
        }

        /// What a tag of tagged JSON must hold.
        public enum TaggedContent: Sendable, Hashable {
            /// A number of seconds (`$timeIntervalSinceReferenceDate`).
            case seconds
            /// A JSON object (`$dict`).
            case object
            /// A non-negative integer (`$uid`).
            case unsignedInteger
            /// A string (every other tag).
            case string
            /// A decimal integer from `Int64.min` to `UInt64.max` (`$int`).
            case decimalInteger
            /// A number, `inf`, `-inf` or `nan` (`$real`).
            case real
            /// Base64 (`$data`).
            case base64
            /// A date written `YYYY-MM-DDTHH:MM:SSZ` (`$date`).
            case date
        }
    }
}

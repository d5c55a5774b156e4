import Foundation
import PropertyList
import Testing

/// Every error carries a structured reason, set where it is thrown, whose English sentence is the error's
/// message; and no error, whatever the input, spans more than one line.
struct ReaderReasonTests {
    typealias Reason = PropertyListError.Reason

    @Test(
        arguments: [
            // Property-list structure.
            ("<plist><number>1</number></plist>", Reason.unexpectedInPlist(.tag("<number>"))),
            ("<number>1</number>", .unexpectedAtRoot(.tag("<number>"))),
            ("<x:string xmlns:x='urn:x'>a</x:string>", .unexpectedAtRoot(.tag("<x:string>"))),
            ("<plist>hello</plist>", .unexpectedInPlist(.text("hello"))),
            ("<plist></plist>", .unexpectedInPlist(.tag("</plist>"))),
            ("<plist><true/><false/></plist>", .secondValueInPlist("<false/>")),
            ("<dict><key>a</key></dict>", .missingValue(key: "a", found: .tag("</dict>"))),
            ("<dict><key>a</key><key>b</key></dict>", .missingValue(key: "a", found: .tag("<key>"))),
            ("<dict><string>a</string></dict>", .unexpectedInDict(.tag("<string>"))),
            ("<dict>\n  hello\n  world\n</dict>", .unexpectedInDict(.text("hello\\n  world"))),
            ("<array>text<string/></array>", .unexpectedInArray(.text("text"))),
            ("<array><number/></array>", .unexpectedInArray(.tag("<number>"))),
            ("<string><b>x</b></string>", .elementInText(element: "<string>", found: "<b>")),
            ("<true>yes</true>", .textInEmptyElement(element: "<true/>", text: "yes")),
            // Scalars.
            ("<integer></integer>", .invalidInteger(found: "", hexadecimal: false)),
            ("<integer>12x</integer>", .invalidInteger(found: "12x", hexadecimal: false)),
            ("<integer>0x1g</integer>", .invalidInteger(found: "0x1g", hexadecimal: true)),
            ("<integer>1\n</integer>", .invalidInteger(found: "1\\n", hexadecimal: false)),
            ("<integer>18446744073709551616</integer>", .integerOutOfRange("18446744073709551616")),
            ("<real></real>", .emptyReal),
            ("<real>0x10</real>", .invalidReal(found: "0x10")),
            ("<date></date>", .invalidDate(found: "")),
            ("<date>2024-01-02</date>", .invalidDate(found: "2024-01-02")),
            ("<date>10000-01-01T00:00:00Z</date>", .dateOutOfRange(found: "10000-01-01T00:00:00Z")),
            ("<date>-0001-01-01T00:00:00Z</date>", .dateOutOfRange(found: "-0001-01-01T00:00:00Z")),
            ("<date>9999-12-31T23:59:60Z</date>", .dateOutOfRange(found: "9999-12-31T23:59:60Z")),
            ("<data>*abc</data>", .invalidBase64Character(UInt8(ascii: "*"))),
            ("<data>AA\u{7F}</data>", .invalidBase64Character(0x7F)),
            ("<data>AA==AA</data>", .base64AfterPadding),
            ("<data>A===</data>", .base64TooMuchPadding),
            ("<data>A</data>", .base64PartialByte),
            // libxml2's diagnoses.
            ("<plist><dict></array></plist>", .tagMismatch(opened: "dict", line: 1, closed: "array")),
            ("<plist>\n<dict>", .unclosedElement("dict", openedAt: SourceLocation(line: 2, column: 1))),
            ("<string>x</string>trailing", .contentAfterRoot),
            ("hello", .noRootElement),
            ("<string>&#1;</string>", .invalidCharacterReference(codePoint: 1)),
            ("<string>\u{1}</string>", .invalidCharacter(codePoint: 1)),
            ("<string>&#xZZ;</string>", .malformedCharacterReference),
            ("<string a='1' a='2'>x</string>", .duplicateAttribute("a")),
            ("<string a>x</string>", .attributeWithoutValue("a")),
            ("<string a=1>x</string>", .unquotedAttributeValue),
            ("<string a='<'>x</string>", .lessThanInAttributeValue),
            ("<plist", .unfinishedTag("plist")),
            ("<string>x</string", .unfinishedTag(nil)),
            ("<string>a < b</string>", .missingElementName),
            ("<!-- x", .unfinishedComment),
            ("<!-- a -- b --><string/>", .doubleHyphenInComment),
            ("<string>a & b</string>", .bareAmpersand),
            ("<string>&amp</string>", .unfinishedEntityReference),
            ("<string>a &unknown; b</string>", .undeclaredEntity("unknown")),
            ("<?xml version=\"1.0\" encoding=\"bogus\"?><string/>", .unsupportedEncoding("bogus")),
            ("<string>]]></string>", .xmlError(code: 62, text: "sequence ']]>' not allowed in content")),
            // Refused for safety.
            ("<!DOCTYPE plist [<!ENTITY a \"b\">]><string>&a;</string>", .entityDeclaration("a")),
            ("<!DOCTYPE plist [<!ELEMENT foo (#PCDATA)>]><string/>", .dtdDeclaration(keyword: "ELEMENT", name: "foo")),
            (
                "<!DOCTYPE plist [<!ATTLIST string a CDATA 'x'>]><string/>",
                .dtdDeclaration(keyword: "ATTLIST", name: "string")
            ),
        ] as [(String, Reason)])
    func everyProblemHasAStructuredReason(document: String, reason: Reason) throws {
        let error = try #require(ReaderTesting.error(document))
        #expect(error.reason == reason)
        #expect(error.message == reason.description)
        #expect(!error.description.contains("\n"))
    }

    @Test func limitsAndEmptinessHaveReasons() {
        let depth = ReaderTesting.error("<array><array><array/></array></array>", limits: .init(maximumDepth: 2))
        #expect(depth?.reason == .nestingTooDeep(element: "<array>", depth: 3, limit: 2))
        let size = ReaderTesting.error("<string>x</string>", limits: .init(maximumDocumentSize: 1))
        #expect(size?.reason == .documentTooLarge(size: 18, limit: 1))
        #expect(size?.message == "the document is 18 bytes; the limit is 1 byte")
        #expect(ReaderTesting.error("")?.reason == .emptyDocument)
    }

    @Test func filesThatCannotBeReadHaveReasons() throws {
        let folder = FileManager.default.temporaryDirectory.path
        #expect(reason(readingFile: folder) == .fileIsFolder)
        #expect(reason(readingFile: folder + "/no-such-\(UUID().uuidString).plist") == .fileNotReadable)
        let path = folder + "/large-\(UUID().uuidString).plist"
        try Data("<string>xx</string>".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let limits = PropertyListReader.Limits(maximumDocumentSize: 4)
        #expect(reason(readingFile: path, limits: limits) == .fileTooLarge(size: 19, limit: 4))
    }

    /// libxml2 gives invalid UTF-8 a second line (`Bytes: 0xFF ...`): the reason holds the bytes, and
    /// the message stays on one line.
    @Test func invalidUTF8IsOneLineWithItsBytes() throws {
        let document = Data("<string>".utf8) + Data([0xFF, 0xFE]) + Data("</string>".utf8)
        let error = try #require(ReaderTesting.error(document))
        #expect(error.reason == .invalidUTF8(bytes: "0xFF 0xFE 0x3C 0x2F"))
        #expect(error.kind == .malformedXML)
        #expect(error.location == at(1, 9))
        #expect(!error.message.contains("\n") && !error.message.contains("\r"))
        #expect(error.message.contains("0xFF 0xFE 0x3C 0x2F"))
    }

    /// However the input is broken, the message is one line: libxml2's text is joined, and text from the
    /// document has its line breaks written as escapes.
    @Test(arguments: [
        "<dict>\r\n\thello\r\n</dict>", "<plist><dict><key>a\nb</key></dict></plist>", "<integer>\n1\n2\n</integer>",
        "<date>\n</date>", "<?xml version=\"1.0\" encoding=\"UTF-16\"?><string>x</string>", "<a\n:b/>",
        "<!DOCTYPE plist [<!ENTITY a\n\"b\">]><string/>",
    ])
    func messagesAreOneLine(document: String) throws {
        let error = try #require(ReaderTesting.error(document))
        #expect(!error.message.contains("\n") && !error.message.contains("\r"), "\(error.message)")
    }

    @Test(arguments: [
        ("{\"a\" 1}", Reason.jsonExpectedColon(key: "a")),
        ("[1 2]", .jsonExpectedArraySeparator),
        ("{\"a\": 1 \"b\"}", .jsonExpectedObjectSeparator),
        ("{1: 2}", .jsonExpectedKey),
        ("[tru]", .jsonExpectedLiteral("true")),
        ("[", .jsonUnexpectedEnd),
        ("[?]", .jsonExpectedValue),
        ("1 2", .jsonTrailingContent),
        ("01", .jsonMalformedNumber),
        ("1.", .jsonMissingFractionDigits),
        ("1e", .jsonMissingExponentDigits),
        ("\"abc", .jsonUnterminatedString),
        ("\"a\u{1}\"", .jsonControlCharacter),
        ("\"\\", .jsonUnterminatedEscape),
        ("\"\\ud800\"", .jsonUnpairedSurrogate),
        ("\"\\q\"", .jsonUnknownEscape("q")),
        ("\"\\u12\"", .jsonExpectedHexDigits),
        ("[[[1]]]", .jsonTooDeep(limit: 2)),
    ])
    func jsonProblemsHaveReasons(json: String, reason: Reason) {
        do {
            _ = try JSONNode.parse(Array(json.utf8), maximumDepth: 2)
            Issue.record("accepted \(json)")
        } catch {
            #expect(error.reason == reason)
            #expect(error.message == reason.description)
        }
    }

    @Test func jsonThatIsNotUTF8HasAReason() {
        #expect(throws: PropertyListError(.invalidPropertyList, .jsonNotUTF8, at: at(1, 1))) {
            try JSONNode.parse([0x22, 0xFF, 0x22], maximumDepth: 2)
        }
    }

    @Test(arguments: [
        ("null", Reason.jsonNull),
        ("18446744073709551616", .jsonIntegerOutOfRange("18446744073709551616")),
        ("{\"$int\": \"x\"}", .invalidTaggedValue(tag: "$int", expected: .decimalInteger)),
        ("{\"$real\": \"x\"}", .invalidTaggedValue(tag: "$real", expected: .real)),
        ("{\"$data\": 1}", .invalidTaggedValue(tag: "$data", expected: .string)),
        ("{\"$date\": \"2024\"}", .invalidTaggedValue(tag: "$date", expected: .date)),
        ("{\"$uid\": -1}", .invalidTaggedValue(tag: "$uid", expected: .unsignedInteger)),
        ("{\"$dict\": []}", .invalidTaggedValue(tag: "$dict", expected: .object)),
        (
            "{\"$date\": \"2024-01-01T00:00:00Z\", \"$timeIntervalSinceReferenceDate\": \"x\"}",
            .invalidTaggedValue(tag: "$timeIntervalSinceReferenceDate", expected: .seconds)
        ),
    ])
    func taggedJSONProblemsHaveReasons(json: String, reason: Reason) {
        do {
            _ = try TaggedJSON.decode(json)
            Issue.record("accepted \(json)")
        } catch {
            #expect(error.reason == reason)
            #expect(error.message == reason.description)
        }
    }

    @Test func theWriterSaysWhichValueItCannotWrite() {
        let nested = PropertyListValue.dictionary([
            PropertyListEntry(key: "Outer", value: PropertyListNode(.array([PropertyListNode(.string("a\u{1}"))])))
        ])
        #expect(writeError(nested)?.reason == .unwritableCharacter(element: "string", path: "Outer.[0]"))
        #expect(writeError(.string("\u{2}"))?.reason == .unwritableCharacter(element: "string", path: nil))
    }

    @Test func anErrorMadeFromASentenceKeepsIt() {
        let error = PropertyListError(.invalidPropertyList, "something odd", at: at(2, 3))
        #expect(error.reason == .other("something odd"))
        #expect(error.message == "something odd")
        #expect(error.description == "<input>:2:3: error: something odd")
    }

    private func reason(readingFile path: String, limits: PropertyListReader.Limits = .init()) -> Reason? {
        do {
            _ = try PropertyListReader(limits: limits).read(contentsOfFile: path)
            Issue.record("read \(path)")
            return nil
        } catch {
            return error.reason
        }
    }

    private func writeError(_ value: PropertyListValue) -> PropertyListError? {
        do {
            _ = try PropertyListWriter().write(value)
            return nil
        } catch {
            return error
        }
    }
}

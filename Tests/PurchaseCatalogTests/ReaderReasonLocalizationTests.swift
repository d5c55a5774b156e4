import Foundation
import PropertyList
import PurchaseCatalog
import PurchaseCore
import Testing

/// One reason of every kind the property-list reader (and its JSON parser and writer) gives, with every
/// variant whose text differs.
enum ReasonSamples {
    typealias Reason = PropertyListError.Reason

    static let all: [Reason] = [
        .fileNotReadable, .fileIsFolder, .readFailed(errorNumber: 5, description: "Input/output error"),
        .documentTooLarge(size: 117, limit: 64), .documentTooLarge(size: 1, limit: 1),
        .fileTooLarge(size: 5_000_002, limit: 4_194_304), .fileGrewPastLimit(limit: 21),
        .inputTooLarge(limit: 67_108_864), .notRegularFile, .emptyDocument,
        .parserUnavailable, .unsupportedEncoding("EBCDIC-XX"), .notWellFormed,
        .unclosedElement("dict", openedAt: SourceLocation(line: 137, column: 2)),
        .tagMismatch(opened: "dict", line: 3, closed: "array"), .contentAfterRoot, .noRootElement,
        .invalidCharacter(codePoint: 1), .invalidCharacterReference(codePoint: 0xFFFE), .malformedCharacterReference,
        .invalidUTF8(bytes: "0xFF 0xFE 0x3C 0x2F"), .invalidUTF8(bytes: nil), .duplicateAttribute("version"),
        .attributeWithoutValue("version"), .unquotedAttributeValue, .lessThanInAttributeValue,
        .unfinishedTag("plist"), .unfinishedTag(nil), .missingElementName, .unfinishedComment, .doubleHyphenInComment,
        .bareAmpersand, .unfinishedEntityReference, .undeclaredEntity("nbsp"), .entityLoop,
        .xmlError(code: 62, text: "sequence ']]>' not allowed in content"), .entityDeclaration("lol"),
        .dtdDeclaration(keyword: "ELEMENT", name: "foo"), .nestingTooDeep(element: "<array>", depth: 513, limit: 512),
        .nestingTooDeep(element: "<dict>", depth: 2, limit: 1), .noValue, .unexpectedAtRoot(.tag("<number>")),
        .unexpectedInPlist(.tag("</plist>")), .unexpectedInPlist(.text("hello")), .secondValueInPlist("<false/>"),
        .missingValue(key: "Products", found: .tag("</dict>")), .unexpectedInDict(.text("stray words")),
        .unexpectedInArray(.tag("<number>")), .elementInText(element: "<string>", found: "<b>"),
        .textInEmptyElement(element: "<true/>", text: "yes"), .invalidInteger(found: "12x", hexadecimal: false),
        .invalidInteger(found: "0x1g", hexadecimal: true), .invalidInteger(found: "", hexadecimal: false),
        .integerOutOfRange("18446744073709551616"), .emptyReal, .invalidReal(found: "1,5"),
        .invalidDate(found: "2024-01-02"), .invalidDate(found: ""),
        .dateOutOfRange(found: "10000-01-01T00:00:00Z"), .invalidBase64Character(UInt8(ascii: "*")),
        .invalidBase64Character(0x1F), .base64AfterPadding, .base64TooMuchPadding, .base64PartialByte,
        .jsonNotUTF8, .jsonTrailingContent, .jsonExpectedLiteral("true"), .jsonTooDeep(limit: 256),
        .jsonUnexpectedEnd, .jsonExpectedValue, .jsonExpectedKey, .jsonExpectedColon(key: "productID"),
        .jsonExpectedObjectSeparator, .jsonExpectedArraySeparator, .jsonMalformedNumber, .jsonMissingFractionDigits,
        .jsonMissingExponentDigits, .jsonUnterminatedString, .jsonControlCharacter, .jsonUnterminatedEscape,
        .jsonUnpairedSurrogate, .jsonUnknownEscape("q"), .jsonExpectedHexDigits, .jsonNull,
        .jsonIntegerOutOfRange("18446744073709551616"), .invalidTaggedValue(tag: "$int", expected: .decimalInteger),
        .invalidTaggedValue(tag: "$timeIntervalSinceReferenceDate", expected: .seconds),
        .invalidTaggedValue(tag: "$dict", expected: .object),
        .invalidTaggedValue(tag: "$uid", expected: .unsignedInteger),
        .invalidTaggedValue(tag: "$data", expected: .string), .invalidTaggedValue(tag: "$real", expected: .real),
        .invalidTaggedValue(tag: "$data", expected: .base64), .invalidTaggedValue(tag: "$date", expected: .date),
        .unwritableCharacter(element: "key", path: "Outer.[0]"), .unwritableCharacter(element: "string", path: nil),
        .other("something odd happened"),
    ]

    /// Every key a message uses, its nested messages' keys included.
    static func keys(of message: Message) -> [MessageKey] {
        [message.key]
            + message.arguments.flatMap { argument -> [MessageKey] in
                guard case .message(let nested) = argument else { return [] }
                return keys(of: nested)
            }
    }

    /// Every text argument of a message and of its nested messages: what comes from the document (or
    /// from libxml2, or the system) and is shown as written.
    static func texts(of message: Message) -> [String] {
        message.arguments.flatMap { argument -> [String] in
            switch argument {
            case .text(let text): [text]
            case .message(let nested): texts(of: nested)
            default: []
            }
        }
    }
}

/// The reader's reasons render from the message tables in every shipped language, so that no English
/// sentence reaches a person who reads another language.
struct ReaderReasonLocalizationTests {
    static let languages = ["en", "ja", "zh-Hans", "ru", "de", "fr", "es", "it", "zh-Hant", "ko", "pt_BR", "ar"]
    static let translated = ["ja", "zh-Hans", "ru", "zh-Hant", "ko", "ar"]
    /// The letters each translated language writes in (Cyrillic, kana and CJK, Hangul, Arabic).
    static let scripts: [String: ClosedRange<Unicode.Scalar>] = [
        "ru": "\u{400}"..."\u{4FF}", "ja": "\u{3040}"..."\u{9FFF}", "zh-Hans": "\u{3040}"..."\u{9FFF}",
        "zh-Hant": "\u{3040}"..."\u{9FFF}", "ko": "\u{AC00}"..."\u{D7A3}",
        "ar": "\u{600}"..."\u{6FF}",
    ]

    @Test func samplesUseEveryReaderKey() {
        let used = Set(ReasonSamples.all.flatMap { ReasonSamples.keys(of: $0.messageText) })
        #expect(used == Set(MessageKey.propertyListKeys))
    }

    @Test(arguments: ReasonSamples.all)
    func argumentsMatchTheKeys(reason: PropertyListError.Reason) {
        var messages = [reason.messageText]
        while let message = messages.popLast() {
            #expect(message.arguments.map(\.kind) == message.key.argumentKinds, "\(message.key)")
            for case .message(let nested) in message.arguments { messages.append(nested) }
        }
    }

    /// The English table says exactly what the reason's `description` (the error's `message`) says.
    @Test(arguments: ReasonSamples.all)
    func englishIsTheReasonsDescription(reason: PropertyListError.Reason) {
        #expect(reason.message(locale: "en") == reason.description)
        #expect(reason.message(locale: "en_US") == reason.description)
    }

    @Test(arguments: ReasonSamples.all)
    func everyReasonReadsInEveryLanguage(reason: PropertyListError.Reason) {
        var rendered: [String: String] = [:]
        for language in Self.languages {
            let text = reason.message(locale: language)
            rendered[language] = text
            #expect(!text.isEmpty && !text.hasPrefix("plist."), "\(language) \(reason): \(text)")
            for leftover in ["%@", "%ld", "%d", "%#@", "$@"] {
                #expect(!text.contains(leftover), "\(language) \(reason): \(text)")
            }
            #expect(!text.contains("\n"), "\(language) \(reason): \(text)")
            for argument in ReasonSamples.texts(of: reason.messageText) {
                #expect(text.contains(argument), "\(language) \(reason): \(text) lacks \(argument)")
            }
        }
        #expect(Set(rendered.values).count == Self.languages.count, "\(reason): \(rendered)")
    }

    /// What is left of a translation once the values shown as written are taken out holds no English
    /// words in a row, and is in the language's own script.
    @Test(arguments: ReasonSamples.all)
    func translationsHoldNoEnglishSentence(reason: PropertyListError.Reason) throws {
        let arguments = ReasonSamples.texts(of: reason.messageText).sorted { $0.count > $1.count }
        // Technical words a translation keeps as they are.
        let kept = [
            "Int64.min", "UInt64.max", "-inf", "inf", "nan", "base64", "data", "XML", "DTD", "JSON", "UTF-8",
            "YYYY-MM-DDTHH:MM:SSZ",
        ]
        let englishWords = try Regex("[A-Za-z]{2,}[ ,;:'’]+[A-Za-z]{2,}")
        for language in Self.translated {
            var text = reason.message(locale: language)
            for value in arguments + kept { text = text.replacingOccurrences(of: value, with: " ") }
            #expect(text.firstMatch(of: englishWords) == nil, "\(language) \(reason): \(text)")
            let script = try #require(Self.scripts[language])
            #expect(text.unicodeScalars.contains { script.contains($0) }, "\(language) \(reason): \(text)")
        }
    }

    @Test(arguments: [
        ("ja", "ファイルのサイズは 5000002 バイトで、上限の 4194304 バイトを超えています"),
        ("ru", "файл занимает 5000002 байта, предел — 4194304 байта"),
        ("zh-Hant", "檔案大小為 5000002 位元組，超過 4194304 位元組的上限"),
        ("ko", "파일 크기가 5000002바이트이며 한도는 4194304바이트입니다"),
        ("pt_BR", "o arquivo tem 5000002 bytes; o limite é 4194304 bytes"),
        // 5000002 ends in 02: other, the singular; 4194304 ends in 04: few, the plural.
        ("ar", "حجم الملف 5000002 بايت، والحد الأقصى 4194304 بايتات"),
    ])
    func countsTakeTheLanguagesPluralForms(language: String, expected: String) {
        #expect(
            PropertyListError.Reason.fileTooLarge(size: 5_000_002, limit: 4_194_304).message(locale: language)
                == expected)
    }

    @Test func russianCountsAgree() {
        let reason = { (depth: Int, limit: Int) in
            PropertyListError.Reason.nestingTooDeep(element: "<array>", depth: depth, limit: limit).message(
                locale: "ru")
        }
        #expect(reason(513, 512) == "<array> вложен на глубину 513 уровней, предел — 512 уровней")
        #expect(reason(2, 1) == "<array> вложен на глубину 2 уровня, предел — 1 уровень")
        #expect(
            PropertyListError.Reason.documentTooLarge(size: 21, limit: 5).message(locale: "ru")
                == "документ занимает 21 байт, предел — 5 байт")
    }

    /// The audit's examples: a broken catalog reads in the person's language from the frame to the reason.
    @Test(arguments: [
        (
            "<plist version=\"1.0\">\n<dict>\n", "ru",
            "не удаётся прочитать список свойств: документ неожиданно закончился; "
                + "ожидался </dict>, закрывающий <dict>, открытый в строке 2, столбце 1"
        ),
        (
            "<plist><integer>12x</integer></plist>", "ja",
            "プロパティリストとして読み込めません：<integer> の中には数字が必要ですが、「12x」があります"
        ),
        ("<plist><number>1</number></plist>", "zh-Hans", "无法作为属性列表读取：<plist> 内应为一个值，实际为 <number>"),
        (
            "<string>&#1;</string>", "ja",
            "プロパティリストとして読み込めません：文字参照が、XML 文書では使えない文字 U+0001 を表しています"
        ),
        (
            "<!DOCTYPE plist [<!ENTITY a \"b\">]><plist/>", "ru",
            "не удаётся прочитать список свойств: объявления сущностей в списке свойств недопустимы (<!ENTITY a>)"
        ),
    ])
    func catalogDiagnosticsTranslateTheReason(document: String, language: String, expected: String) throws {
        let result = CatalogLoader().load(Data(document.utf8), path: "broken.plist")
        let diagnostic = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(diagnostic.message(locale: language) == expected)
        #expect(diagnostic.description(locale: language).split(separator: "\n").count == 2)
    }

    @Test func invalidUTF8IsOneLineInEveryLanguage() throws {
        let document = Data("<plist><string>".utf8) + Data([0xFF, 0xFE]) + Data("</string></plist>".utf8)
        let diagnostic = try #require(CatalogLoader().load(document, path: "a.plist").diagnostics.first)
        for language in Self.languages {
            let lines = diagnostic.description(locale: language).split(
                separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 2, "\(lines)")
            #expect(lines.allSatisfy { $0.hasPrefix("a.plist:1:16: ") }, "\(lines)")
        }
        #expect(
            diagnostic.message(locale: "ja")
                == "プロパティリストとして読み込めません：文書が正しい UTF-8 ではありません（バイト列 0xFF 0xFE 0x3C 0x2F）。"
                + "UTF-8 で保存し直すか、エンコーディングを宣言してください")
    }

    @Test func limitsAndEmptyFilesAreTranslated() throws {
        let loader = CatalogLoader(reader: PropertyListReader(limits: .init(maximumDepth: 2, maximumDocumentSize: 64)))
        let deep = try #require(
            loader.load(Data("<dict><key>a</key><array><array/></array></dict>".utf8)).diagnostics.first)
        #expect(
            deep.message(locale: "ja")
                == "プロパティリストとして読み込めません：<array> の入れ子が 3 階層の深さになっており、上限の 2 階層を超えています")
        let large = try #require(loader.load(Data(repeating: 0x20, count: 65)).diagnostics.first)
        #expect(large.message(locale: "zh_CN") == "无法作为属性列表读取：文档大小为 65 字节，超过了 64 字节的上限")
        let empty = try #require(loader.load(Data()).diagnostics.first)
        #expect(
            empty.message(locale: "ru")
                == "не удаётся прочитать список свойств: документ пуст; ожидался XML-список свойств")
    }

    @Test func aMissingFileIsTranslated() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID().uuidString).plist")
        let diagnostic = try #require(CatalogLoader().load(contentsOfFile: path.path).diagnostics.first)
        #expect(diagnostic.problem == .unreadableFile(.fileNotReadable))
        #expect(diagnostic.message(locale: "ja") == "ファイルを読み込めません（存在しないか、読み取りが許可されていません）")
        #expect(diagnostic.message == "cannot read the file: it does not exist or is not readable")
    }

    @Test func storeKitFilesThatAreNotJSONAreTranslated() throws {
        let result = StoreKitConfigurationImporter().load(Data("{\"products\": [1 2]}".utf8), path: "Shop.storekit")
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.problem == .storeKitUnreadable(.jsonExpectedArraySeparator))
        #expect(diagnostic.message(locale: "ja") == "StoreKit 構成ファイルを JSON として読めません：配列の中では「,」か「]」が必要です")
        #expect(
            diagnostic.message == "the StoreKit configuration is not readable JSON: expected ',' or ']' in an array")
        let large = StoreKitConfigurationImporter(maximumFileSize: 4).load(Data("{ }  ".utf8), path: "Shop.storekit")
        #expect(
            large.diagnostics.first?.message(locale: "ru")
                == "конфигурация StoreKit не является читаемым JSON: файл занимает 5 байт, предел — 4 байта")
    }

    @Test func messageTablesThatCannotBeReadAreTranslated() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tables-\(UUID().uuidString)")
        let missing = try #require(MessageTable.builtIn.overridden(byFolder: folder.path).diagnostics.first)
        #expect(missing.problem == .messageTablesFolderUnreadable)
        #expect(missing.message(locale: "zh-Hans") == "消息表文件夹不存在或不可读")

        let lproj = folder.appendingPathComponent("ja.lproj")
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("<plist><dict>\n<key>purchase.failed</key><string>x</strng>".utf8)
            .write(to: lproj.appendingPathComponent("Localizable.strings"))
        let broken = try #require(MessageTable.builtIn.overridden(byFolder: folder.path).diagnostics.first)
        #expect(broken.problem == .unreadableDocument(.tagMismatch(opened: "string", line: 2, closed: "strng")))
        #expect(
            broken.message(locale: "ja") == "プロパティリストとして読み込めません：終了タグ </strng> が、2 行目で開始した <string> と一致しません")
    }

    /// A nested reason is rendered from the same table, overrides included.
    @Test func overridesApplyToTheReasonInsideTheSentence() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reason-\(UUID().uuidString)")
        let lproj = folder.appendingPathComponent("en.lproj")
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let strings = """
            <plist version="1.0"><dict>
            <key>catalog.unreadableDocument</key><string>broken catalog: %@</string>
            <key>plist.emptyDocument</key><string>the file has nothing in it</string>
            </dict></plist>
            """
        try Data(strings.utf8).write(to: lproj.appendingPathComponent("Localizable.strings"))
        let table = MessageTable.builtIn.overridden(byFolder: folder.path).table
        let problem = CatalogProblem.unreadableDocument(.emptyDocument)
        #expect(problem.message(locale: "en", table: table) == "broken catalog: the file has nothing in it")
        #expect(problem.message(locale: "ja", table: table) == "プロパティリストとして読み込めません：文書が空です。XML プロパティリストが必要です")
    }
}

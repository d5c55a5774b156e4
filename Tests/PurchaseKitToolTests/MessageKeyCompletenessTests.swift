import AppStoreSignedData
import Foundation
import PostgresLedger
import PurchaseKit
import PurchaseServer
import SimulatedGooglePlay
import Testing

@testable import PurchaseKitCLI

/// Every module's message keys together against the shipped tables: each key has a text in every
/// language, with the placeholders of the arguments it declares and, when plural, every CLDR form of the
/// language; the tables hold no key that no module declares; no raw value is declared twice; and the core
/// keeps at most 80 keys.
///
/// This target is the one that sees every module's keys: the libraries' through PurchaseKit, and the
/// command-line tool's (`purchasekit` is an executable target, which no library may import) through
/// `@testable import`.
struct MessageKeyCompletenessTests {
    /// Each module's list of the keys it declares, with the folder its sources are in.
    static let modules: [(folder: String, keys: [MessageKey])] = [
        ("PurchaseCore", MessageKey.coreKeys),
        ("PurchaseCatalog", MessageKey.catalogKeys + MessageKey.propertyListKeys),
        ("PurchaseScenarios", MessageKey.scenarioKeys + MessageKey.scenarioStepKeys),
        ("AppStoreSignedData", MessageKey.signedDataKeys + MessageKey.notificationKeys),
        ("PurchaseKitCLI", MessageKey.toolKeys),
        ("PurchaseServer", MessageKey.serverKeys),
        ("PostgresLedger", MessageKey.postgresKeys),
        ("SimulatedGooglePlay", MessageKey.googlePlayKeys),
    ]
    static let keys = modules.flatMap(\.keys)
    static let table = MessageTable.builtIn
    static let languages = table.languages

    @Test func noTwoModulesDeclareTheSameKey() {
        var owners: [String: String] = [:]
        for (module, keys) in Self.modules {
            for key in keys {
                #expect(
                    owners[key.rawValue] == nil, "\(key) is declared by \(owners[key.rawValue] ?? "") and \(module)")
                owners[key.rawValue] = module
            }
        }
        #expect(Set(Self.keys).count == Self.keys.count)
    }

    /// Each module's list holds exactly the keys its sources declare (`static let name = MessageKey("raw"`),
    /// so the checks below miss none; the core declares at most 80.
    @Test func eachModuleListsTheKeysItDeclares() throws {
        let declaration = /static let \w+ = MessageKey\(\s*"([^"]+)"/
        for (folder, keys) in Self.modules {
            let root = ToolRunner.packageRoot.appendingPathComponent("Sources/" + folder)
            let files = try FileManager.default.subpathsOfDirectory(atPath: root.path)
            var declared: [String] = []
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                declared += text.matches(of: declaration).map { String($0.output.1) }
            }
            #expect(!declared.isEmpty, "\(folder)")
            #expect(declared.sorted() == keys.map(\.rawValue).sorted(), "\(folder)")
            if folder == "PurchaseCore" { #expect(declared.count <= 80) }
        }
    }

    /// `purchasekit messages` lists every key of every module the tool links (all but the server's,
    /// which is an executable of its own on libmicrohttpd).
    @Test func theMessagesCommandListsEveryKey() {
        let toolKeys = Self.keys.filter { !MessageKey.serverKeys.contains($0) }
        #expect(Set(MessagesCommand.keys) == Set(toolKeys))
        #expect(MessagesCommand.keys.count == toolKeys.count)
    }

    @Test func keysAreDottedNamesAndPluralKeysTakeACount() {
        for key in Self.keys {
            #expect(key.rawValue.contains(".") && !key.rawValue.contains(" "), "\(key)")
            if key.isPlural { #expect(key.argumentKinds.contains(.integer), "\(key)") }
        }
    }

    @Test func theTablesShipSeveralLanguages() {
        #expect(Self.languages.contains(MessageTable.fallbackLanguage))
        #expect(Self.languages.count >= 4)
    }

    /// A language's table gives every key of every module, and no key that no module declares.
    @Test(arguments: languages)
    func everyKeyIsInEveryShippedLanguage(language: String) {
        let given = Set(Self.table.builtInKeys(language: language))
        let declared = Set(Self.keys.map(\.rawValue))
        #expect(declared.subtracting(given).sorted() == [], "\(language) lacks these keys")
        #expect(given.subtracting(declared).sorted() == [], "\(language) gives keys no module declares")
    }

    /// Every language's text of a key takes the same arguments, by position and type, as the key declares.
    @Test(arguments: languages)
    func placeholdersMatchTheKeyInEveryLanguage(language: String) throws {
        for key in Self.keys {
            let entry = try #require(Self.table.builtInEntry(key, language: language), "\(language) \(key)")
            var expected: [Int: MessageFormat.Conversion] = [:]
            for (index, kind) in key.argumentKinds.enumerated() {
                expected[index + 1] = kind.isObject ? .object : .integer
            }
            #expect(entry.conversions == expected, "\(language) \(key): \(entry)")
        }
    }

    @Test(arguments: languages)
    func pluralKeysGiveEveryFormTheLanguageUses(language: String) throws {
        for key in Self.keys {
            let entry = try #require(Self.table.builtInEntry(key, language: language), "\(language) \(key)")
            guard case .plural(_, let variables) = entry else {
                #expect(!key.isPlural, "\(language) \(key) should come from the .stringsdict")
                continue
            }
            #expect(key.isPlural, "\(language) \(key) is plural but the key is not")
            for variable in variables.values {
                for category in PluralRules.categories(language: language) {
                    #expect(variable.forms[category] != nil, "\(language) \(key) lacks \(category)")
                }
                #expect(variable.valueType == "ld")
            }
        }
    }

    /// Every key renders, with sample arguments of the kinds it declares, to a text that shows each
    /// text argument and leaves no placeholder.
    @Test(arguments: languages)
    func everyMessageRendersNonEmptyWithItsArguments(language: String) {
        for key in Self.keys {
            let message = Message.keyed(key, arguments: Self.sampleArguments(of: key))
            let text = Self.table.render(message, locale: language)
            #expect(!text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(language) \(key)")
            #expect(text != key.rawValue, "\(language) \(key)")
            for leftover in ["%@", "%ld", "%d", "%#@", "$@"] {
                #expect(!text.contains(leftover), "\(language) \(key): \(text)")
            }
            for case .text(let argument) in message.arguments {
                #expect(text.contains(argument), "\(language) \(key): \(text)")
            }
        }
    }

    /// Arguments of the kinds `key` declares: `sample-1`, `3`, a date, a price.
    static func sampleArguments(of key: MessageKey) -> [MessageArgument] {
        key.argumentKinds.enumerated().map { index, kind in
            switch kind {
            case .text: .text("sample-\(index + 1)")
            case .integer: .integer(index + 2)
            case .date: .date(Date(timeIntervalSince1970: 1_798_761_600))
            case .price: .price(Price(amount: 0.99, currencyCode: "USD"))
            }
        }
    }
}

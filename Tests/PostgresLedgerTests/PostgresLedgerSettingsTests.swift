import Foundation
import PostgresLedger
import PurchaseKit
import Testing

/// The `postgres` ledger's settings, checked as the catalog is read: a password in a catalog is
/// refused with a localized diagnostic at its line, before anything is opened. No server needed.
struct PostgresLedgerSettingsTests {
    @Test(arguments: [
        "postgresql://purchases:secret@db.example.com/ledger",
        "host=db.example.com dbname=ledger user=purchases password=secret",
        "postgresql://db.example.com/ledger?password=secret",
    ])
    func aConnectionStringWithAPasswordIsRefused(connectionString: String) throws {
        let error = #expect(throws: PurchaseError.self) {
            try PostgresLedgerSettings(["ConnectionString": .string(connectionString)])
        }
        #expect(error?.code == .providerMisconfigured)
        let problem = try #require(error?.underlyingError as? ProviderSettingError)
        #expect(problem.key == "ConnectionString")
        guard case .rule(let key, _) = problem.expected else {
            Issue.record("not the password rule: \(problem.expected)")
            return
        }
        #expect(key == .postgresSettingPassword)
    }

    @Test func aPasswordInACatalogIsADiagnosticAtItsLineInTheReadersLanguage() throws {
        let (path, folder) = try catalogFile(
            ledger: "<dict><key>Kind</key><string>postgres</string><key>Settings</key><dict>"
                + "<key>ConnectionString</key><string>postgresql://u:hunter2@localhost/ledger</string></dict></dict>")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = CatalogLoader(registry: .builtIn).load(contentsOfFile: path)
        #expect(result.catalog == nil)
        let error = try #require(result.errors.first)
        #expect(
            error.message
                == "setting 'ConnectionString' of ledger 'postgres' must not carry a password: name an environment "
                + "variable holding the connection string with ConnectionStringVariable, or keep the password in "
                + "~/.pgpass")
        #expect(
            error.message(locale: "fr_FR", table: .builtIn).hasPrefix(
                "le réglage «\u{202F}ConnectionString\u{202F}» du registre des livraisons «\u{202F}postgres\u{202F}» "
                    + "ne doit pas contenir de mot de passe\u{202F}:"))
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(lines.firstIndex { $0.contains("hunter2") }) + 1
        #expect(error.location.line == line)
        let state = folder.appendingPathComponent("state")
        #expect(throws: PurchaseError.self) { try PurchaseDeployment.open(catalogPath: path, stateDirectory: state) }
        #expect(!FileManager.default.fileExists(atPath: state.path))
    }

    @Test func settingsAreReadWithTheirDefaults() throws {
        let plain = try PostgresLedgerSettings(["ConnectionString": .string("host=/tmp dbname=ledger")])
        #expect(plain.source == .connectionString("host=/tmp dbname=ledger"))
        #expect(plain.poolSize == 4)
        let variable = try PostgresLedgerSettings([
            "ConnectionStringVariable": .string("LEDGER_URL"), "PoolSize": .integer(9),
        ])
        #expect(variable.source == .variable("LEDGER_URL"))
        #expect(variable.poolSize == 9)
        #expect(try variable.connectionString(environment: ["LEDGER_URL": "dbname=x"]) == "dbname=x")
        let unset = #expect(throws: PurchaseError.self) { try variable.connectionString(environment: [:]) }
        #expect((unset?.underlyingError as? PostgresLedgerError)?.kind == .variableUnset)
    }

    @Test(
        arguments: [
            ([:], "ConnectionString"),
            (
                ["ConnectionString": .string("dbname=x"), "ConnectionStringVariable": .string("V")],
                "ConnectionStringVariable"
            ),
            (["ConnectionString": .string("no-equals-sign")], "ConnectionString"),
            (["ConnectionString": .string("")], "ConnectionString"),
            (["ConnectionString": .string("dbname=x"), "PoolSize": .integer(0)], "PoolSize"),
        ] as [([String: SettingValue], String)])
    func unusableSettingsNameTheirKey(settings: [String: SettingValue], key: String) throws {
        let error = #expect(throws: PurchaseError.self) { try PostgresLedgerSettings(settings) }
        #expect(error?.code == .providerMisconfigured)
        #expect((error?.underlyingError as? ProviderSettingError)?.key == key)
    }

    @Test func everyErrorHasAMessageInEveryLanguage() {
        let kinds: [PostgresLedgerError.Kind] = [
            .connectionFailed, .connectionLost, .statementFailed, .variableUnset, .schemaTooNew, .closed,
        ]
        for kind in kinds {
            let message = PostgresLedgerError(kind, serverMessage: "detail").message
            for locale in ["en", "ja", "zh-Hans", "zh-Hant", "ko", "ru", "de", "fr", "es", "pt-BR", "it", "ar"] {
                let text = MessageTable.builtIn.render(message, locale: locale)
                #expect(!text.isEmpty && !text.contains("postgres."), "\(kind) in \(locale): \(text)")
            }
        }
        #expect(MessageKey.libraryKeys.contains(.postgresSettingPassword))
    }
}

import Foundation
import PurchaseKit
import Testing

/// The deployment's `Ledger` in a catalog file: read with the registry's ledger kinds and checks,
/// its problems reported at their lines as providers' are, in the reader's language, before the state
/// folder is touched.
struct LedgerCatalogTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `Catalog/Default.plist` with `ledger` (XML) inserted into its `Deployment`, written to a new folder.
    private func catalog(ledger: String) throws -> (path: String, folder: URL) {
        var text = try String(
            contentsOfFile: Self.root.appendingPathComponent("Catalog/Default.plist").path, encoding: .utf8)
        let anchor = try #require(text.range(of: "\t\t<key>Storefront</key>\n"))
        text.insert(contentsOf: "\t\t<key>Ledger</key>\n" + ledger + "\n", at: anchor.lowerBound)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("Catalog.plist").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return (path, folder)
    }

    /// The line of `needle` in the catalog at `path`.
    private func line(of needle: String, in path: String) throws -> Int {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        return try #require(lines.firstIndex { $0.contains(needle) }) + 1
    }

    @Test func aLedgerTheRegistryKnowsIsRead() throws {
        let (path, folder) = try catalog(
            ledger: "<dict><key>Kind</key><string>file</string><key>Settings</key><dict><key>Folder</key>"
                + "<string>deliveries</string></dict></dict>")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = CatalogLoader(registry: .builtIn).load(contentsOfFile: path)
        #expect(result.errors.isEmpty && result.warnings.isEmpty)
        #expect(
            result.catalog?.deployment.ledger == LedgerConfiguration(kind: .file, settings: ["Folder": "deliveries"]))
        #expect(
            CatalogLoader(registry: .builtIn).load(
                contentsOfFile: Self.root.appendingPathComponent("Catalog/Default.plist").path
            )
            .catalog?.deployment.ledger == .default)
    }

    @Test(arguments: [
        (
            "<dict><key>Kind</key><string>cassandra</string></dict>", "cassandra",
            "unknown ledger kind 'cassandra'", "ja_JP", "不明な台帳の種類「cassandra」"
        ),
        (
            "<dict><key>Kind</key><string>memroy</string></dict>", "memroy",
            "unknown ledger kind 'memroy'; did you mean 'memory'?", "ru_RU",
            "неизвестный вид журнала поставок «memroy»; возможно, имелся в виду «memory»?"
        ),
        (
            "<dict><key>Kind</key><string>file</string><key>Settings</key><dict><key>Folder</key><true/></dict></dict>",
            "<true/>", "setting 'Folder' of ledger 'file' must be a non-empty string", "zh_CN",
            "账本“file”的设置“Folder”必须是非空字符串"
        ),
        (
            "<dict><key>Settings</key><dict/></dict>", "<key>Ledger</key>",
            "missing required key 'Kind' in Ledger", "en_US", "missing required key 'Kind' in Ledger"
        ),
        (
            "<dict><key>Kind</key><string>9file</string></dict>", "9file", "invalid ledger kind '9file'", "ja_JP",
            "台帳の種類「9file」が正しくありません"
        ),
    ])
    func aLedgerProblemIsAnErrorAtItsLine(
        ledger: String, at needle: String, english: String, locale: String, localized: String
    ) throws {
        let (path, folder) = try catalog(ledger: ledger)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = CatalogLoader(registry: .builtIn).load(contentsOfFile: path)
        #expect(result.catalog == nil)
        let error = try #require(result.errors.first)
        #expect(result.errors.count == 1)
        #expect(error.message == english)
        #expect(error.message(locale: locale, table: .builtIn) == localized)
        let expectedLine = try line(of: needle, in: path) + (needle == "<key>Ledger</key>" ? 1 : 0)
        #expect(error.location.line == expectedLine)

        let state = folder.appendingPathComponent("state")
        #expect(throws: PurchaseError.self) { try PurchaseDeployment.open(catalogPath: path, stateDirectory: state) }
        #expect(!FileManager.default.fileExists(atPath: state.path))
    }

    @Test func aSettingTheLedgerDoesNotReadIsAWarning() throws {
        let (path, folder) = try catalog(
            ledger: "<dict><key>Kind</key><string>file</string><key>Settings</key><dict><key>Foldr</key>"
                + "<string>x</string></dict><key>Knd</key><string>file</string></dict>")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = CatalogLoader(registry: .builtIn).load(contentsOfFile: path)
        #expect(result.catalog != nil)
        #expect(
            result.warnings.map(\.message) == [
                "unknown key 'Foldr'; did you mean 'Folder'?", "unknown key 'Knd'; did you mean 'Kind'?",
            ])
    }
}

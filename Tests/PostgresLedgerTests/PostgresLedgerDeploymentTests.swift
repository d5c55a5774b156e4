import Foundation
import PostgresLedger
import PurchaseKit
import Testing

/// `Catalog/Default.plist` with `ledger` (XML) in its `Deployment`, written to a new folder.
func catalogFile(ledger: String) throws -> (path: String, folder: URL) {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    var text = try String(contentsOfFile: root.appendingPathComponent("Catalog/Default.plist").path, encoding: .utf8)
    let anchor = try #require(text.range(of: "\t\t<key>Storefront</key>\n"))
    text.insert(contentsOf: "\t\t<key>Ledger</key>\n" + ledger + "\n", at: anchor.lowerBound)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("postgres-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("Catalog.plist").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return (path, folder)
}

/// A property-list string's text with XML's special characters escaped.
func xmlEscaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
}

extension PostgresServerTests {
    /// A deployment whose catalog names the `postgres` ledger buys through the `Store`, reached
    /// through the registry and `PurchaseCore`'s protocols only.
    @Suite struct PostgresLedgerDeploymentTests {
        @Test func aCatalogWithThePostgresLedgerBuysThroughTheStore() async throws {
            try await TestDatabase.with { database in
                let (path, folder) = try catalogFile(
                    ledger: "<dict><key>Kind</key><string>postgres</string><key>Settings</key><dict>"
                        + "<key>ConnectionString</key><string>\(xmlEscaped(database.connectionString))</string>"
                        + "<key>PoolSize</key><integer>2</integer></dict></dict>")
                defer { try? FileManager.default.removeItem(at: folder) }
                let state = folder.appendingPathComponent("state")
                let loaded = CatalogLoader(registry: .builtIn).load(contentsOfFile: path)
                #expect(loaded.errors.isEmpty && loaded.warnings.isEmpty)

                let deployment = try PurchaseDeployment.open(catalogPath: path, stateDirectory: state)
                try await deployment.start()
                guard case .purchased = await deployment.store.purchase("com.example.gems.100") else {
                    Issue.record("the gems were not bought")
                    await deployment.close()
                    return
                }
                guard case .purchased = await deployment.store.purchase("com.example.removeads") else {
                    Issue.record("Remove Ads was not bought")
                    await deployment.close()
                    return
                }
                #expect(try await deployment.store.entitlements().balances["gems"] == 100)
                await deployment.close()

                // A second server on the same database (another deployment, its own state folder)
                // sees the deliveries, finished.
                let other = try PurchaseDeployment.open(
                    catalogPath: path, stateDirectory: folder.appendingPathComponent("other"))
                let contents = try await other.ledger.contents()
                #expect(contents.deliveries.map(\.productID) == ["com.example.gems.100", "com.example.removeads"])
                #expect(contents.finished == Set(contents.deliveries.map(\.transactionID)))
                #expect(other.ledger is any NotificationLog)
                await other.close()
            }
        }

        @Test func theConnectionStringCanComeFromAnEnvironmentVariable() async throws {
            try await TestDatabase.with { database in
                let variable = "PURCHASEKIT_TEST_LEDGER_\(database.name.uppercased())"
                setenv(variable, database.connectionString, 1)
                defer { unsetenv(variable) }
                let (path, folder) = try catalogFile(
                    ledger: "<dict><key>Kind</key><string>postgres</string><key>Settings</key><dict>"
                        + "<key>ConnectionStringVariable</key><string>\(variable)</string></dict></dict>")
                defer { try? FileManager.default.removeItem(at: folder) }
                let deployment = try PurchaseDeployment.open(
                    catalogPath: path, stateDirectory: folder.appendingPathComponent("state"))
                try await deployment.start()
                guard case .purchased = await deployment.store.purchase("com.example.gems.100") else {
                    Issue.record("the gems were not bought")
                    await deployment.close()
                    return
                }
                await deployment.close()

                unsetenv(variable)
                let unset = #expect(throws: PurchaseError.self) {
                    try PurchaseDeployment.open(catalogPath: path, stateDirectory: folder.appendingPathComponent("s2"))
                }
                #expect(unset?.code == .providerMisconfigured)
                #expect((unset?.underlyingError as? PostgresLedgerError)?.kind == .variableUnset)
            }
        }
    }
}

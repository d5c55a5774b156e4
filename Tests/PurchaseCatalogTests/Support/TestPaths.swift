import Foundation

/// Paths of files the catalog tests read, relative to this source file (no bundle lookup needed).
enum CatalogTestPaths {
    /// The package root.
    static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// A file under the package's `Catalog/` folder.
    static func catalog(_ name: String) -> String {
        packageRoot + "/Catalog/" + name
    }

    /// A file under this test target's `Fixtures/` folder.
    static func fixture(_ name: String) -> String {
        packageRoot + "/Tests/PurchaseCatalogTests/Fixtures/" + name
    }
}

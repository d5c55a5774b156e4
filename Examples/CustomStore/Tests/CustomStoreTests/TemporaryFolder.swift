import Foundation

/// A new empty folder under the system's temporary folder, removed when `body` returns.
func withTemporaryFolder<Result>(_ body: (URL) async throws -> Result) async throws -> Result {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "customstore-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try await body(folder)
}

/// The paths of every file and folder under `folder`, relative to it, sorted; empty when it does not exist.
func contentsOfFolder(_ folder: URL) -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
    return enumerator.compactMap { $0 as? String }.sorted()
}

/// The example's own catalog, `Catalog/WebShop.plist`.
let webShopCatalogPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Catalog/WebShop.plist").path

/// The signing secret `Catalog/WebShop.plist` names (while `WEBSHOP_SECRET` is not set).
let catalogSecret = "development-only-secret"

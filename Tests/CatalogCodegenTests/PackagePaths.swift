import Foundation

/// Where the package and this suite's files are, found from this file's path.
enum PackagePaths {
    /// The package root.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// `Tests/CatalogCodegenTests`.
    static let suite = root.appendingPathComponent("Tests/CatalogCodegenTests")

    /// A file of the package by its path from the root.
    static func file(_ relative: String) -> String {
        root.appendingPathComponent(relative).path
    }

    /// A fresh temporary folder.
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "catalog-codegen-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}

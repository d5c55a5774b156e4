package import Foundation
package import Testing

/// The shared conformance corpus (`../shared/conformance` beside the package, or the folder
/// `PURCHASEKIT_CONFORMANCE` names), present on the project's machines, and whether the tests that
/// read it run.
///
/// A test that needs a part of the corpus is enabled only when that part is there, so that a missing
/// corpus shows as skipped rather than as a pass that tested nothing; under `CI=true` it always
/// runs, and ``require(_:)`` fails it loudly when the part is missing.
package enum ConformanceCorpus {
    /// The corpus folder.
    package static let root: URL = {
        if let folder = ProcessInfo.processInfo.environment["PURCHASEKIT_CONFORMANCE"], !folder.isEmpty {
            return URL(fileURLWithPath: folder, isDirectory: true)
        }
        // This file is Tests/TestSupport/ConformanceCorpus.swift; the corpus is beside the package.
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return package.deletingLastPathComponent().appendingPathComponent("shared/conformance")
    }()

    /// Whether this is a CI run (`CI=true`), where nothing the corpus tests may be skipped.
    package static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

    /// Whether the folder `part` of the corpus (`plist`, `storekit`, `verifyreceipt`) is there.
    package static func has(_ part: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: root.appendingPathComponent(part).path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }

    /// Whether the tests that read `part` run: when it is there, and always under `CI=true`.
    package static func runs(_ part: String) -> Bool {
        has(part) || isCI
    }

    /// The folder `part` of the corpus; fails the test when it is missing.
    package static func require(_ part: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
        let folder = root.appendingPathComponent(part)
        try #require(has(part), "the conformance corpus is missing: \(folder.path)", sourceLocation: sourceLocation)
        return folder
    }
}

import Foundation
import PropertyList
import TestSupport
import Testing

/// Runs the shared conformance corpus (`../shared/conformance/plist`, listed in MANIFEST.tsv)
/// when it exists beside the package; skipped otherwise, except under `CI=true` (``ConformanceCorpus``).
struct ConformanceTests {
    struct Case: Sendable {
        var file: String
        var label: String
    }

    static let manifestCases: [Case] = {
        let manifest = ConformanceCorpus.root.appendingPathComponent("MANIFEST.tsv")
        guard let text = try? String(contentsOf: manifest, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count > 2, fields[0].hasPrefix("plist/"), fields[2] != "n/a" else { return nil }
            return Case(file: String(fields[0]), label: String(fields[2]))
        }
    }()

    /// Expected values per folder, keyed by file name.
    static func expectedValues(folder: URL) throws -> [String: ExpectedValue] {
        let url = folder.appendingPathComponent("expected_values.json")
        guard FileManager.default.fileExists(atPath: url.path) else { return [:] }
        return try JSONDecoder().decode([String: ExpectedValue].self, from: Data(contentsOf: url))
    }

    @Test(.enabled(if: ConformanceCorpus.runs("plist"), "../shared/conformance/plist is absent"))
    func everyManifestFilePassesForItsLabel() throws {
        _ = try ConformanceCorpus.require("plist")
        let cases = Self.manifestCases
        try #require(!cases.isEmpty, "MANIFEST.tsv lists no plist files")
        var counts: [String: Int] = [:]
        var compared = 0
        var expectations: [String: [String: ExpectedValue]] = [:]
        let reader = PropertyListReader()
        for item in cases {
            let url = ConformanceCorpus.root.appendingPathComponent(item.file)
            let folder = url.deletingLastPathComponent()
            if expectations[folder.path] == nil { expectations[folder.path] = try Self.expectedValues(folder: folder) }
            let data = try Data(contentsOf: url)
            let outcome = Result { () throws(PropertyListError) in try reader.read(data, path: item.file) }
            switch (item.label, outcome) {
            case ("valid", .success(let node)):
                if let expected = expectations[folder.path]?[url.lastPathComponent] {
                    let problem = expected.mismatch(with: node.value)
                    #expect(problem == nil, "\(item.file): \(problem ?? "")")
                    compared += 1
                }
            case ("valid", .failure(let error)):
                Issue.record("\(item.file) is valid but was rejected: \(error)")
            case ("invalid", .success(let node)):
                Issue.record("\(item.file) is invalid but was accepted as \(node.value)")
            case (_, .failure(let error)):
                #expect(error.location.line >= 1 && error.location.column >= 1, "\(item.file): \(error)")
                #expect(error.path == item.file)
            case ("implementation-defined", .success):
                break
            default:
                Issue.record("\(item.file): unknown label \(item.label)")
            }
            counts[item.label, default: 0] += 1
        }
        print("conformance: \(counts.sorted { $0.key < $1.key }), \(compared) compared with expected values")
        #expect(counts["valid", default: 0] > 0 && counts["invalid", default: 0] > 0)
        #expect(compared > 0)
    }
}

import Foundation
import PurchaseCatalog
import PurchaseCore
import Testing

/// The catalogs shown in Catalog/README.md must stay valid.
struct ReadmeExampleTests {
    static func examples() throws -> [String] {
        let readme = try String(contentsOfFile: CatalogTestPaths.catalog("README.md"), encoding: .utf8)
        var examples: [String] = []
        var current: [Substring]?
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "```xml" {
                current = []
            } else if line == "```", let lines = current {
                examples.append(lines.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return examples
    }

    @Test func readmeExamplesLoadWithoutDiagnostics() throws {
        let examples = try Self.examples()
        #expect(examples.count == 2)
        for example in examples {
            let result = CatalogLoader().load(Data(example.utf8), path: "README.md")
            #expect(result.diagnostics.map(\.description) == [])
            #expect(result.catalog != nil)
        }
    }

    @Test func fullExampleUsesEveryProductType() throws {
        let full = try #require(Self.examples().last)
        let catalog = try CatalogLoader().load(Data(full.utf8)).get()
        #expect(Set(catalog.products.map(\.type)) == Set(ProductType.allCases))
        #expect(catalog.deployment.providers.map(\.kind) == [.simulatedAppStore, .file])
    }
}

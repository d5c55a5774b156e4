import Foundation
import PurchaseCatalog
import Testing

/// Catalog diagnostics print as a compiler's (`file:line:column: severity: message` and a note), each
/// with a stable key and a hint.
struct CatalogDiagnosticFormatTests {
    @Test func printsDiagnosticsInTheCompilerFormat() throws {
        let text = CatalogText.document("<key>Prodcts</key><array/>")
        let result = CatalogLoader().load(Data(text.utf8))
        let warning = try #require(result.diagnostics.first)
        #expect(
            warning.description == """
                <input>:3:1: warning: unknown key 'Prodcts'; did you mean 'Products'?
                <input>:3:1: note: Rename the key to 'Products', or remove it.
                """
        )
        let broken = CatalogLoader().load(Data(CatalogText.document("<key>CatalogVersion</key><real>1</real>").utf8))
        let error = try #require(broken.errors.first)
        #expect(broken.warnings.isEmpty)
        #expect(broken.hasErrors)
        #expect(
            error.description == """
                <input>:3:26: error: 'CatalogVersion' must be of type integer, found real
                <input>:3:26: note: Write the value as <integer>...</integer>.
                """
        )
        #expect(throws: CatalogValidationError.self) { try broken.get() }
        do {
            _ = try broken.get()
        } catch {
            #expect(error.description == broken.diagnostics.map(\.description).joined(separator: "\n"))
        }
    }

    @Test func givesEveryProblemAStableKeyAndAHint() {
        let result = CatalogLoader().load(contentsOfFile: CatalogTestPaths.fixture("ManyProblems.plist"))
        for diagnostic in result.diagnostics {
            #expect(diagnostic.problem.key.hasPrefix("catalog."))
            #expect(diagnostic.hint.hasSuffix("."))
            #expect(!diagnostic.message.hasSuffix("."))
        }
    }
}

import Foundation
import Testing

/// A simulated App Store signing chain that cannot be used is explained in the deployment's language,
/// and the file stays as it was.
struct SigningChainLocalizationTests {
    @Test(arguments: [
        ("de", "die Signaturkette des simulierten App Store kann nicht verwendet werden: sie ist keine vollständige"),
        ("fr", "la chaîne de signature de l’App Store simulé est inutilisable\u{202F}: ce n’est pas une chaîne"),
        ("en", "the simulated App Store’s signing chain cannot be used: it is not a whole certificate chain"),
    ])
    func aDamagedChainIsExplainedAndKept(locale: String, sentence: String) throws {
        let folder = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("state/simulated-app-store")
        try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
        let chain = store.appendingPathComponent("signing-chain-LocalTesting.pem")
        let damaged = "-----BEGIN CERTIFICATE-----\nAAAA\n"
        try Data(damaged.utf8).write(to: chain)
        let catalog = ToolRunner.packageRoot.appendingPathComponent("Catalog/Simulated.plist").path
        let result = try ToolRunner.run([
            "--locale", locale, "--catalog", catalog, "--state", folder.appendingPathComponent("state").path, "buy",
            "com.example.gems.100",
        ])
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.contains("\(chain.path): error: \(sentence)"), "\(result.stderr)")
        #expect(try String(contentsOf: chain, encoding: .utf8) == damaged)
    }
}

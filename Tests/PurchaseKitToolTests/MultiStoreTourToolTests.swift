import Foundation
import Testing

/// `purchasekit tour --catalog Catalog/MultiStore.plist`: the tour of a deployment of two stores buys
/// through each, and the restore on a fresh install brings back what both hold.
struct MultiStoreTourToolTests {
    static let catalog = ToolRunner.packageRoot.appendingPathComponent("Catalog/MultiStore.plist").path

    @Test func buysThroughBothStoresAndRestoresBoth() throws {
        let folder = try ToolRunner.temporaryFolder()
        let result = try ToolRunner.run(["tour", "--catalog", Self.catalog, "--json"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let steps = try TourToolTests.jsonLines(result.stdout)
        #expect(
            steps.compactMap { $0["step"] as? String } == [
                "products", "buyConsumable", "buyNonConsumable", "buyAgain", "buyThroughStore", "restore",
            ])
        let other = try #require(steps.first { $0["step"] as? String == "buyThroughStore" })
        #expect(other["store"] as? String == "simulated-google-play")
        #expect(other["outcome"] as? String == "purchased")
        #expect((other["transactionID"] as? String)?.hasPrefix("GPA.") == true)
        let restore = try #require(steps.last)
        #expect(
            Set(restore["restored"] as? [String] ?? []) == ["com.example.removeads", "com.example.levels.premium"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func aSingleStoreOtherThanTheFileStoreIsStillRefused() throws {
        let simulated = ToolRunner.packageRoot.appendingPathComponent("Catalog/Simulated.plist").path
        let result = try ToolRunner.run(["tour", "--catalog", simulated], in: try ToolRunner.temporaryFolder())
        #expect(result.status == 65)
        #expect(result.stderr.contains("simulated-app-store"))
        #expect(result.stderr.contains("or through several stores (Providers), but"))
    }
}

import Foundation
import PurchaseCore
import Testing

@testable import SimulatedGooglePlay

/// The simulated Play Store's state file: replaced whole, read back equal, a damaged file refused and
/// left as it is.
struct PlayStateFileTests {
    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("play-state-\(UUID().uuidString)")
    }

    @Test func aStateIsReadBackEqualAndNoTemporaryFileStays() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = PlayStateFile(directory: folder)
        #expect(try file.read() == nil)
        var state = PlayStoreState(seed: 7)
        state.controls.networkDown = true
        try file.write(state)
        state.controls.unavailableProducts = ["gems"]
        try file.write(state)
        #expect(try file.read() == state)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["state.json"])
    }

    @Test func aLeftoverTemporaryFileDoesNotCount() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = PlayStateFile(directory: folder)
        let state = PlayStoreState(seed: 3)
        try file.write(state)
        // A crash between writing the temporary file and renaming it.
        try Data("{".utf8).write(to: folder.appendingPathComponent("state.json.tmp"))
        #expect(try file.read() == state)
    }

    @Test func aDamagedStateIsAnErrorAndIsNotReplaced() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let damaged = Data("{\"purchases\":".utf8)
        try damaged.write(to: folder.appendingPathComponent("state.json"))
        #expect(throws: PurchaseError.self) { try PlayStateFile(directory: folder).read() }
        #expect(try Data(contentsOf: folder.appendingPathComponent("state.json")) == damaged)
    }

    @Test func everyChangeOfTheStoreIsWrittenAtOnce() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = PlayStateFile(directory: folder)
        let store = SimulatedGooglePlay(
            packageName: "com.example.app", appName: "Example", products: PlayHarness.products, clock: ManualClock(),
            locale: "en_US", state: PlayStoreState(), stateFile: file)
        await store.planNextPurchases(.pending)
        #expect(try file.read() == (await store.state))
        #expect(try file.read()?.controls.plannedOutcomes == [.pending])
    }
}

import Foundation
import Glibc
import Testing

/// The state folder from the outside: commands that only read change no byte of it and do not
/// create it; acknowledged purchases cut off the journal are reported with the file and byte
/// offset (74); links and FIFOs in the folder are refused (74), never followed or read.
struct ToolStateFolderTests {
    /// A file as the tests compare it: its size and its first MiB.
    struct FileContents: Equatable {
        var size: Int64
        var head: Data
    }

    /// Every file under `folder` (names relative to it): its size and first MiB, which is every
    /// byte of the files the tool writes, while a sparse file of 100 GB is not read whole.
    func files(_ folder: URL) throws -> [String: FileContents] {
        var contents: [String: FileContents] = [:]
        let walker = try #require(FileManager.default.enumerator(atPath: folder.path))
        for case let name as String in walker {
            let url = folder.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue
            else { continue }
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            let size = try handle.seekToEnd()
            try handle.seek(toOffset: 0)
            contents[name] = FileContents(size: Int64(size), head: try handle.read(upToCount: 1 << 20) ?? Data())
        }
        return contents
    }

    /// Where the complete records of a journal log end (its frames as the file format documents
    /// them: a 32-byte header, then a 4-byte length, 12 more header bytes and the payload each).
    private func endOfCompleteRecords(_ log: Data) -> Int {
        let bytes = [UInt8](log)
        var offset = 32
        while offset + 16 <= bytes.count, !bytes[offset..<(offset + 16)].allSatisfy({ $0 == 0 }) {
            let length = (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
            guard offset + 16 + length <= bytes.count else { break }
            offset += 16 + length
        }
        return offset
    }

    @Test func aJournalCutToHalfIsReportedAndNoCommandChangesIt() throws {
        let fixture = try BuyingFixture()
        defer { fixture.remove() }
        for _ in 0..<12 { #expect(try fixture.run(["buy", "com.example.gems.100"]).status == 0) }
        let log = fixture.state.appendingPathComponent("purchases.log")
        let cut = try Data(contentsOf: log).prefix(try Data(contentsOf: log).count / 2)
        try cut.write(to: log)
        let before = try files(fixture.state)
        let offset = endOfCompleteRecords(cut)
        for command in [
            ["history"], ["--json", "history"], ["entitlements"], ["products"], ["buy", "com.example.gems.100"],
        ] {
            let result = try fixture.run(command)
            #expect(result.status == 74, "\(command): \(result.stderr)")
            #expect(
                result.stderr.contains(
                    "\(log.path): error: at byte \(offset): records that were acknowledged as saved are missing"),
                "\(command): \(result.stderr)")
            #expect(try files(fixture.state) == before, "\(command) changed the state folder")
        }
        let japanese = try fixture.run(["--locale", "ja", "history"])
        #expect(japanese.stderr.contains("\(offset) バイト目：保存済みとして確定した記録"))
    }

    /// A torn tail (bytes of a write that never completed) is the next writer's to cut: `history`
    /// reads around it and leaves the file as it is.
    @Test func historyLeavesATornTailForTheNextPurchase() throws {
        let fixture = try BuyingFixture()
        defer { fixture.remove() }
        #expect(try fixture.run(["buy", "com.example.gems.100"]).status == 0)
        let log = fixture.state.appendingPathComponent("purchases.log")
        var bytes = try Data(contentsOf: log)
        bytes.append(contentsOf: [0x40, 0, 0, 0, 1, 2, 3, 4])
        try bytes.write(to: log)
        let before = try files(fixture.state)
        let history = try fixture.history()
        #expect(history.count == 1)
        #expect(try files(fixture.state) == before, "history rewrote the state folder")
        #expect(try fixture.run(["buy", "com.example.gems.100"]).status == 0)
        #expect(try Data(contentsOf: log).count != bytes.count)
        #expect(try fixture.gems() == 200)
    }

    @Test(arguments: ["Catalog/Default.plist", "Catalog/Simulated.plist"])
    func readingAMissingStateFolderCreatesNothing(_ catalog: String) throws {
        let folder = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let state = folder.appendingPathComponent("state")
        let base = ["--catalog", ToolRunner.packageRoot.appendingPathComponent(catalog).path, "--state", state.path]
        for command in [["products"], ["history"], ["--json", "history"], ["entitlements"]] {
            let result = try ToolRunner.run(base + command, in: folder)
            #expect(result.status == 0, "\(command): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: state.path), "\(command) created the state folder")
        }
        #expect(try ToolRunner.run(base + ["--json", "history"], in: folder).stdout == "[]\n")
    }

    /// `purchases.lock` a link to a file of the person's: `buy` used to extend that file with zeros
    /// and write into its first bytes.
    @Test func aLinkAtTheLockFileExits74AndLeavesItsTargetAlone() throws {
        let fixture = try BuyingFixture()
        defer { fixture.remove() }
        #expect(try fixture.run(["buy", "com.example.gems.100"]).status == 0)
        let lock = fixture.state.appendingPathComponent("purchases.lock")
        let precious = fixture.folder.appendingPathComponent("precious.txt")
        try Data("keep me as I am\n".utf8).write(to: precious)
        try FileManager.default.removeItem(at: lock)
        try #require(symlink(precious.path, lock.path) == 0)
        for command in [["buy", "com.example.gems.100"], ["history"]] {
            let result = try fixture.run(command)
            #expect(result.status == 74, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("\(lock.path): error: it is a symbolic link, a FIFO, a device or a folder"))
        }
        #expect(try String(contentsOf: precious, encoding: .utf8) == "keep me as I am\n")
    }

    /// A FIFO at `purchases.snapshot` used to hang every command for good. The test keeps a writer
    /// on it, so that a tool that opens and reads it fails rather than hangs.
    @Test func aFIFOAtTheSnapshotExits74() throws {
        let fixture = try BuyingFixture()
        defer { fixture.remove() }
        #expect(try fixture.run(["buy", "com.example.gems.100"]).status == 0)
        let snapshot = fixture.state.appendingPathComponent("purchases.snapshot").path
        try #require(mkfifo(snapshot, 0o600) == 0)
        let writer = open(snapshot, O_RDWR | O_NONBLOCK)
        try #require(writer >= 0)
        defer { close(writer) }
        for command in [["history"], ["buy", "com.example.gems.100"]] {
            let result = try fixture.run(command)
            #expect(result.status == 74, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("\(snapshot): error: it is a symbolic link, a FIFO, a device or a folder"))
        }
    }
}

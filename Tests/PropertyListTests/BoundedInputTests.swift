import Foundation
import Glibc
import PropertyList
import TestSupport
import Testing

/// Every input is read within a limit, whatever it is: a regular file, a device, a pipe.
struct BoundedInputTests {
    /// A fresh folder for one test; the caller removes it.
    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bounded-input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A pipe holding `bytes` with its writing end closed; the caller closes the reading end.
    private func pipe(holding bytes: [UInt8]) throws -> Int32 {
        var ends: [Int32] = [0, 0]
        try #require(Glibc.pipe(&ends) == 0)
        let written = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        try #require(written == bytes.count)
        return ends[0]
    }

    @Test func anEndlessDeviceIsRefusedOneBytePastTheLimit() throws {
        var input = try BoundedInput(contentsOfFile: "/dev/zero", limit: 1000)
        defer { input.close() }
        let error = try #require(throws: PropertyListError.self) { try input.readToEnd() }
        #expect(error.kind == .refused)
        #expect(error.reason == .inputTooLarge(limit: 1000))
        #expect(error.path == "/dev/zero")
        #expect(error.location == SourceLocation(line: 1, column: 1))
        #expect(input.count == 1001)
    }

    @Test func aPipeIsReadUpToTheLimitAndRefusedPastIt() throws {
        let bytes = Array("<plist><true/></plist>".utf8)
        let exact = try pipe(holding: bytes)
        defer { close(exact) }
        #expect(try BoundedInput.contents(ofDescriptor: exact, path: "<stdin>", limit: bytes.count) == bytes)
        let longer = try pipe(holding: bytes)
        defer { close(longer) }
        let error = try #require(throws: PropertyListError.self) {
            try BoundedInput.contents(ofDescriptor: longer, path: "<stdin>", limit: bytes.count - 1)
        }
        #expect(error.reason == .inputTooLarge(limit: bytes.count - 1))
        #expect(error.path == "<stdin>")
    }

    /// A limit of `Int.max` (no practical bound) reads like any other: the room left past the bytes
    /// read is worked out without computing `limit + 1`.
    @Test func theLargestLimitReadsWithoutOverflow() throws {
        let bytes = Array("<plist><true/></plist>".utf8)
        let descriptor = try pipe(holding: bytes)
        defer { close(descriptor) }
        #expect(try BoundedInput.contents(ofDescriptor: descriptor, path: "<stdin>", limit: .max) == bytes)
        let reader = PropertyListReader(limits: PropertyListReader.Limits(maximumDocumentSize: .max))
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("true.plist")
        try Data(bytes).write(to: file)
        #expect(try reader.read(contentsOfFile: file.path).value == .boolean(true))
    }

    @Test func aLargerRegularFileIsRefusedBeforeReading() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("big.plist")
        try Data(repeating: 0x20, count: 101).write(to: file)
        let error = try #require(throws: PropertyListError.self) {
            try BoundedInput(contentsOfFile: file.path, limit: 100)
        }
        #expect(error.reason == .fileTooLarge(size: 101, limit: 100))
        #expect(try BoundedInput.contents(ofFile: file.path, limit: 101).count == 101)
    }

    /// A file a program finds by itself must be a regular file: a FIFO is refused at once, without
    /// waiting for a writer.
    @Test func aFIFOIsRefusedWhereARegularFileIsRequired() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("Localizable.strings").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let error = try #require(throws: PropertyListError.self) {
            try PropertyListReader().read(contentsOfRegularFile: fifo)
        }
        #expect(error.kind == .io)
        #expect(error.reason == .notRegularFile)
        #expect(error.path == fifo)
        let device = try #require(throws: PropertyListError.self) {
            try BoundedInput.contents(ofFile: "/dev/zero", limit: 10, requiringRegularFile: true)
        }
        #expect(device.reason == .notRegularFile)
    }

    @Test func theReaderBoundsADeviceAsItBoundsAFile() throws {
        // `yes` writes an endless stream of well-formed comment lines: only the limit stops it.
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("endless.plist").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let writer = try ChildProcess(
            "/bin/sh", ["-c", #"yes '<!-- a comment that never ends -->' > "$0" 2>/dev/null"#, fifo])
        defer {
            writer.kill()
            writer.wait()
        }
        let reader = PropertyListReader(limits: .init(maximumDocumentSize: 1 << 20))
        let error = try #require(throws: PropertyListError.self) { try reader.read(contentsOfFile: fifo) }
        #expect(error.reason == .inputTooLarge(limit: 1 << 20))
    }
}

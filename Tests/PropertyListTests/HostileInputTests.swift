import Foundation
import PropertyList
import Testing

/// Untrusted documents: every one is refused with a positioned error, without touching the
/// network or the file system, and without crashing or hanging.
struct HostileInputTests {
    /// A hostile fixture with `PORT` replaced by the port of a listener that must stay untouched.
    private func hostile(_ name: String, port: UInt16) throws -> Data {
        let text = try String(
            contentsOf: TestPaths.fixtures.appendingPathComponent("Hostile/\(name)"), encoding: .utf8)
        return Data(text.replacingOccurrences(of: "127.0.0.1:9", with: "127.0.0.1:\(port)").utf8)
    }

    @Test(arguments: [
        ("XXEFile.plist", 3, 3), ("XXEHTTP.plist", 2, 18), ("BillionLaughs.plist", 3, 2),
        ("ParameterEntity.plist", 3, 3),
    ])
    func refusesEntityDeclarationsWhereTheyStand(fixture: String, line: Int, column: Int) throws {
        let listener = try LocalListener()
        let error = ReaderTesting.error(try hostile(fixture, port: listener.port))
        #expect(error?.kind == .refused)
        #expect(error?.location == at(line, column))
        #expect(error?.message.hasPrefix("entity declarations are not allowed") == true)
        #expect(!listener.wasContacted)
    }

    @Test(arguments: ["ExternalDTDHTTP.plist", "UndeclaredParameterEntity.plist"])
    func neverFetchesAnExternalDTD(fixture: String) throws {
        let listener = try LocalListener()
        let error = ReaderTesting.error(try hostile(fixture, port: listener.port))
        #expect((error?.location.line ?? 0) >= 2)
        #expect(!listener.wasContacted)
    }

    @Test func neverLoadsALocalExternalDTD() throws {
        // If Evil.dtd (beside the fixture) were loaded, &fromDTD; would expand to its text.
        let path = TestPaths.fixtures.appendingPathComponent("Hostile/ExternalDTDLocal.plist").path
        let previous = FileManager.default.currentDirectoryPath
        #expect(throws: PropertyListError.self) { try PropertyListReader().read(contentsOfFile: path) }
        do {
            _ = try PropertyListReader().read(contentsOfFile: path)
        } catch {
            #expect(error.kind == .refused)
            #expect(error.location == at(3, 39))  // just after the &fromDTD; reference
            #expect(error.path == path)
        }
        #expect(FileManager.default.currentDirectoryPath == previous)
    }

    @Test func refusesOtherInternalSubsetDeclarationsButAcceptsAnEmptyOne() throws {
        let element = ReaderTesting.error("<!DOCTYPE plist [\n<!ELEMENT foo (#PCDATA)>\n]><string>x</string>")
        #expect(element?.kind == .refused)
        #expect(element?.location == at(2, 1))
        let attribute = ReaderTesting.error("<!DOCTYPE plist [<!ATTLIST string a CDATA 'x'>]><string>x</string>")
        #expect(attribute?.kind == .refused)
        #expect(try ReaderTesting.read("<!DOCTYPE plist [ <!-- nothing --> ]><string>x</string>").value == .string("x"))
    }

    @Test func refusesNestingBeyondTheDepthLimit() {
        let deep = String(repeating: "<array>", count: 10_000) + String(repeating: "</array>", count: 10_000)
        let error = ReaderTesting.error(deep)
        #expect(error?.kind == .refused)
        #expect(error?.location == at(1, 512 * 7 + 1))
        #expect(error?.message == "<array> is nested 513 levels deep; the limit is 512 levels")

        let unbounded = PropertyListReader.Limits(maximumDepth: .max)
        let ceiling = ReaderTesting.error(deep, limits: unbounded)
        #expect(ceiling?.message == "<array> is nested 1025 levels deep; the limit is 1024 levels")

        let unclosed = String(repeating: "<dict><key>k</key>", count: 10_000)
        #expect(ReaderTesting.error(unclosed)?.kind == .refused)
    }

    @Test func acceptsNestingUpToTheDepthLimit() throws {
        let atLimit =
            "<plist>" + String(repeating: "<array>", count: 512) + String(repeating: "</array>", count: 512)
            + "</plist>"
        #expect(try ReaderTesting.read(atLimit).location == at(1, 8))
        let shallow = PropertyListReader.Limits(maximumDepth: 2)
        #expect(try ReaderTesting.read("<array><array/></array>", limits: shallow).value.items.count == 1)
        let refused = ReaderTesting.error("<array><array><string/></array></array>", limits: shallow)
        #expect(refused?.location == at(1, 15))
    }

    @Test func refusesDocumentsBeyondTheSizeLimitBeforeParsing() throws {
        let limits = PropertyListReader.Limits(maximumDocumentSize: 64)
        let big = "<string>" + String(repeating: "x", count: 100) + "</string>"
        let error = ReaderTesting.error(big, limits: limits)
        #expect(error?.kind == .refused)
        #expect(error?.location == at(1, 1))
        #expect(error?.message == "the document is 117 bytes; the limit is 64 bytes")

        let path = TestPaths.fixtures.appendingPathComponent("AllTypes.plist").path
        #expect(throws: PropertyListError.self) { try PropertyListReader(limits: limits).read(contentsOfFile: path) }
        #expect(PropertyListReader.Limits().maximumDocumentSize == 64 * 1024 * 1024)
        #expect(PropertyListReader.Limits().maximumDepth == 512)
    }

    @Test func refusesSeededRandomBytesWithPositions() {
        var generator = SplitMix64(seed: 0x5EED_2026)
        let prefixes: [[UInt8]] = [[], Array("<plist>".utf8), Array("<?xml version=\"1.0\"?>\n<dict><key>".utf8)]
        for round in 0..<300 {
            var bytes = prefixes[round % prefixes.count]
            let count = Int(generator.next() % 512)
            for _ in 0..<count { bytes.append(UInt8(truncatingIfNeeded: generator.next())) }
            let error = ReaderTesting.error(Data(bytes))
            #expect((error?.location.line ?? 0) >= 1, "round \(round)")
            #expect((error?.location.column ?? 0) >= 1, "round \(round)")
        }
    }

    @Test(arguments: [
        "AllTypes.plist", "Positions.plist", "UTF16LE-BOM.plist", "Extremes.plist", "Hostile/BillionLaughs.plist",
    ])
    func refusesEveryTruncationWithAPosition(fixture: String) throws {
        let data = try TestPaths.fixture(fixture)
        let complete = try? PropertyListReader().read(data)
        var refused = 0
        for length in 0..<data.count {
            do {
                let node = try PropertyListReader().read(data.prefix(length))
                // Only the document minus trailing white space may still be whole.
                #expect(node == complete, "prefix \(length) accepted as a different value")
                #expect(data[length...].allSatisfy { [0x0A, 0x00, 0x20].contains($0) }, "prefix \(length)")
            } catch {
                #expect(error.location.line >= 1 && error.location.column >= 1)
                refused += 1
            }
        }
        #expect(refused >= data.count - 2)
        #expect((complete == nil) == fixture.hasPrefix("Hostile/"))
    }
}

/// A small seeded generator, so that the random inputs are the same on every run.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

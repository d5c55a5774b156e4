import Foundation
import PropertyList
import Testing

/// Reading a file in chunks must give exactly what reading its bytes at once gives: values, locations
/// and errors, also where a chunk boundary falls inside a line break or a multi-byte character.
struct ChunkedReadTests {
    /// Bytes per chunk in the reader (a file of more than this is read in several pieces).
    private static let chunkSize = 256 * 1024

    private func temporaryFile(_ data: Data) throws -> String {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("chunked-read-\(UUID().uuidString).plist")
        try data.write(to: url)
        return url.path
    }

    /// An array of `count` strings mixing ASCII and multi-byte text, several chunks long.
    private func largeDocument(count: Int) -> (Data, [String]) {
        var strings: [String] = []
        var text = "<plist version=\"1.0\">\n<array>\n"
        for index in 0..<count {
            let string = index.isMultiple(of: 3) ? "значение \(index) 値" : "value \(index % 97)"
            strings.append(string)
            text += "\t<string>\(string)</string>\n"
        }
        text += "</array>\n</plist>\n"
        return (Data(text.utf8), strings)
    }

    @Test func readsAFileOfManyChunksLikeItsBytes() throws {
        let (data, strings) = largeDocument(count: 30_000)
        #expect(data.count > 3 * Self.chunkSize)
        let path = try temporaryFile(data)
        defer { try? FileManager.default.removeItem(atPath: path) }

        let fromFile = try PropertyListReader().read(contentsOfFile: path)
        let fromBytes = try PropertyListReader().read(data, path: path)
        #expect(fromFile == fromBytes)
        #expect(fromFile.value.items.map(\.value) == strings.map { .string($0) })
        #expect(fromFile.value.items.map(\.location) == fromBytes.value.items.map(\.location))
        #expect(fromFile.value.items.last?.location == at(strings.count + 2, 2))
    }

    @Test(arguments: [-2, -1, 0, 1], ["\r", "\r\n"])
    func countsLoneCarriageReturnsAcrossChunkBoundaries(shift: Int, lineBreak: String) throws {
        // Old Mac-style line breaks, with a CR (or a CR LF pair) placed around a chunk boundary.
        let head = "<array>\r"
        let filler = "<string>\(String(repeating: "x", count: Self.chunkSize - head.utf8.count - 17 + shift))</string>"
        let text = head + filler + lineBreak + "<string>after</string>\r<true/>\r</array>\r"
        let path = try temporaryFile(Data(text.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }

        let fromFile = try PropertyListReader().read(contentsOfFile: path)
        let fromBytes = try PropertyListReader().read(Data(text.utf8))
        #expect(fromFile == fromBytes)
        #expect(fromFile.value.items.map(\.location) == [at(2, 1), at(3, 1), at(4, 1)])
        #expect(fromBytes.value.items.map(\.location) == [at(2, 1), at(3, 1), at(4, 1)])
    }

    @Test func reportsErrorsAtTheSamePlaceFromAFileAsFromBytes() throws {
        let (data, _) = largeDocument(count: 20_000)
        var broken = data
        broken.removeLast(40)  // cut inside the last strings
        let path = try temporaryFile(broken)
        defer { try? FileManager.default.removeItem(atPath: path) }

        var fileError: PropertyListError?
        do { _ = try PropertyListReader().read(contentsOfFile: path) } catch { fileError = error }
        let bytesError = ReaderTesting.error(broken)
        #expect(fileError != nil)
        #expect(fileError?.location == bytesError?.location)
        #expect(fileError?.message == bytesError?.message)
    }

    @Test func refusesAFileBeyondTheSizeLimitWithItsSize() throws {
        let text = "<string>" + String(repeating: "x", count: 100) + "</string>"
        let path = try temporaryFile(Data(text.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let limits = PropertyListReader.Limits(maximumDocumentSize: 64)
        do {
            _ = try PropertyListReader(limits: limits).read(contentsOfFile: path)
            Issue.record("a file beyond the limit was read")
        } catch {
            #expect(error.kind == .refused)
            #expect(error.message == "the file is 117 bytes; the limit is 64 bytes")
            #expect(error.location == at(1, 1))
        }
    }

    @Test func refusesAFolderAndAnEmptyFile() throws {
        do {
            _ = try PropertyListReader().read(contentsOfFile: FileManager.default.temporaryDirectory.path)
            Issue.record("a folder was read")
        } catch {
            #expect(error.kind == .io)
            #expect(error.message == "cannot read the file: it is a folder")
        }
        let path = try temporaryFile(Data())
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try PropertyListReader().read(contentsOfFile: path)
            Issue.record("an empty file was read")
        } catch {
            #expect(error.kind == .malformedXML)
            #expect(error.message == "the document is empty; expected an XML property list")
        }
    }

    @Test func decodesManyDistinctAndRepeatedShortStrings() throws {
        // Far more distinct short texts than the reader's cache has slots, each repeated, plus texts
        // that differ only past a word boundary or in length.
        var expected: [PropertyListValue] = []
        var text = "<array>"
        for index in 0..<6_000 {
            for string in ["k\(index)", "k\(index % 50)", "abcdefgh\(index % 10)", "abcdefghijklmn\(index % 7)"] {
                expected.append(.string(string))
                text += "<string>\(string)</string>"
            }
        }
        for string in ["", "a", "ab", "abcdefgh", "abcdefghi", "ジェム", "ジェムジェム", "ジェムジェムジェム"] {
            expected.append(.string(string))
            text += "<string>\(string)</string>"
        }
        text += "</array>"
        let items = try ReaderTesting.read(text).value.items.map(\.value)
        #expect(items == expected)
    }
}

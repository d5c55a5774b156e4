import Foundation
import PropertyList
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// libxml2's diagnostics become positioned errors and are never printed.
struct ReaderDiagnosticsTests {
    /// Documents whose bytes cannot be converted in their declared encoding: libxml2 reports these
    /// without a parser context, on its global error channel.
    static let badlyEncoded: [Data] = [
        Data([0xFF, 0xFE]) + Data("<string>a".utf16LittleEndian) + Data([0x00, 0xD8, 0x41, 0x00])
            + Data("</string>".utf16LittleEndian),
        Data("<?xml version=\"1.0\" encoding=\"EUC-JP\"?>\n<string>\u{7F}".utf8) + Data([0xFF, 0xFF, 0xA1])
            + Data("</string>".utf8),
        Data("<?xml version=\"1.0\" encoding=\"UTF-16\"?><string>x</string>".utf8),
    ]

    @Test func printsNothingToStandardErrorAndPositionsEncodingErrors() throws {
        #if canImport(Glibc)
            let capture = FileManager.default.temporaryDirectory.appendingPathComponent("stderr-\(getpid()).txt")
            let captureDescriptor = open(capture.path, O_CREAT | O_TRUNC | O_WRONLY, 0o600)
            try #require(captureDescriptor >= 0)
            let saved = dup(STDERR_FILENO)
            dup2(captureDescriptor, STDERR_FILENO)
            var errors: [PropertyListError?] = []
            for document in Self.badlyEncoded {
                errors.append(ReaderTesting.error(document))
            }
            dup2(saved, STDERR_FILENO)
            close(saved)
            close(captureDescriptor)
            let printed = try String(contentsOf: capture, encoding: .utf8)
            try? FileManager.default.removeItem(at: capture)
            // Other tests running in parallel may write to standard error meanwhile, so look for what
            // libxml2 prints ("encoding error : ...", "parser error : ...", "Bytes: 0x..") only.
            let libxml2Lines = printed.split(separator: "\n").filter {
                $0.contains(" error : ") || $0.hasPrefix("Bytes: 0x") || $0.contains("parser error")
            }
            #expect(libxml2Lines.isEmpty, "libxml2 printed: \(libxml2Lines)")
            for error in errors {
                #expect(error?.kind == .malformedXML)
                #expect((error?.location.line ?? 0) >= 1)
            }
        #endif
    }
}

extension String {
    fileprivate var utf16LittleEndian: [UInt8] {
        utf16.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)] }
    }
}

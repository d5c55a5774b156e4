import Foundation
import Glibc
import PropertyList
import PurchaseCatalog
import PurchaseCore
import TestSupport
import Testing

/// Catalogs, StoreKit configurations and message tables from inputs that are no regular files: read
/// within the size limit when given (a pipe, standard input), refused at once when found in a folder.
struct CatalogInputTests {
    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func aCatalogFromAPipeIsRefusedPastTheReadersLimit() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let text = Array("<plist><dict></dict></plist>".utf8)
        _ = text.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        let loader = CatalogLoader(reader: PropertyListReader(limits: .init(maximumDocumentSize: text.count - 1)))
        let result = loader.load(fileDescriptor: ends[0], path: "<stdin>")
        #expect(result.catalog == nil)
        #expect(result.diagnostics.map(\.problem) == [.unreadableDocument(.inputTooLarge(limit: text.count - 1))])
        #expect(result.diagnostics.first?.path == "<stdin>")
    }

    /// A `.storekit` path may be a pipe: it is read within the importer's limit like a file (it was
    /// read whole, however long, and only then measured).
    @Test func aStoreKitConfigurationFromAPipeIsReadWithinTheLimit() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Long.storekit").path
        try #require(mkfifo(path, 0o600) == 0)
        // A writer of its own process: it may meet a closed pipe, which must not end the tests.
        let writer = try ChildProcess("/bin/sh", ["-c", #"head -c 300000 /dev/zero > "$0" 2>/dev/null"#, path])
        defer { writer.wait() }
        let result = StoreKitConfigurationImporter(maximumFileSize: 10_000).load(contentsOfFile: path)
        #expect(result.catalog == nil)
        #expect(result.diagnostics.map(\.problem) == [.storeKitUnreadable(.inputTooLarge(limit: 10_000))])
    }

    /// A FIFO among the overriding message tables is reported as unreadable at once; the other files
    /// still apply. It used to wait for a writer for good.
    @Test func aFIFOAmongTheMessageTablesIsNotWaitedFor() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let lproj = folder.appendingPathComponent("en.lproj")
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        let strings = "<plist><dict><key>purchase.complete</key><string>Enjoy %@!</string></dict></plist>"
        try Data(strings.utf8).write(to: lproj.appendingPathComponent("Localizable.strings"))
        let fifo = lproj.appendingPathComponent("Localizable.stringsdict").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let result = Self.whileUnblocking(fifo) { MessageTable.builtIn.overridden(byFolder: folder.path) }
        #expect(result.diagnostics.map(\.problem) == [.unreadableFile(.notRegularFile)])
        #expect(result.diagnostics.first?.path == fifo)
        #expect(result.table.render(.purchaseComplete(productName: "Gems"), locale: "en") == "Enjoy Gems!")
    }

    /// Runs `body`; should it still run after a few seconds (blocked opening `fifo` for reading), keeps
    /// opening and closing the FIFO's writing end so that it goes on and the test fails on what it
    /// returns rather than hanging.
    private static func whileUnblocking<Value>(_ fifo: String, _ body: () throws -> Value) rethrows -> Value {
        let done = Locked(false)
        let watchdog = Thread {
            let patience = Date().addingTimeInterval(5)
            while !done.withLock({ $0 }) {
                usleep(20_000)
                guard Date() > patience else { continue }
                let descriptor = open(fifo, O_WRONLY | O_NONBLOCK)
                if descriptor >= 0 { close(descriptor) }
            }
        }
        watchdog.start()
        defer { done.withLock { $0 = true } }
        return try body()
    }
}

import Foundation

/// A fresh directory under the system's temporary folder, removed by ``remove()``.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("JournalTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    var logURL: URL { url.appendingPathComponent("journal.log") }
    var snapshotURL: URL { url.appendingPathComponent("journal.snapshot") }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    func read(_ file: URL) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: file))
    }

    func write(_ bytes: [UInt8], to file: URL) throws {
        try Data(bytes).write(to: file)
    }
}

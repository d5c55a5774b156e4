import Foundation

/// Peak resident memory of one catalog load, measured in a fresh child process (this binary
/// re-executed with `--measure-load FILE`) so that earlier runs do not raise the high-water mark.
enum MemoryProbe {
    /// The flag that makes this binary load one catalog and print its peak memory growth in bytes.
    static let childFlag = "--measure-load"

    /// The kernel's `VmHWM` (peak resident set) of this process, in bytes, or `nil` off Linux.
    static func peakResidentBytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.count >= 2, let kilobytes = Int(fields[1]) { return kilobytes * 1024 }
        }
        return nil
    }

    /// Child side: loads `path` once and prints how much the peak resident set grew, in bytes.
    static func runChild(path: String, load: (String) -> Void) {
        // Touch the code paths once on a tiny catalog so that lazily loaded libraries count as baseline.
        let tiny = FileManager.default.temporaryDirectory.appendingPathComponent("purchasekit-bench-tiny.plist")
        try? CatalogFile.write(products: 1, to: tiny.path)
        load(tiny.path)
        let before = peakResidentBytes() ?? 0
        load(path)
        let after = peakResidentBytes() ?? 0
        print(after - before)
    }

    /// Parent side: runs the child and returns the growth it reports, or `nil` when it cannot.
    static func measure(path: String) -> Int? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = [childFlag, path]
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch { return nil }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return Int(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

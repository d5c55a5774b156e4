import Foundation

/// Python 3's `plistlib.loads` on the same bytes, timed inside Python (median of the same number of
/// runs after the same warm-up), so process start-up does not count.
enum PythonBaseline {
    static let script = """
        import plistlib, sys, time
        data = open(sys.argv[1], 'rb').read()
        warm, runs = int(sys.argv[2]), int(sys.argv[3])
        for _ in range(warm): plistlib.loads(data)
        samples = []
        for _ in range(runs):
            start = time.perf_counter(); plistlib.loads(data); samples.append((time.perf_counter() - start) * 1000)
        samples.sort()
        n = len(samples)
        print(samples[n // 2] if n % 2 else (samples[n // 2 - 1] + samples[n // 2]) / 2)
        """

    /// The median milliseconds, or `nil` (with the reason) when `python3` is not available.
    static func median(path: String, stopwatch: Stopwatch) -> Result<Double, Unavailable> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, path, String(stopwatch.warmUps), String(stopwatch.runs)]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return .failure(Unavailable(reason: "cannot start python3: \(error)")) }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationStatus == 0, let milliseconds = Double(text) else {
            return .failure(Unavailable(reason: "python3 not found or plistlib failed"))
        }
        return .success(milliseconds)
    }

    /// Why the Python figure is missing.
    struct Unavailable: Error {
        var reason: String
    }
}

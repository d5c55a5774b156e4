import Foundation

/// Runs `executable`, built next to the test bundle, with `arguments`; its standard output (and,
/// with `capturingErrors`, standard error) goes to a file in `folder`, so nothing blocks on a pipe.
///
/// - Returns: its exit status and what it printed.
func runBuiltExecutable(
    _ executable: String, _ arguments: [String], in folder: URL, capturingErrors: Bool = false
) async throws -> (status: Int32, output: String) {
    let bundle = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: bundle).deletingLastPathComponent()
        .appendingPathComponent(executable)
    process.arguments = arguments
    let output = folder.appendingPathComponent("\(executable)-\(UUID().uuidString).out")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: output)
    if capturingErrors { process.standardError = try FileHandle(forWritingTo: output) }
    let ended = AsyncStream<Int32> { continuation in
        process.terminationHandler = { process in
            continuation.yield(process.terminationStatus)
            continuation.finish()
        }
    }
    try process.run()
    var statuses = ended.makeAsyncIterator()
    let status = await statuses.next() ?? -1
    return (status, try String(contentsOf: output, encoding: .utf8))
}

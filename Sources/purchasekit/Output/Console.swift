import Glibc

/// Standard output and standard error, with the tool's conventions: errors prefixed with
/// `purchasekit: `, and output write failures (a closed pipe, a full disk) reported as errors
/// rather than killing the process.
struct Console: Sendable {
    /// The locale messages are rendered for.
    var locale: String?

    /// Ignores SIGPIPE so that writing to a closed pipe fails with `EPIPE` instead of ending the
    /// process silently; call once at start.
    static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Writes `text` to standard output.
    func print(_ text: String) throws(ToolError) {
        try Self.write(Array(text.utf8), to: STDOUT_FILENO)
    }

    /// Writes bytes to standard output.
    func print(bytes: some Collection<UInt8>) throws(ToolError) {
        try Self.write(Array(bytes), to: STDOUT_FILENO)
    }

    /// Writes a message and a line feed to standard output.
    func print(_ message: Message) throws(ToolError) {
        try print(message.text(locale: locale) + "\n")
    }

    /// Writes `purchasekit: <message>` to standard error.
    func error(_ message: Message) {
        diagnostic("purchasekit: " + message.text(locale: locale))
    }

    /// Writes a line (a diagnostic such as `path:line:column: error: message`) to standard error.
    func diagnostic(_ line: String) {
        try? Self.write(Array((line + "\n").utf8), to: STDERR_FILENO)
    }

    private static func write(_ bytes: [UInt8], to descriptor: Int32) throws(ToolError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress, buffer.count)
            }
            if written < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                throw ToolError(message: .writeFailed(reason: reason), exitCode: .ioError)
            }
            offset += written
        }
    }
}

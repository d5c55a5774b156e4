import Glibc

/// A one-line progress indicator on standard error, redrawn in place, for long work at a terminal.
///
/// It draws only when ``Terminal/showsProgress`` allows, so piped or redirected output never sees it,
/// and ``finish()`` erases the line so the terminal is left as it was.
struct ProgressLine: Sendable {
    /// Whether the line is drawn at all.
    var enabled: Bool

    /// A progress line for the current terminal.
    init(terminal: Terminal = .current) {
        enabled = terminal.showsProgress
    }

    /// Replaces the line with `text`.
    func show(_ text: String) {
        guard enabled else { return }
        Self.write("\r" + text + "\u{1B}[K")
    }

    /// Erases the line.
    func finish() {
        guard enabled else { return }
        Self.write("\r\u{1B}[K")
    }

    private static func write(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { buffer in _ = Glibc.write(STDERR_FILENO, buffer.baseAddress, buffer.count) }
    }
}

import Foundation
import Glibc

/// A one-line progress indicator on standard error (the phase running, runs done of total), redrawn
/// in place with a carriage return. It draws only when standard error is a terminal and `TERM` is not
/// `dumb` (`PURCHASEKIT_ASSUME_TERMINAL=1` forces it), so standard output, where the results go, is
/// the same whether it draws or not. Call ``clear()`` before printing a result.
public enum BenchmarkProgress {
    /// Whether the line is drawn at all.
    public static let enabled: Bool = {
        let environment = ProcessInfo.processInfo.environment
        let terminal = isatty(STDERR_FILENO) == 1 || environment["PURCHASEKIT_ASSUME_TERMINAL"] == "1"
        return terminal && environment["TERM"] != "dumb"
    }()

    /// Replaces the line with `text`.
    public static func show(_ text: String) {
        guard enabled else { return }
        write("\r" + text + "\u{1B}[K")
    }

    /// Erases the line.
    public static func clear() {
        guard enabled else { return }
        write("\r\u{1B}[K")
    }

    private static func write(_ text: String) {
        fflush(nil)
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { buffer in _ = Glibc.write(STDERR_FILENO, buffer.baseAddress, buffer.count) }
    }
}

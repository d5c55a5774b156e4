import Foundation
import Glibc

/// Whether the tool talks to a person at a terminal, and so may use colour and progress lines.
///
/// Colour is used only when standard output is a terminal, `NO_COLOR` is not set (whatever its value)
/// and `TERM` is not `dumb`; never for `--json`. Progress lines go to standard error only when it is a
/// terminal. `PURCHASEKIT_ASSUME_TERMINAL=1` makes the tool treat both as terminals (for tests, which
/// have no terminal); `NO_COLOR` still wins.
struct Terminal: Sendable {
    /// Whether standard output is a terminal.
    var outputIsTerminal: Bool
    /// Whether standard error is a terminal.
    var errorIsTerminal: Bool
    /// The environment the decisions read.
    var environment: [String: String]

    /// The process's terminal state.
    static let current = Terminal(
        outputIsTerminal: isatty(STDOUT_FILENO) == 1, errorIsTerminal: isatty(STDERR_FILENO) == 1,
        environment: ProcessInfo.processInfo.environment)

    private var assumed: Bool { environment["PURCHASEKIT_ASSUME_TERMINAL"] == "1" }

    /// Whether text for people on standard output may carry ANSI colour.
    var usesColour: Bool {
        guard outputIsTerminal || assumed else { return false }
        if environment["NO_COLOR"] != nil { return false }
        return environment["TERM"] != "dumb"
    }

    /// Whether long work may draw a progress line on standard error.
    var showsProgress: Bool {
        (errorIsTerminal || assumed) && environment["TERM"] != "dumb"
    }

    /// The style for standard output: colour when ``usesColour`` and not `json`.
    func style(json: Bool) -> TextStyle {
        TextStyle(enabled: usesColour && !json)
    }
}

/// ANSI styling that is the identity when disabled, so call sites style text unconditionally.
struct TextStyle: Sendable {
    /// Whether escape sequences are written.
    var enabled: Bool

    /// `text` in bold.
    func bold(_ text: String) -> String { wrap(text, "1") }
    /// `text` dimmed, for secondary details.
    func dim(_ text: String) -> String { wrap(text, "2") }
    /// `text` in green, for what went through.
    func success(_ text: String) -> String { wrap(text, "32") }
    /// `text` in yellow, for what waits.
    func waiting(_ text: String) -> String { wrap(text, "33") }
    /// `text` in red, for what failed or was refused.
    func failure(_ text: String) -> String { wrap(text, "31") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

import Glibc
import PurchaseCatalog
import PurchaseCore
import PurchaseKit

/// Standard output and standard error, with the tool's conventions: messages rendered from the message
/// tables for the tool's locale, errors prefixed with `purchasekit: `, and output write failures (a
/// closed pipe, a full disk) reported as errors rather than killing the process.
struct Console: Sendable {
    /// Where the language comes from: given, or found the first time a text is rendered.
    private let language: Language

    /// The locale messages are rendered for.
    var locale: String { language.value.identifier }
    /// The texts messages are rendered from: the built-in tables with the deployment's overrides.
    var table: MessageTable { language.value.table }

    /// A console that speaks `language`.
    init(_ language: ToolLocale) {
        self.language = Language(language)
    }

    /// A console that renders the built-in texts for `locale` (English when `nil`).
    init(locale: String?) {
        language = Language(ToolLocale(identifier: locale ?? MessageTable.fallbackLanguage, table: .builtIn))
    }

    /// A console that speaks the language `options` give (``ToolLocale/resolve(_:)``), found the first
    /// time it renders a text: a run that prints nothing localized reads no catalog for it.
    init(resolvingLanguageOf options: GlobalOptions) {
        self.init { ToolLocale.resolve(options) }
    }

    /// A console that speaks the language `find` returns, called once, the first time it renders a text.
    init(resolvingLanguageWith find: @escaping @Sendable () -> ToolLocale) {
        language = Language(find)
    }

    /// A language found once, when first asked for, shared by every copy of the console.
    private final class Language: Sendable {
        private let state: Locked<(value: ToolLocale?, find: (@Sendable () -> ToolLocale)?)>

        init(_ value: ToolLocale) {
            state = Locked((value, nil))
        }

        init(_ find: @escaping @Sendable () -> ToolLocale) {
            state = Locked((nil, find))
        }

        var value: ToolLocale {
            state.withLock { state in
                if let value = state.value { return value }
                let value = state.find?() ?? ToolLocale(identifier: MessageTable.fallbackLanguage, table: .builtIn)
                state = (value, nil)
                return value
            }
        }
    }

    /// The text of a tool message in the console's locale.
    func text(_ message: ToolMessage) -> String {
        let current = language.value
        return message.text(locale: current.identifier, table: current.table)
    }

    /// The text of any message of the tables (a purchase outcome, an error) in the console's locale.
    func text(_ message: PurchaseCore.Message) -> String {
        let current = language.value
        return current.table.render(message, locale: current.identifier)
    }

    /// A catalog or message-table diagnostic as compilers print it, with the message and the hint in the
    /// console's locale.
    func text(_ diagnostic: Diagnostic) -> String {
        let current = language.value
        return diagnostic.description(locale: current.identifier, table: current.table)
    }

    /// A scenario-file diagnostic as compilers print it, with the message in the console's locale.
    func text(_ diagnostic: ScenarioDiagnostic) -> String {
        let current = language.value
        return diagnostic.description(locale: current.identifier, table: current.table)
    }

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
    func print(_ message: ToolMessage) throws(ToolError) {
        try print(text(message) + "\n")
    }

    /// Writes `purchasekit: <message>` to standard error.
    func error(_ message: ToolMessage) {
        diagnostic("purchasekit: " + text(message))
    }

    /// Writes a catalog or message-table diagnostic to standard error, with its message and hint in the console's locale.
    func diagnostic(_ diagnostic: Diagnostic) {
        self.diagnostic(text(diagnostic))
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
                throw ToolError(message: .outputFailed(errno: errno), exitCode: .ioError)
            }
            offset += written
        }
    }
}

/// The options every command accepts: `--catalog`, `--state`, `--locale`, `--json` and `--help`.
struct GlobalOptions: Sendable, Equatable {
    /// The deployment catalog (`--catalog FILE`).
    var catalogPath = "Catalog/Default.plist"
    /// The state folder (`--state DIR`).
    var stateDirectory = ".purchasekit"
    /// The language of messages (`--locale LOCALE`); `nil` means the catalog's locale.
    var locale: String?
    /// Whether to print machine-readable JSON (`--json`).
    var json = false
    /// Whether help was asked for (`--help` or `-h`).
    var help = false
}

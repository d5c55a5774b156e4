/// The options every command accepts: `--catalog`, `--state`, `--locale`, `--json`, `--help` and `--version`.
struct GlobalOptions: Sendable, Equatable {
    /// The deployment catalog (`--catalog FILE`).
    var catalogPath = "Catalog/Default.plist"
    /// Whether `--catalog` was given: the default catalog is a file the tool opens by itself, so it
    /// must be a regular file, where a catalog named on the command line may be a pipe.
    var catalogPathGiven = false
    /// The state folder (`--state DIR`).
    var stateDirectory = ".purchasekit"
    /// Whether `--state` was given (the tour uses a temporary folder otherwise).
    var stateDirectoryGiven = false
    /// The language of messages (`--locale LOCALE`); `nil` means the catalog's locale.
    var locale: String?
    /// Whether to print machine-readable JSON (`--json`).
    var json = false
    /// Whether help was asked for (`--help` or `-h`).
    var help = false
    /// Whether the version was asked for (`--version`).
    var version = false
}

/// The version `purchasekit --version` prints; the one place it is written.
enum ToolVersion {
    /// The tool's version, `MAJOR.MINOR.PATCH`.
    static let current = "0.6.0"

    /// The line `--version` prints (without its line feed): `purchasekit 0.6.0`.
    static var line: String { "purchasekit \(current)" }
}

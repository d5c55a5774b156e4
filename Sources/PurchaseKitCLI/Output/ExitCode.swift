/// The exit statuses of `purchasekit`, as DESIGN.md fixes them (the BSD `sysexits.h` values).
enum ExitCode: Int32, Sendable {
    /// The command did what was asked (a pending or deferred purchase included).
    case success = 0
    /// The store refused or the person cancelled.
    case refused = 1
    /// The command line is wrong: unknown command or option, missing or malformed argument.
    case usage = 64
    /// An input file was read but its contents are invalid.
    case dataError = 65
    /// An input file does not exist.
    case noInput = 66
    /// A bug in the tool.
    case internalError = 70
    /// Reading or writing failed.
    case ioError = 74
    /// A temporary failure; trying again may work.
    case temporaryFailure = 75

    /// The more serious of two statuses, for commands that go on after a failure and report the
    /// worst at the end. A missing file outranks invalid data, which outranks success.
    func worst(_ other: ExitCode) -> ExitCode {
        Self.rank(self) >= Self.rank(other) ? self : other
    }

    private static func rank(_ code: ExitCode) -> Int {
        switch code {
        case .success: 0
        case .refused: 1
        case .dataError: 2
        case .noInput: 3
        case .temporaryFailure: 4
        case .ioError: 5
        case .usage: 6
        case .internalError: 7
        }
    }
}

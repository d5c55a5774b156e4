import Foundation

/// Runs programs as whole processes, as a person runs them from a shell: start-up, loading, output
/// and exit all count.
enum WholeProcess {
    /// A program to time, with the arguments it runs with.
    struct Command {
        var name: String
        var arguments: [String]
    }

    /// The path of `name`: the executable of that name next to this benchmark's (the package's
    /// build folder), else the first on `PATH`; `nil` when there is none.
    static func locate(_ name: String, besideThisProgram: Bool) -> String? {
        var folders: [String] = []
        if besideThisProgram {
            folders.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path)
        } else {
            folders += (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(
                String.init)
        }
        return folders.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `arguments` (the program's path first) with standard output and error sent to
    /// `/dev/null` and waits for it; returns its exit status, or `nil` when it could not start or was
    /// killed by a signal.
    static func run(_ arguments: [String]) -> Int32? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ) == 0 else { return nil }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return nil }
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import as functions.
        return status & 0x7f == 0 ? (status >> 8) & 0xff : nil
    }
}

import CChildProcess
import Dispatch
import Foundation
import Glibc
import Testing

/// A child process started with `posix_spawn` and waited for by a thread of its own.
///
/// Foundation's `Process` learns of a child's end through a socket the child inherits and a run
/// loop thread shared by every child; a grandchild holding the socket, or a run loop that misses
/// the wake-up, leaves the end unnoticed for good, and a test waiting for it stops the whole run.
/// Here a thread per child blocks in `waitid` on that child alone, so an end is always seen. The
/// child inherits no descriptor but its three standard ones, gets the signal mask and handlers at
/// their defaults, and is never signalled once it has been reaped (its process id may be reused).
package final class ChildProcess: @unchecked Sendable {
    /// How a child ended.
    package enum Termination: Equatable, Sendable {
        /// It exited with this status.
        case exit(Int32)
        /// This signal ended it.
        case signal(Int32)
    }

    /// Where one of the child's standard descriptors leads.
    package enum Stream {
        /// The test process's own descriptor of that number.
        case inherit
        /// A file opened by path in the child: for reading (standard input) or for writing,
        /// appending (standard output and error).
        case file(String)
        /// A duplicate of this open descriptor of the test process.
        case descriptor(Int32)
    }

    /// Longer than any child of these tests takes, soak runs included.
    package static let limit: Swift.Duration = .seconds(600)

    /// The child's process id.
    package let processIdentifier: Int32
    /// The executable and arguments, for messages.
    package let commandLine: [String]

    private let lock = NSLock()
    private var ending: Termination?
    private var endWaiters: [CheckedContinuation<Termination, Never>] = []
    private let ended = DispatchSemaphore(value: 0)

    /// Starts `executable` with `arguments`; `environment` replaces the test process's when given.
    package init(
        _ executable: String,
        _ arguments: [String] = [],
        environment: [String: String]? = nil,
        in directory: String? = nil,
        standardInput: Stream = .file("/dev/null"),
        standardOutput: Stream = .inherit,
        standardError: Stream = .inherit
    ) throws {
        commandLine = [executable] + arguments
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (number, stream) in [standardInput, standardOutput, standardError].enumerated() {
            let target = Int32(number)
            switch stream {
            case .inherit:
                break
            case .file(let path):
                let flags = target == 0 ? O_RDONLY : (O_WRONLY | O_CREAT | O_APPEND)
                try Self.check(posix_spawn_file_actions_addopen(&actions, target, path, flags, 0o644), "open \(path)")
            case .descriptor(let descriptor):
                try Self.check(posix_spawn_file_actions_adddup2(&actions, descriptor, target), "dup2")
            }
        }
        if let directory { try Self.check(pk_spawn_file_actions_addchdir(&actions, directory), "chdir \(directory)") }
        try Self.check(pk_spawn_file_actions_addclosefrom(&actions, 3), "closefrom")

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let environment = environment ?? ProcessInfo.processInfo.environment
        let argv = commandLine.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: Int32 = 0
        try Self.check(posix_spawn(&pid, executable, &actions, &attributes, argv, envp), "spawn \(executable)")
        processIdentifier = pid

        let thread = Thread { [self] in awaitEnd() }
        thread.name = "ChildProcess \(pid)"
        thread.start()
    }

    /// How the child ended, or `nil` while it runs.
    package var termination: Termination? {
        lock.withLock { ending }
    }

    /// Whether the child still runs.
    package var isRunning: Bool { termination == nil }

    /// Sends `signal` to the child unless it has ended.
    package func send(_ signal: Int32) {
        lock.withLock {
            if ending == nil { _ = Glibc.kill(processIdentifier, signal) }
        }
    }

    /// Kills the child unless it has ended.
    package func kill() { send(SIGKILL) }

    /// Waits for the end and returns it. Past `limit`, kills the child, records an issue and
    /// returns how it then ended. It may be called again: a child that ended stays ended.
    @discardableResult
    package func wait(limit: Swift.Duration = ChildProcess.limit) -> Termination {
        if let termination = wait(until: .now() + Self.dispatchInterval(limit)) { return termination }
        kill()
        Issue.record("the child \(commandLine) did not end within \(limit); killed")
        // A killed child always ends; waitid sees it.
        return wait(until: .distantFuture) ?? .signal(SIGKILL)
    }

    /// Waits for the end without holding a thread: use it where the child needs this process's
    /// cooperative pool meanwhile (a server the test hosts), which a blocking ``wait(limit:)`` on a
    /// thread of that pool could starve. Past `limit`, kills the child and records an issue, as
    /// ``wait(limit:)`` does.
    package func ended(limit: Swift.Duration = ChildProcess.limit) async -> Termination {
        let watchdog = Task.detached { [self] in
            try await Task.sleep(for: limit)
            guard isRunning else { return }
            kill()
            Issue.record("the child \(commandLine) did not end within \(limit); killed")
        }
        defer { watchdog.cancel() }
        return await withCheckedContinuation { continuation in
            let now = lock.withLock { () -> Termination? in
                if let ending { return ending }
                endWaiters.append(continuation)
                return nil
            }
            if let now { continuation.resume(returning: now) }
        }
    }

    private func wait(until deadline: DispatchTime) -> Termination? {
        guard ended.wait(timeout: deadline) == .success else { return nil }
        ended.signal()
        return termination
    }

    /// The child's thread: waits for the end without reaping, then reaps under the lock that
    /// ``send(_:)`` takes, so no signal can reach another process given the same id.
    private func awaitEnd() {
        var information = siginfo_t()
        while waitid(P_PID, id_t(processIdentifier), &information, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
        let (termination, waiters) = lock.withLock {
            var status: Int32 = 0
            while waitpid(processIdentifier, &status, 0) == -1 && errno == EINTR {}
            let signal = status & 0x7f
            let termination: Termination = signal == 0 ? .exit((status >> 8) & 0xff) : .signal(signal)
            ending = termination
            defer { endWaiters = [] }
            return (termination, endWaiters)
        }
        ended.signal()
        for waiter in waiters { waiter.resume(returning: termination) }
    }

    private static func dispatchInterval(_ duration: Swift.Duration) -> DispatchTimeInterval {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }

    private static func check(_ result: Int32, _ what: String) throws {
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO, what) }
    }
}

extension POSIXError {
    fileprivate init(_ code: POSIXErrorCode, _ what: String) {
        self.init(code, userInfo: [NSLocalizedDescriptionKey: "\(what): \(String(cString: strerror(code.rawValue)))"])
    }
}

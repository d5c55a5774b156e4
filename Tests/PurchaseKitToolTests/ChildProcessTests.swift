import Foundation
import TestSupport
import Testing

@Suite struct ChildProcessTests {
    @Test func aChildThatEndsIsWaitedFor() throws {
        let child = try ChildProcess("/bin/sh", ["-c", "exit 3"])
        #expect(child.wait() == .exit(3))
        #expect(child.wait() == .exit(3), "a second wait returns at once")
        #expect(!child.isRunning)
    }

    @Test func aChildThatDoesNotEndIsKilledAtTheLimit() throws {
        let child = try ChildProcess("/bin/sleep", ["60"])
        withKnownIssue("the wait records that it killed the child") {
            #expect(child.wait(limit: .milliseconds(200)) == .signal(SIGKILL))
        }
    }

    /// Foundation's `Process` missed this end until the grandchild exited too: the grandchild kept
    /// the socket it watches open.
    @Test func aChildLeavingAGrandchildRunningIsSeenToEndAtOnce() throws {
        let folder = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("grandchild").path
        let parent = try ChildProcess("/bin/sh", ["-c", "sleep 30 & echo $!"], standardOutput: .file(output))
        #expect(parent.wait(limit: .seconds(10)) == .exit(0))
        let printed = try String(contentsOfFile: output, encoding: .utf8)
        let grandchild = try #require(Int32(printed.trimmingCharacters(in: .whitespacesAndNewlines)))
        kill(grandchild, SIGKILL)
    }

    @Test func theChildGetsItsFolderEnvironmentAndFilesAndNothingElse() throws {
        let folder = try ToolRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out").path
        let input = folder.appendingPathComponent("in").path
        try Data("fed\n".utf8).write(to: URL(fileURLWithPath: input))
        let script = #"pwd; echo "$GREETING"; cat; ls /proc/self/fd | wc -l"#
        let child = try ChildProcess(
            "/bin/sh", ["-c", script], environment: ["GREETING": "hello", "PATH": "/usr/bin:/bin"],
            in: folder.path, standardInput: .file(input), standardOutput: .file(output))
        #expect(child.wait() == .exit(0))
        let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(URL(fileURLWithPath: lines[0]).resolvingSymlinksInPath().path == folder.resolvingSymlinksInPath().path)
        #expect(Array(lines[1...2]) == ["hello", "fed"])
        // ls's own four (0, 1, 2 and the folder it reads), nothing of the test process's.
        #expect(lines[3].trimmingCharacters(in: .whitespaces) == "4")
    }

    @Test func anAsyncWaitHoldsNoThread() async throws {
        // More waits than the cooperative pool has threads: blocking ones would starve the pool.
        let children = try (0..<8).map { _ in try ChildProcess("/bin/sh", ["-c", "sleep 0.2; exit 5"]) }
        await withTaskGroup(of: ChildProcess.Termination.self) { group in
            for child in children { group.addTask { await child.ended() } }
            for await termination in group { #expect(termination == .exit(5)) }
        }
        #expect(await children[0].ended() == .exit(5), "a second wait returns at once")
    }

    @Test func aChildIsNeverSignalledAfterItEnded() throws {
        let child = try ChildProcess("/bin/true")
        #expect(child.wait() == .exit(0))
        child.kill()
        #expect(child.termination == .exit(0))
    }
}

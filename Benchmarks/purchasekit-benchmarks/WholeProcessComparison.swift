import BenchmarkSupport
import Foundation

/// `purchasekit catalog validate` as a person runs it, against the same file read by a minimal
/// Foundation program and by libxml2's streaming checker, each as a whole process (start-up, loading,
/// output to `/dev/null`, exit), timed in interleaved rounds.
enum WholeProcessComparison {
    /// A contender that exited with a failure: the figures would mean nothing.
    struct Failed: Error, CustomStringConvertible {
        var command: [String]
        var description: String { "\(command.joined(separator: " ")) did not exit 0" }
    }

    /// Times the contenders on `catalog` and prints medians, ratios and the goals.
    static func run(catalog: String, stopwatch: Stopwatch) {
        guard let tool = WholeProcess.locate("purchasekit", besideThisProgram: true),
            let foundation = WholeProcess.locate("foundation-plist-load", besideThisProgram: true)
        else {
            print("whole process: skipped (build the purchasekit and foundation-plist-load products first)")
            return
        }
        var commands = [[tool, "catalog", "validate", catalog], [foundation, catalog]]
        let xmllint = WholeProcess.locate("xmllint", besideThisProgram: false)
        if let xmllint { commands.append([xmllint, "--stream", "--noout", catalog]) }
        let medians: [Double]
        do {
            medians = try stopwatch.medians(
                commands.map { command in
                    {
                        guard WholeProcess.run(command) == 0 else { throw Failed(command: command) }
                    }
                })
        } catch {
            print("whole process: failed (\(error))")
            return
        }
        let ours = medians[0]
        func row(_ name: String, _ milliseconds: Double) {
            let padded = name.padding(toLength: 58, withPad: " ", startingAt: 0)
            print(
                "\(padded) \(String(format: "%8.1f", milliseconds)) ms   \(String(format: "%5.2f", milliseconds / ours))x"
            )
        }
        print("whole process".padding(toLength: 58, withPad: " ", startingAt: 0) + "   median   time / ours")
        row("ours: purchasekit catalog validate FILE", ours)
        row("Foundation: foundation-plist-load FILE", medians[1])
        if xmllint != nil {
            row("libxml2: xmllint --stream --noout FILE", medians[2])
        } else {
            print("libxml2: xmllint --stream --noout: skipped (apt-get install libxml2-utils)")
        }
        print("")
        print(
            "goal: whole process >= 3x faster than the Foundation load: \(medians[1] / ours >= 3 ? "met" : "NOT met")")
        if xmllint != nil {
            print(
                "goal: whole process within 1.5x of xmllint --stream: \(ours / medians[2] <= 1.5 ? "met" : "NOT met")")
        }
    }
}

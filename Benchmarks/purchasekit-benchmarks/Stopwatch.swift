import BenchmarkSupport
import Dispatch

/// Times pieces of work: warm-up runs, then the median of the measured runs.
///
/// Several contenders are measured in interleaved rounds (each runs once per round), so that a
/// burst of load from other processes slows them alike instead of one alone.
struct Stopwatch {
    /// Runs discarded before measuring (caches, lazy initialization).
    var warmUps = 2
    /// Runs measured.
    var runs = 7

    /// The median duration of each piece of work in milliseconds, in the order given; at a terminal,
    /// ``BenchmarkProgress`` says which round is running (between timed runs, never inside one).
    func medians(_ contenders: [() throws -> Void]) throws -> [Double] {
        for round in 0..<warmUps {
            BenchmarkProgress.show("Timing: warm-up \(round + 1) of \(warmUps)")
            for work in contenders { try work() }
        }
        var samples = Array(repeating: [Double](), count: contenders.count)
        for round in 0..<runs {
            BenchmarkProgress.show("Timing: run \(round + 1) of \(runs)")
            for (index, work) in contenders.enumerated() {
                let start = DispatchTime.now().uptimeNanoseconds
                try work()
                samples[index].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
            }
        }
        BenchmarkProgress.clear()
        return samples.map(Self.median)
    }

    /// The middle value (the mean of the two middle values for an even count).
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }
}

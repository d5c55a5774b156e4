import Dispatch

/// Times a piece of work: a few warm-up runs, then the median of the measured runs.
struct Stopwatch {
    /// Runs discarded before measuring (caches, lazy initialization).
    var warmUps = 2
    /// Runs measured.
    var runs = 7

    /// The median duration of `work` in milliseconds.
    func median(_ work: () throws -> Void) rethrows -> Double {
        for _ in 0..<warmUps { try work() }
        var samples: [Double] = []
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            try work()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
        }
        samples.sort()
        return samples.count.isMultiple(of: 2)
            ? (samples[samples.count / 2 - 1] + samples[samples.count / 2]) / 2 : samples[samples.count / 2]
    }
}

/// A same-run measure of the machine, printed beside results whose cost is mostly memory access
/// (hash tables of a million entries), so that runs on different days or hosts can be compared:
/// on a shared virtual machine this latency moves by 2x from one day to the next, and such
/// results move with it.
public enum MachineReference {
    /// The mean time of one random, dependent 8-byte load from a `megabytes` buffer (a single cycle
    /// through every slot, so the hardware cannot prefetch it), in nanoseconds.
    ///
    /// - Parameters:
    ///   - megabytes: the buffer's size; 64 is well past any cache of this machine.
    ///   - loads: how many loads are timed.
    public static func randomLoadNanoseconds(megabytes: Int = 64, loads: Int = 5_000_000) -> Double {
        let count = megabytes << 17  // 8-byte slots
        var next = [Int](repeating: 0, count: count)
        // Sattolo's shuffle of the identity gives one cycle through all slots.
        for index in 0..<count { next[index] = index }
        for index in stride(from: count - 1, to: 0, by: -1) {
            next.swapAt(index, Int.random(in: 0..<index))
        }
        return next.withUnsafeBufferPointer { slots -> Double in
            var position = 0
            let clock = ContinuousClock()
            let start = clock.now
            for _ in 0..<loads { position = slots[position] }
            let elapsed = clock.now - start
            // Keep the chase from being optimized away.
            if position == -1 { print(position) }
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            return seconds / Double(loads) * 1e9
        }
    }

    /// The line benchmarks print.
    public static func describe() -> String {
        let nanoseconds = randomLoadNanoseconds()
        return "machine reference: a random dependent load in 64 MiB takes "
            + String(Int(nanoseconds.rounded())) + " ns (memory-bound figures below move with it)"
    }
}

import Foundation
import PurchaseCore
import Testing

/// `BlockingThreads`: the mark belongs to the thread that made it, never to another thread.
struct BlockingThreadsTests {
    /// Runs `body` on a thread of its own and gives back what it returned.
    private func onNewThread(_ body: @escaping @Sendable () -> [Bool]) -> [Bool] {
        final class Box: @unchecked Sendable { var value: [Bool] = [] }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = body()
            done.signal()
        }
        thread.start()
        done.wait()
        return box.value
    }

    @Test func aMarkHoldsOnTheThreadThatMadeItOnly() {
        let marked = onNewThread {
            let before = BlockingThreads.isCurrentThreadMarked
            BlockingThreads.markCurrentThread()
            return [before, BlockingThreads.isCurrentThreadMarked]
        }
        #expect(marked == [false, true])
        let other = onNewThread { [BlockingThreads.isCurrentThreadMarked] }
        #expect(other == [false])
        #expect(!BlockingThreads.isCurrentThreadMarked)
    }
}

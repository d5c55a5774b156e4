public import Foundation
import PurchaseCore

/// The last answer an ``AppStoreReceiptVerifier`` got for a receipt, kept for a short while so that
/// transactions sharing a receipt (reported together, as after a long time offline) are verified
/// with one verifyReceipt call instead of one each.
///
/// Guarantees: only an accepted answer is kept, only for the very same receipt bytes, and only for
/// ``lifetime`` (wall time) after it was obtained; a different receipt replaces it. Safe to share
/// between tasks: the answer lives behind a lock.
public final class RecentVerifyReceiptAnswer: Sendable {
    private struct Kept: Sendable {
        var receipt: Data
        var result: VerifyReceiptResult
        var obtained: ContinuousClock.Instant
    }

    /// How long an answer is reused; zero or less keeps none.
    public let lifetime: Duration
    private let kept = Locked<Kept?>(nil)

    /// Creates an empty store of answers reused for `lifetime`.
    public init(lifetime: Duration = .seconds(10)) {
        self.lifetime = lifetime
    }

    /// The answer obtained for exactly `receipt` less than ``lifetime`` ago, if any.
    public func answer(for receipt: Data) -> VerifyReceiptResult? {
        let now = ContinuousClock.now
        return kept.withLock { kept in
            guard let current = kept, now - current.obtained < lifetime, current.receipt == receipt else { return nil }
            return current.result
        }
    }

    /// Keeps `result` as the answer for `receipt`, replacing any other.
    public func keep(_ result: VerifyReceiptResult, for receipt: Data) {
        guard lifetime > .zero else { return }
        let entry = Kept(receipt: receipt, result: result, obtained: .now)
        kept.withLock { $0 = entry }
    }
}

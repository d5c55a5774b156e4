import Foundation
import PurchaseCore

/// Chains a verifier has verified, by the exact `x5c` text of the token, so that the next token with
/// the same chain skips X509_verify_cert, the marker checks and parsing the leaf key.
///
/// What stays checked for a cached chain: each token's own date against the validity window of the
/// verified chain (every certificate's), exactly as an uncached check would. An entry lasts
/// ``lifetime`` (then the chain is verified again, and revocation asked again when online); at most
/// ``capacity`` are kept, the oldest dropped first.
final class VerifiedChainCache: Sendable {
    /// A verified chain.
    struct Entry: Sendable {
        /// The leaf's public key.
        var leafKey: P256VerifyingKey
        /// The part of time in which every certificate of the verified chain is valid.
        var notBefore: Date
        var notAfter: Date
        /// When the entry stops being used.
        var expires: Date
    }

    /// How long an entry is used.
    static let lifetime: TimeInterval = 15 * 60
    /// How many entries are kept.
    static let capacity = 32

    private let entries = Locked<[(key: [String], entry: Entry)]>([])

    /// The entry of `chain` still valid at `now`.
    func entry(for chain: [String], now: Date) -> Entry? {
        entries.withLock { entries in
            entries.removeAll { $0.entry.expires <= now }
            return entries.first { $0.key == chain }?.entry
        }
    }

    /// Keeps `entry` for `chain`.
    func insert(_ entry: Entry, for chain: [String]) {
        entries.withLock { entries in
            entries.removeAll { $0.key == chain }
            if entries.count >= Self.capacity { entries.removeFirst() }
            entries.append((chain, entry))
        }
    }

    /// How many chains are kept.
    var count: Int { entries.withLock { $0.count } }
}

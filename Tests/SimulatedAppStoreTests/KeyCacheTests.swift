import Foundation
import Testing

@testable import SimulatedAppStore

/// Signing and verifying rebuild a libcrypto key once and keep a few: the same key is one handle,
/// the oldest goes when the cache is full, and keys of many stores still sign and verify correctly.
struct KeyCacheTests {
    @Test func theSameKeyIsRebuiltOnceAndTheOldestGoesWhenFull() throws {
        let cache = LibCrypto.KeyCache(capacity: 2)
        let keys = ["a", "b", "c"].map { ReceiptSigningKey(seed: Array($0.utf8)).raw }
        let first = try cache.key(keys[0])
        #expect(try cache.key(keys[0]) === first)
        _ = try cache.key(keys[1])
        _ = try cache.key(keys[2])
        #expect(cache.count == 2)
        // The first key left the cache: asking again rebuilds it.
        #expect(try cache.key(keys[0]) !== first)
    }

    @Test func moreKeysThanTheCacheHoldsStillSignAndVerify() throws {
        let keys = (0..<20).map { ReceiptSigningKey(seed: Array("store \($0)".utf8)) }
        let message = Array("a receipt".utf8)
        for (index, key) in keys.enumerated() {
            let signature = try LibCrypto.sign(message, with: key.raw)
            #expect(try LibCrypto.verify(signature, of: message, with: key.publicKey.raw))
            let other = keys[(index + 1) % keys.count]
            #expect(try !LibCrypto.verify(signature, of: message, with: other.publicKey.raw))
        }
    }
}

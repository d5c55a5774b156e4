/// Remembers the strings made from short texts (15 UTF-8 bytes or fewer, which Swift stores inline),
/// so that the keys and short values a property list repeats thousands of times (`ProductID`, `USA`,
/// `0.99`) are decoded and validated once, then found again by comparing two words.
///
/// A direct-mapped table: each text has one slot, chosen by a hash of its bytes; a new text takes the
/// slot over. Whatever is in the table, ``string(_:)`` answers what `String(decoding:as:)` answers.
/// Its owner must call ``deallocate()`` once.
struct ShortStringCache {
    /// The longest text cached: the capacity of Swift's inline (small) strings on 64-bit platforms.
    static let maximumLength = 15

    private struct Slot {
        var low: UInt64
        var high: UInt64
        var count: Int
        var string: String
    }

    private static let slotCount = 512
    private let slots: UnsafeMutablePointer<Slot>

    init() {
        slots = .allocate(capacity: Self.slotCount)
        // Count -1 matches no text.
        slots.initialize(repeating: Slot(low: 0, high: 0, count: -1, string: ""), count: Self.slotCount)
    }

    /// The string of `bytes`, which must be readable for 16 bytes from their start even when shorter
    /// (the bytes past `bytes.count` are ignored).
    @inline(__always)
    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let count = bytes.count
        guard count <= Self.maximumLength, let base = bytes.baseAddress else {
            return String(decoding: bytes, as: UTF8.self)
        }
        let raw = UnsafeRawPointer(base)
        var low = raw.loadUnaligned(as: UInt64.self)
        var high = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        if count < 8 {
            low &= (1 &<< UInt64(count &* 8)) &- 1
            high = 0
        } else {
            high &= (1 &<< UInt64((count &- 8) &* 8)) &- 1
        }
        var hash = (low ^ (high &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(count)) &* 0xBF58_476D_1CE4_E5B9
        hash ^= hash >> 29
        let slot = slots + Int(truncatingIfNeeded: hash & UInt64(Self.slotCount - 1))
        if slot.pointee.low == low, slot.pointee.high == high, slot.pointee.count == count {
            return slot.pointee.string
        }
        let string = String(decoding: bytes, as: UTF8.self)
        slot.pointee = Slot(low: low, high: high, count: count, string: string)
        return string
    }

    /// Frees the table; the cache must not be used afterwards.
    func deallocate() {
        slots.deinitialize(count: Self.slotCount)
        slots.deallocate()
    }
}

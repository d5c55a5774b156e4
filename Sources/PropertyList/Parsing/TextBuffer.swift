/// A growable byte buffer reused for the text of every element, without the per-call overhead of
/// `Array` (uniqueness checks, range replacement). Its owner must call ``deallocate()`` once.
///
/// Its storage is always initialized and at least 16 bytes long, so that 16 bytes may be read from
/// its start whatever the count (``ShortStringCache`` reads two words at once).
struct TextBuffer {
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The number of bytes held.
    private(set) var count = 0

    init(capacity: Int = 4096) {
        self.capacity = max(capacity, 16)
        start = .allocate(capacity: self.capacity)
        start.initialize(repeating: 0, count: self.capacity)
    }

    /// The bytes held, valid until the next mutation.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: count) }

    /// Forgets the contents, keeping the storage.
    mutating func removeAll() { count = 0 }

    /// Appends bytes, growing the storage geometrically.
    mutating func append(_ source: UnsafePointer<UInt8>, count added: Int) {
        if count + added > capacity {
            let newCapacity = max(capacity * 2, count + added)
            let newStart = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
            newStart.initialize(from: start, count: count)
            (newStart + count).initialize(repeating: 0, count: newCapacity - count)
            start.deallocate()
            start = newStart
            capacity = newCapacity
        }
        (start + count).update(from: source, count: added)
        count += added
    }

    /// Frees the storage; the buffer must not be used afterwards.
    func deallocate() { start.deallocate() }
}

/// A stack that moves its elements in and out instead of copying them, so that building a
/// container from its children costs no reference counting. Its owner must call ``release()``
/// once, which destroys whatever is left (after an error).
struct MoveStack<Element> {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// The number of elements held.
    private(set) var count = 0

    @inline(__always) init(capacity: Int = 256) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    /// The top element, copied.
    var last: Element? { count > 0 ? base[count - 1] : nil }

    /// The element at `index`, read or changed in place.
    @inline(__always) subscript(index: Int) -> Element {
        unsafeAddress { UnsafePointer(base + index) }
        nonmutating unsafeMutableAddress { base + index }
    }

    /// Whether the stack is empty.
    var isEmpty: Bool { count == 0 }

    /// Moves an element onto the stack.
    @inline(__always) mutating func push(_ element: Element) {
        if count == capacity {
            let newCapacity = capacity * 2
            let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
            newBase.moveInitialize(from: base, count: count)
            base.deallocate()
            base = newBase
            capacity = newCapacity
        }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Moves the top element off the stack.
    @inline(__always) mutating func popLast() -> Element? {
        guard count > 0 else { return nil }
        count -= 1
        return (base + count).move()
    }

    /// Moves the elements from `start` to the top into an array, in order.
    @inline(__always) mutating func take(from start: Int) -> [Element] {
        let taken = count - start
        guard taken > 0 else { return [] }
        let source = base + start
        count = start
        return [Element](unsafeUninitializedCapacity: taken) { buffer, initialized in
            buffer.baseAddress!.moveInitialize(from: source, count: taken)
            initialized = taken
        }
    }

    /// Destroys the remaining elements and frees the storage; the stack must not be used afterwards.
    func release() {
        base.deinitialize(count: count)
        base.deallocate()
    }
}

/// A list that holds its first element inline and allocates only for a second one: a group
/// commit's completions, usually one.
struct SmallList<Element> {
    private var first: Element?
    private var rest: [Element] = []

    init() {}

    mutating func append(_ element: Element) {
        if first == nil {
            first = element
        } else {
            rest.append(element)
        }
    }

    /// Removes the element appended last and returns it (`nil` when the list is empty).
    mutating func removeLast() -> Element? {
        if let last = rest.popLast() { return last }
        defer { first = nil }
        return first
    }

    /// Calls `body` on every element, in the order they were appended.
    func forEach(_ body: (Element) -> Void) {
        guard let first else { return }
        body(first)
        for element in rest { body(element) }
    }
}

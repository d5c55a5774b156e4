extension Collection {
    /// Calls `body` on each element in the order `areInIncreasingOrder` gives, without the sorted
    /// array a sort makes when there is at most one element (the usual case on the commit path:
    /// one finish mark, one credit).
    func forEachInOrder(by areInIncreasingOrder: (Element, Element) -> Bool, _ body: (Element) -> Void) {
        if count <= 1 {
            for element in self { body(element) }
        } else {
            for element in sorted(by: areInIncreasingOrder) { body(element) }
        }
    }
}

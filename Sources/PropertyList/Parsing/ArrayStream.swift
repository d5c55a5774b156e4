/// Hands the elements of one top-level array to a consumer as they end, instead of keeping them in
/// the tree: the array of the root dictionary's entry named ``key``.
///
/// This lets a caller turn each element into its own value and drop it, so that the whole tree
/// never exists at once. In the tree the parse returns, a streamed array is empty.
package struct ArrayStream {
    /// One streamed element.
    package struct Element {
        /// The element, which the consumer now owns.
        package var node: PropertyListNode
        /// Where the array holding the element starts (distinguishes a repeated key's arrays).
        package var arrayLocation: SourceLocation
        /// For the first element of an array only: the root dictionary's entries read before the
        /// array, in document order.
        package var precedingEntries: [PropertyListEntry]?
    }

    /// The root dictionary key whose array value is streamed.
    package var key: String
    /// Receives each element, in document order.
    package var consume: (Element) -> Void

    /// Streams the array under `key` to `consume`.
    package init(key: String, consume: @escaping (Element) -> Void) {
        self.key = key
        self.consume = consume
    }
}

import Foundation

/// Turns every lone CR (one not followed by LF) into LF across the chunks of a document, for
/// libxml2, which counts lines by LF only while XML reads a lone CR as a line break.
///
/// A CR that ends a chunk is held back until the next chunk shows whether LF follows it. Chunks
/// without any CR pass through untouched; the others are copied (old Mac-style files are rare).
struct LineBreakNormalizer {
    /// A CR ended the previous chunk and has not been handed on yet.
    private var heldCarriageReturn = false

    /// Whether `bytes` must go through ``normalize(_:into:)`` (it holds a CR, or one is held back).
    func isNeeded(for bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return heldCarriageReturn }
        return heldCarriageReturn || memchr(base, 0x0D, bytes.count) != nil
    }

    /// Hands `bytes` on with lone CRs made LF, holding back a final CR.
    mutating func normalize(_ bytes: UnsafeRawBufferPointer, into sink: (UnsafeRawBufferPointer) -> Void) {
        var copy = [UInt8]()
        copy.reserveCapacity(bytes.count + 1)
        if heldCarriageReturn { copy.append(0x0D) }
        copy.append(contentsOf: bytes)
        heldCarriageReturn = copy.last == 0x0D
        if heldCarriageReturn { copy.removeLast() }
        for index in copy.indices where copy[index] == 0x0D {
            if index + 1 == copy.count || copy[index + 1] != 0x0A { copy[index] = 0x0A }
        }
        copy.withUnsafeBytes(sink)
    }

    /// Hands on a CR held back at the end of the document, which is lone.
    mutating func finish(into sink: (UnsafeRawBufferPointer) -> Void) {
        guard heldCarriageReturn else { return }
        heldCarriageReturn = false
        let lineFeed: [UInt8] = [0x0A]
        lineFeed.withUnsafeBytes(sink)
    }
}

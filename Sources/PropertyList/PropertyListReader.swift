public import Foundation

/// A secure reader of XML property lists, built on libxml2's streaming SAX2 interface.
///
/// The reader accepts every XML property-list type (including bare roots without `<plist>` and
/// `CF$UID` references), in UTF-8, UTF-16 or UTF-32, and behaves like Foundation's
/// `PropertyListSerialization` where it is lenient (integer white space and signs, hexadecimal
/// integers, `inf`/`nan` in any case). Every value keeps the line and column of its opening tag.
///
/// It treats every document as untrusted: it never touches the network, never loads a DTD or an
/// external entity, refuses entity and other DTD declarations, and bounds nesting depth and
/// document size (``Limits``). Whatever the input, it returns a value or throws a positioned
/// ``PropertyListError``; it does not crash or hang.
public struct PropertyListReader: Sendable {
    /// Bounds on what a document may demand.
    public struct Limits: Sendable, Equatable {
        /// The deepest nesting of elements allowed, `<plist>` not counted (a root value is depth 1).
        /// Values above ``PropertyListReader/depthCeiling`` act as that ceiling.
        public var maximumDepth: Int
        /// The largest document accepted, in bytes; checked before parsing begins.
        public var maximumDocumentSize: Int

        /// Creates limits; the defaults are 512 levels and 64 MiB.
        public init(maximumDepth: Int = 512, maximumDocumentSize: Int = 64 * 1024 * 1024) {
            self.maximumDepth = maximumDepth
            self.maximumDocumentSize = maximumDocumentSize
        }
    }

    /// The deepest nesting any reader accepts, whatever its limits say: 1024 levels. Destroying
    /// (and walking) a value tree recurses once per level, and a tree much deeper than this can
    /// overflow a 512 KiB thread stack.
    public static let depthCeiling = 1024

    /// The limits every read enforces.
    public var limits: Limits

    /// Creates a reader with the given limits.
    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Reads a property list from the bytes of an XML document.
    ///
    /// - Parameters:
    ///   - data: The document, in any encoding libxml2 knows (UTF-8 when undeclared).
    ///   - path: The file the bytes came from, for error messages.
    /// - Returns: The root value, with source locations throughout.
    /// - Throws: ``PropertyListError`` with the line and column of the first problem.
    public func read(_ data: Data, path: String? = nil) throws(PropertyListError) -> PropertyListNode {
        try read(data, path: path, stream: nil)
    }

    /// Reads a property list from the bytes of an XML document, handing the elements of one top-level
    /// array to `stream` as they are read instead of keeping them (that array is empty in the result).
    package func read(_ data: Data, path: String? = nil, stream: ArrayStream?) throws(PropertyListError)
        -> PropertyListNode
    {
        let start = SourceLocation(line: 1, column: 1)
        guard data.count <= limits.maximumDocumentSize else {
            throw PropertyListError(
                .refused, .documentTooLarge(size: data.count, limit: limits.maximumDocumentSize), path: path, at: start)
        }
        guard !data.isEmpty else {
            throw PropertyListError(.malformedXML, .emptyDocument, path: path, at: start)
        }
        let result = data.withUnsafeBytes { bytes in
            SAXParser.parse(
                bytes, path: path, maximumDepth: min(max(limits.maximumDepth, 0), Self.depthCeiling), stream: stream)
        }
        return try result.get()
    }

    /// Reads a property list from a file, refusing it before reading when it exceeds
    /// ``Limits/maximumDocumentSize`` (and while reading, should it grow past it). The path may name
    /// a pipe or a device (`/dev/stdin`, a process substitution): they are read within the same
    /// limit, and reading waits for a pipe's writer as Unix programs do.
    ///
    /// The file is read in chunks as the parser consumes them, so that its bytes are never all in
    /// memory next to the value tree.
    ///
    /// - Throws: ``PropertyListError`` of kind `.io` when the file cannot be read, or any error of
    ///   ``read(_:path:)``.
    public func read(contentsOfFile path: String) throws(PropertyListError) -> PropertyListNode {
        try read(contentsOfFile: path, stream: nil)
    }

    /// Reads a property list from a file that must be a regular file, as ``read(contentsOfFile:)``
    /// does, for the files a program finds by itself rather than is given: a FIFO, a device or a
    /// socket at `path` is refused (kind `.io`, ``PropertyListError/Reason/notRegularFile``) without
    /// waiting for a writer.
    public func read(contentsOfRegularFile path: String) throws(PropertyListError) -> PropertyListNode {
        try read(contentsOfFile: path, requiringRegularFile: true, stream: nil)
    }

    /// Reads a property list from a file, handing the elements of one top-level array to `stream` as
    /// they are read instead of keeping them (that array is empty in the result).
    package func read(contentsOfFile path: String, requiringRegularFile: Bool = false, stream: ArrayStream?)
        throws(PropertyListError) -> PropertyListNode
    {
        let file = try BoundedInput(
            contentsOfFile: path, limit: limits.maximumDocumentSize, requiringRegularFile: requiringRegularFile)
        defer { file.close() }
        var input = DocumentInput(file)
        defer { input.release() }
        let result = SAXParser.parse(
            &input, path: path, maximumDepth: min(max(limits.maximumDepth, 0), Self.depthCeiling), stream: stream)
        return try result.get()
    }
}

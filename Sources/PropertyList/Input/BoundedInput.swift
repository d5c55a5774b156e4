import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An input read a chunk at a time within a limit on its size: a regular file, a device, a pipe or
/// standard input, all alike.
///
/// It is the one way the package's readers of untrusted bytes take them in, so that an endless input
/// (`/dev/zero`, a pipe whose writer never stops) costs at most `limit + 1` bytes: reading asks for
/// no more than one byte past the limit, and an input that has that byte is refused with a
/// ``PropertyListError`` of kind ``PropertyListError/Kind/refused`` that names the limit. A regular
/// file whose size already exceeds the limit is refused before a byte is read. Reading retries after
/// a signal (`EINTR`) and reports any other failure as kind ``PropertyListError/Kind/io`` with the
/// system's error number. Every error names the path given and sits at line 1, column 1.
package struct BoundedInput {
    /// The open descriptor read from.
    package let descriptor: Int32
    /// The path errors name (`<stdin>` for standard input), or `nil`.
    package let path: String?
    /// The most bytes accepted.
    package let limit: Int
    /// Whether the input is a regular file (its size was checked against the limit when opened).
    package let isRegularFile: Bool
    /// The size a regular file had when opened; 0 for other inputs.
    package let initialSize: Int
    /// Whether ``close()`` closes the descriptor (it was opened here).
    private let ownsDescriptor: Bool
    /// How many bytes were read so far.
    package private(set) var count = 0

    /// Opens the file at `path` for reading.
    ///
    /// - Parameter requiringRegularFile: when `true`, the file is opened without waiting for a writer
    ///   and refused unless it is a regular file (``PropertyListError/Reason/notRegularFile``): a
    ///   file a program finds by itself must never make it wait on a FIFO or read a device. A path
    ///   a person gives may name a pipe or a device; then `false`.
    /// - Throws: kind `.io` when the file cannot be opened, is a folder, or is not a regular file
    ///   when one is required; kind `.refused` when a regular file is larger than `limit`.
    package init(contentsOfFile path: String, limit: Int, requiringRegularFile: Bool = false)
        throws(PropertyListError)
    {
        let flags = O_RDONLY | O_CLOEXEC | O_NOCTTY | (requiringRegularFile ? O_NONBLOCK : 0)
        let descriptor = open(path, flags)
        guard descriptor >= 0 else {
            throw PropertyListError(.io, .fileNotReadable, path: path, at: SourceLocation(line: 1, column: 1))
        }
        let file: (isRegular: Bool, size: Int)
        do throws(PropertyListError) {
            file = try Self.examine(descriptor, path: path, limit: limit)
            if requiringRegularFile && !file.isRegular { throw Self.error(.io, .notRegularFile, path: path) }
        } catch {
            closeDescriptor(descriptor)
            throw error
        }
        if requiringRegularFile {
            // Reads of a regular file never wait; the flag is cleared only to leave a plain descriptor.
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        }
        self.init(descriptor: descriptor, path: path, limit: limit, file: file, owned: true)
    }

    /// Reads from `descriptor`, an input opened by someone else (standard input is
    /// `STDIN_FILENO`), who closes it.
    ///
    /// - Throws: kind `.io` when the descriptor names a folder or cannot be examined; kind
    ///   `.refused` when it is a regular file larger than `limit`.
    package init(descriptor: Int32, path: String?, limit: Int) throws(PropertyListError) {
        let file = try Self.examine(descriptor, path: path, limit: limit)
        self.init(descriptor: descriptor, path: path, limit: limit, file: file, owned: false)
    }

    private init(descriptor: Int32, path: String?, limit: Int, file: (isRegular: Bool, size: Int), owned: Bool) {
        self.descriptor = descriptor
        self.path = path
        self.limit = limit
        self.isRegularFile = file.isRegular
        self.initialSize = file.size
        self.ownsDescriptor = owned
    }

    /// Whether `descriptor` is a regular file, and its size; refuses a folder and a regular file
    /// larger than `limit`.
    private static func examine(_ descriptor: Int32, path: String?, limit: Int) throws(PropertyListError)
        -> (isRegular: Bool, size: Int)
    {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw systemError(errno, path: path) }
        let type = status.st_mode & S_IFMT
        if type == S_IFDIR { throw error(.io, .fileIsFolder, path: path) }
        let size = type == S_IFREG ? Int(status.st_size) : 0
        if size > limit { throw error(.refused, .fileTooLarge(size: size, limit: limit), path: path) }
        return (type == S_IFREG, size)
    }

    /// Closes the descriptor if it was opened by ``init(contentsOfFile:limit:requiringRegularFile:)``;
    /// the input must not be read afterwards.
    package func close() {
        if ownsDescriptor { closeDescriptor(descriptor) }
    }

    /// Reads the next bytes into `buffer`, filling it unless the input ends first.
    ///
    /// - Returns: how many bytes were read; 0 only at the end of the input.
    /// - Throws: kind `.refused` once the input has more than ``limit`` bytes
    ///   (``PropertyListError/Reason/fileGrewPastLimit(limit:)`` for a regular file,
    ///   ``PropertyListError/Reason/inputTooLarge(limit:)`` for anything else); kind `.io` when
    ///   reading fails.
    package mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(PropertyListError) -> Int {
        var filled = 0
        while filled < buffer.count {
            // Never more than one byte past the limit: that byte is enough to refuse the input.
            // (`count` is at most `limit` here, and `limit` may be `Int.max`: no `limit + 1`.)
            let room = buffer.count - filled
            let wanted = limit - count < room ? limit - count + 1 : room
            let got = readDescriptor(descriptor, buffer.baseAddress! + filled, wanted)
            if got == 0 { break }
            if got < 0 {
                if errno == EINTR { continue }
                throw Self.systemError(errno, path: path)
            }
            filled += got
            count += got
            if count > limit {
                let reason: PropertyListError.Reason =
                    isRegularFile ? .fileGrewPastLimit(limit: limit) : .inputTooLarge(limit: limit)
                throw Self.error(.refused, reason, path: path)
            }
        }
        return filled
    }

    /// Reads the rest of the input.
    ///
    /// - Throws: as ``read(into:)``.
    package mutating func readToEnd() throws(PropertyListError) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(isRegularFile ? initialSize : 0)
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkSize, alignment: 16)
        defer { chunk.deallocate() }
        while true {
            let got = try read(into: chunk)
            if got == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<got])
        }
    }

    /// Bytes per read of ``readToEnd()``.
    package static let chunkSize = 256 * 1024

    /// Every byte of the file at `path`, within `limit`; see
    /// ``init(contentsOfFile:limit:requiringRegularFile:)`` and ``read(into:)`` for what it throws.
    package static func contents(ofFile path: String, limit: Int, requiringRegularFile: Bool = false)
        throws(PropertyListError) -> [UInt8]
    {
        var input = try BoundedInput(contentsOfFile: path, limit: limit, requiringRegularFile: requiringRegularFile)
        defer { input.close() }
        return try input.readToEnd()
    }

    /// Every byte left on `descriptor` (which stays open), within `limit`; errors name `path`.
    package static func contents(ofDescriptor descriptor: Int32, path: String?, limit: Int)
        throws(PropertyListError) -> [UInt8]
    {
        var input = try BoundedInput(descriptor: descriptor, path: path, limit: limit)
        return try input.readToEnd()
    }

    private static func error(_ kind: PropertyListError.Kind, _ reason: PropertyListError.Reason, path: String?)
        -> PropertyListError
    {
        PropertyListError(kind, reason, path: path, at: SourceLocation(line: 1, column: 1))
    }

    private static func systemError(_ number: Int32, path: String?) -> PropertyListError {
        error(.io, .readFailed(errorNumber: number, description: String(cString: strerror(number))), path: path)
    }
}

// The system calls under names the methods above do not shadow.
private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}

private func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

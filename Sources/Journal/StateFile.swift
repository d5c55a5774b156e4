import Glibc

/// Opens and reads files of a state folder the way a ``Journal`` opens its own, for the other
/// modules of this package that keep files beside a journal (a simulated store's receipt key).
///
/// Guarantees: a symbolic link at the name is never followed, only a regular file is opened (a
/// FIFO or a device put at the name can neither block the open nor be read), a file created is
/// created with mode 0600, no descriptor is left open on failure, and every failure is a
/// ``JournalError`` naming the file: ``JournalError/Code/notRegularFile`` for a link or a special
/// file, ``JournalError/Code/io`` (with its `errno`) for a failed system call.
package enum StateFile {
    /// Opens `path` with `flags` (`O_RDONLY`, `O_RDWR`, `O_CREAT`...; `O_NOFOLLOW` and `O_CLOEXEC`
    /// are added), checking that it is a regular file.
    ///
    /// - Returns: the descriptor (close it with `close(2)`), or `nil` when the file does not exist
    ///   and `missingIsNil` is set.
    package static func open(_ path: String, flags: Int32, missingIsNil: Bool = false) throws(JournalError) -> Int32? {
        try SystemFile.open(path, flags: flags, missingIsNil: missingIsNil)
    }

    /// The whole content of the regular file at `path`, read with the guarantees above.
    ///
    /// - Parameter limit: the most bytes the file may hold; a longer one is refused with
    ///   ``JournalError/Code/corrupt`` and not read.
    /// - Returns: the bytes, or `nil` when the file does not exist.
    package static func contents(of path: String, limit: Int) throws(JournalError) -> [UInt8]? {
        guard let fd = try SystemFile.open(path, flags: O_RDONLY, missingIsNil: true) else { return nil }
        defer { SystemFile.close(fd) }
        let size = try SystemFile.size(fd, path: path)
        guard size <= Int64(limit) else {
            throw JournalError(
                .corrupt, path: path, message: "the file holds \(size) bytes, more than the \(limit) it may hold")
        }
        // One byte more than the limit tells a file that grew meanwhile.
        let bytes = try SystemFile.readBytes(fd, count: limit + 1, at: 0, path: path)
        guard bytes.count <= limit else {
            throw JournalError(
                .corrupt, path: path, message: "the file grew past the \(limit) bytes it may hold while it was read")
        }
        return bytes
    }
}

import Foundation
import Glibc

// Reading, writing and syncing bytes at given offsets, retrying what a signal interrupted.
extension SystemFile {
    /// Reads up to `count` bytes at `offset`; fewer only at the end of the file.
    static func read(
        _ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int64, path: String
    ) throws(JournalError) -> Int {
        var done = 0
        while done < count {
            let result = pread(fd, buffer + done, count - done, off_t(offset) + off_t(done))
            if result < 0 {
                if errno == EINTR { continue }
                throw ioError("read", path: path, errno: errno)
            }
            if result == 0 { break }
            done += result
        }
        return done
    }

    /// Reads exactly `count` bytes at `offset` into a new array, or fewer at the end of the file.
    static func readBytes(_ fd: Int32, count: Int, at offset: Int64, path: String) throws(JournalError) -> [UInt8] {
        guard count > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        var readCount = 0
        var failure: JournalError?
        bytes.withUnsafeMutableBytes { raw in
            do throws(JournalError) {
                readCount = try read(fd, into: raw.baseAddress!, count: count, at: offset, path: path)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        bytes.removeLast(count - readCount)
        return bytes
    }

    /// Reads up to `count` bytes at `offset` into a new `Data`, fewer only at the end of the file.
    /// Its memory is asked of the system before anything is read: when the system refuses, the
    /// failure is a ``JournalError`` (``JournalError/Code/io``, `ENOMEM`), never a crash.
    static func readData(_ fd: Int32, count: Int, at offset: Int64, path: String) throws(JournalError) -> Data {
        guard count > 0 else { return Data() }
        guard let memory = malloc(count) else {
            throw ioError(
                "reading \(count) bytes", path: path, errno: ENOMEM,
                advice: "there is not enough memory to hold them; free memory or move the file away")
        }
        let got: Int
        do {
            got = try read(fd, into: memory, count: count, at: offset, path: path)
        } catch {
            free(memory)
            throw error
        }
        return Data(bytesNoCopy: memory, count: got, deallocator: .free)
    }

    /// Writes all of `bytes` at `offset`.
    static func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int64, path: String) throws(JournalError)
    {
        var done = 0
        while done < bytes.count {
            let result = pwrite(fd, bytes.baseAddress! + done, bytes.count - done, off_t(offset) + off_t(done))
            if result < 0 {
                if errno == EINTR { continue }
                throw ioError("write", path: path, errno: errno)
            }
            done += result
        }
    }

    static func write(_ fd: Int32, _ bytes: [UInt8], at offset: Int64, path: String) throws(JournalError) {
        var failure: JournalError?
        bytes.withUnsafeBytes { raw in
            do throws(JournalError) { try write(fd, raw, at: offset, path: path) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Writes zeros over `[start, end)`, growing the file when `end` is past its end.
    ///
    /// It writes 64 KiB at a time, not more: the page cache sizes the folios it creates by the
    /// write that creates them, and the journal's later small writes into a folio cost time per
    /// block of the folio. Measured here (ext4, Linux 6.18): a 111-byte `pwrite` into zeros written
    /// in 1 MiB pieces took 1.75 µs, into zeros written in 64 KiB pieces 0.5 µs.
    static func writeZeros(_ fd: Int32, from start: Int64, to end: Int64, path: String) throws(JournalError) {
        guard end > start else { return }
        let piece = Int(min(end - start, 64 << 10))
        let zeros = UnsafeMutableRawBufferPointer.allocate(byteCount: piece, alignment: 16)
        defer { zeros.deallocate() }
        zeros.initializeMemory(as: UInt8.self, repeating: 0)
        var offset = start
        while offset < end {
            let count = Int(min(end - offset, Int64(piece)))
            try write(fd, UnsafeRawBufferPointer(rebasing: zeros[0..<count]), at: offset, path: path)
            offset += Int64(count)
        }
    }

    /// Makes the file's data (and its size) durable.
    static func syncData(_ fd: Int32, path: String) throws(JournalError) {
        while fdatasync(fd) != 0 {
            if errno == EINTR { continue }
            throw ioError("fdatasync", path: path, errno: errno, advice: "the journal stops; reopen it")
        }
    }

    /// Makes the file's data and metadata durable.
    static func sync(_ fd: Int32, path: String) throws(JournalError) {
        while fsync(fd) != 0 {
            if errno == EINTR { continue }
            throw ioError("fsync", path: path, errno: errno, advice: "the journal stops; reopen it")
        }
    }

    static func truncate(_ fd: Int32, to size: Int64, path: String) throws(JournalError) {
        while ftruncate(fd, off_t(size)) != 0 {
            if errno == EINTR { continue }
            throw ioError("truncate", path: path, errno: errno)
        }
    }
}

import Dispatch
import Foundation
import Glibc

/// libFuzzer entry point: opens a journal whose files are made from the input and checks the
/// journal's promises about damaged files.
///
/// Compiled together with the Journal sources (see `Fuzz/run-journal.sh`), so it builds files with
/// the journal's own encoders. The first input byte picks what the rest becomes:
/// - 0: the whole log file, as is;
/// - 1: a valid log header (format 2), then the bytes as frames and zeros;
/// - 2: a valid log of a few frames with the bytes written over it at an offset taken from the input;
/// - 3: a valid snapshot header and the bytes as its payload, beside a valid empty log;
/// - 4: as 2, beside a lock file whose acknowledged end says the four frames were acknowledged;
/// - 5: a valid log of a few frames, then a hole (a sparse file's part that takes no space and
///   reads as zeros; its length, up to 4 MiB, taken from the input), the bytes, and a hole as long;
/// - 6: a valid empty log beside a valid snapshot whose payload is the bytes, a hole as long as the
///   input chooses (up to 4 MiB) and the bytes again: its checksum, computed with the hole folded
///   in, must match (the open may not say `corrupt`).
///
/// Whatever the files hold, a read-only open changes no file (the lock file included, even its
/// existence) and comes to the same as a writing open: the same error code, or the same state.
/// Opening either throws a `JournalError` that names a file (and the files are left exactly as
/// they were when it is `corrupt`, `unsupportedVersion` or `recordsLost`), or succeeds, with every
/// acknowledged record; a journal that opened takes a commit, and reopening it gives the same
/// state plus that commit.
@_cdecl("LLVMFuzzerTestOneInput")
public func journalFuzzTarget(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start, count > 0 else { return 0 }
    let input = Array(UnsafeBufferPointer(start: start, count: count))
    let directory = "/dev/shm/journal-fuzz-\(getpid())"
    _ = try? FileManager.default.removeItem(atPath: directory)
    try! FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { _ = try? FileManager.default.removeItem(atPath: directory) }
    let log = directory + "/fuzz.log"
    let body = Array(input.dropFirst())
    switch input[0] % 7 {
    case 0:
        write(body, to: log)
    case 1:
        write(LogFormat.encode(LogFormat.LogHeader(generation: 1, baseSequence: 0)) + body + zeros(64), to: log)
    case 2:
        var bytes = validLog(frames: 4)
        let offset = body.count >= 2 ? (Int(body[0]) | Int(body[1]) << 8) % max(1, bytes.count) : 0
        for (index, byte) in body.dropFirst(2).enumerated() where offset + index < bytes.count {
            bytes[offset + index] = byte
        }
        write(bytes, to: log)
    case 3:
        write(LogFormat.encodeSnapshot(Data(body), generation: 1, lastSequence: 0), to: directory + "/fuzz.snapshot")
        write(LogFormat.encode(LogFormat.LogHeader(generation: 2, baseSequence: 0)) + zeros(64), to: log)
    case 5:
        let valid = validLog(frames: 4)
        let hole = holeLength(body)
        let bytes = Array(body.dropFirst(3))
        write(valid, to: log)
        writeSparse([(bytes, valid.count + hole)], size: valid.count + hole + bytes.count + hole, to: log)
    case 6:
        let hole = holeLength(body)
        let bytes = Array(body.dropFirst(3))
        let payload = bytes + zeros(hole) + bytes
        let snapshot = LogFormat.encodeSnapshot(Data(payload), generation: 1, lastSequence: 0)
        let headerAndBytes = Array(snapshot.prefix(LogFormat.snapshotHeaderSize + bytes.count))
        writeSparse(
            [(headerAndBytes, 0), (bytes, snapshot.count - bytes.count)], size: snapshot.count,
            to: directory + "/fuzz.snapshot")
        write(LogFormat.encode(LogFormat.LogHeader(generation: 2, baseSequence: 0)) + zeros(64), to: log)
        let options = JournalOptions(compactionThreshold: nil, lockTimeout: .seconds(5), readOnly: true)
        do {
            try Journal<FuzzState>.open(directory: URL(fileURLWithPath: directory), name: "fuzz", options: options)
                .close()
        } catch {
            precondition(error.code != .corrupt, "a valid snapshot with a hole was refused: \(error)")
        }
    default:
        let valid = validLog(frames: 4)
        var bytes = valid
        let offset = body.count >= 2 ? (Int(body[0]) | Int(body[1]) << 8) % max(1, bytes.count) : 0
        for (index, byte) in body.dropFirst(2).enumerated() where offset + index < bytes.count {
            bytes[offset + index] = byte
        }
        write(bytes, to: log)
        var lock = zeros(4096)
        let end = Int64(valid.count - 128)
        lock.withUnsafeMutableBytes { page in
            AcknowledgedEnd(generation: 1, end: end, sequence: 4).store(in: page.baseAddress!)
        }
        write(lock, to: directory + "/fuzz.lock")
        check(directory: directory, acknowledged: 4)
        return 0
    }
    check(directory: directory, acknowledged: 0)
    return 0
}

/// The state of the fuzzed journals: counts records; a record starting with 0xEE is refused.
struct FuzzState: JournalState {
    var count = 0

    init() {}

    init(snapshot: Data) throws {
        guard snapshot.count == 8 else { throw FuzzError() }
        count = snapshot.withUnsafeBytes { Int(Int64(littleEndian: $0.loadUnaligned(as: Int64.self))) }
    }

    mutating func apply(_ record: Data) throws {
        if record.first == 0xEE { throw FuzzError() }
        count &+= 1
    }

    func snapshot() throws -> Data {
        withUnsafeBytes(of: Int64(count).littleEndian) { Data($0) }
    }
}

struct FuzzError: Error {}

private func zeros(_ count: Int) -> [UInt8] { [UInt8](repeating: 0, count: count) }

private func write(_ bytes: [UInt8], to path: String) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    precondition(fd >= 0, "cannot create \(path)")
    defer { close(fd) }
    bytes.withUnsafeBytes { precondition(Glibc.write(fd, $0.baseAddress, $0.count) == $0.count) }
}

/// The length of the hole shapes 5 and 6 make, from the first three bytes of `body`: up to 4 MiB,
/// as long as the journal's largest read of frames and longer than the pieces (1 MiB) it reads a
/// file in otherwise.
private func holeLength(_ body: [UInt8]) -> Int {
    body.count >= 3 ? (Int(body[0]) | Int(body[1]) << 8 | Int(body[2]) << 16) & 0x3F_FFFF : 0
}

/// Writes each of `pieces` at its offset in `path` (created when missing) and makes the file `size`
/// bytes long: what is not written is a hole.
private func writeSparse(_ pieces: [([UInt8], Int)], size: Int, to path: String) {
    let fd = open(path, O_WRONLY | O_CREAT, 0o644)
    precondition(fd >= 0, "cannot create \(path)")
    defer { close(fd) }
    for (bytes, offset) in pieces {
        bytes.withUnsafeBytes { precondition(pwrite(fd, $0.baseAddress, $0.count, off_t(offset)) == $0.count) }
    }
    precondition(ftruncate(fd, off_t(size)) == 0)
}

/// A format 2 log of `frames` one-record frames, followed by zeros.
private func validLog(frames: Int) -> [UInt8] {
    var bytes = LogFormat.encode(LogFormat.LogHeader(generation: 1, baseSequence: 0))
    for sequence in 1...UInt64(frames) {
        var buffer: [UInt8] = []
        var frame = FrameBuilder(reusing: &buffer, after: sequence - 1)
        frame.append(Data("record \(sequence)".utf8), of: FuzzState.self)
        frame.finish()
        bytes += frame.bytes
    }
    return bytes + zeros(128)
}

/// Runs `body` to completion from this (non-async) thread.
private func blocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) -> Result<T, any Error> {
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var result: Result<T, any Error>?
    Task {
        do { result = .success(try await body()) } catch { result = .failure(error) }
        done.signal()
    }
    done.wait()
    return result!
}

/// A file's bytes, compared with `memcmp`: a comparison compiled into the target is instrumented byte
/// by byte, and files with holes of megabytes made it most of the run.
private struct FileBytes: Equatable {
    var bytes: [UInt8]

    static func == (lhs: FileBytes, rhs: FileBytes) -> Bool {
        guard lhs.bytes.count == rhs.bytes.count else { return false }
        guard !lhs.bytes.isEmpty else { return true }
        return lhs.bytes.withUnsafeBytes { left in
            rhs.bytes.withUnsafeBytes { right in memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0 }
        }
    }
}

/// Every file of the directory (but the lock, unless `lock`), read with plain POSIX calls (Foundation's
/// `FileManager.contents(atPath:)` leaks a buffer for an empty file, which LeakSanitizer reports).
private func files(in directory: String, lock: Bool = false) -> [String: FileBytes] {
    var contents: [String: FileBytes] = [:]
    for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    where lock || !name.hasSuffix(".lock") {
        let fd = open(directory + "/" + name, O_RDONLY)
        guard fd >= 0 else { continue }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { continue }
        // One buffer of the file's size, filled in place: appending chunks copied megabytes of holes
        // again at every growth.
        let bytes = [UInt8](unsafeUninitializedCapacity: Int(status.st_size)) { buffer, count in
            count = 0
            while count < buffer.count {
                let got = pread(fd, buffer.baseAddress! + count, buffer.count - count, off_t(count))
                if got <= 0 { break }
                count += got
            }
        }
        contents[name] = FileBytes(bytes: bytes)
    }
    return contents
}

/// What opening came to: the state's record count, or the error's code.
private enum Opening: Equatable {
    case opened(Int)
    case refused(String)
}

/// Opens read-only, reads the state and closes.
private func openReadOnly(_ url: URL) -> Opening {
    let options = JournalOptions(compactionThreshold: nil, lockTimeout: .seconds(5), readOnly: true)
    do {
        let journal = try Journal<FuzzState>.open(directory: url, name: "fuzz", options: options)
        defer { journal.close() }
        switch blocking({ try await journal.currentState() }) {
        case .success(let state): return .opened(state.count)
        case .failure(let error): return .refused("read: \(error)")
        }
    } catch {
        precondition(!error.path.isEmpty, "an error without a file: \(error)")
        return .refused(error.code.description)
    }
}

private func check(directory: String, acknowledged: Int) {
    let url = URL(fileURLWithPath: directory)
    let everything = files(in: directory, lock: true)
    let read = openReadOnly(url)
    precondition(files(in: directory, lock: true) == everything, "a read-only open changed the files")
    let before = files(in: directory)
    let options = JournalOptions(compactionThreshold: nil, lockTimeout: .seconds(5))
    let journal: Journal<FuzzState>
    do {
        journal = try Journal<FuzzState>.open(directory: url, name: "fuzz", options: options)
    } catch {
        precondition(!error.path.isEmpty, "an error without a file: \(error)")
        precondition(read == .refused(error.code.description), "read-only \(read), writing \(error)")
        if error.code == .corrupt || error.code == .unsupportedVersion || error.code == .recordsLost {
            precondition(files(in: directory) == before, "a refused journal was rewritten: \(error)")
            if acknowledged > 0 {
                precondition(files(in: directory, lock: true) == everything, "a refused open changed the lock")
            }
        }
        return
    }
    let opened = blocking { try await journal.currentState() }
    guard case .success(let current) = opened, read == .opened(current.count) else {
        preconditionFailure("read-only \(read), writing \(opened)")
    }
    // (A snapshot's count may be anything, negative too; shape 4 has none.)
    precondition(
        acknowledged == 0 || current.count >= acknowledged,
        "\(acknowledged - current.count) acknowledged record(s) were cut")
    let committed = blocking {
        try await journal.perform { state in (records: [Data("after".utf8)], result: state.count &+ 1) }
    }
    journal.close()
    guard case .success(let expected) = committed else {
        preconditionFailure("a journal that opened refused a commit: \(committed)")
    }
    let reopened: Journal<FuzzState>
    do {
        reopened = try Journal<FuzzState>.open(directory: url, name: "fuzz", options: options)
    } catch {
        preconditionFailure("a journal that opened and committed does not open again: \(error)")
    }
    let state = blocking { try await reopened.currentState() }
    reopened.close()
    guard case .success(let value) = state, value.count == expected else {
        preconditionFailure("reopened with \(state), expected \(expected) records")
    }
    precondition(reopened.recoveries.isEmpty, "the reopened journal cut a tail: \(reopened.recoveries)")
}

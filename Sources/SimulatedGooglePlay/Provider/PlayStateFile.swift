import Foundation
import PurchaseCore

#if canImport(Glibc)
    import Glibc
#endif

/// The file a simulated Play Store's ``PlayStoreState`` is kept in: `state.json` in a folder of its own.
///
/// Guarantees: ``write(_:)`` replaces the file whole or not at all. The new state is written to a
/// temporary file in the same folder, flushed to disk (`fsync`), renamed over `state.json`, and the
/// folder itself flushed, so after a crash the file holds either the state before or the state after.
/// ``read()`` never writes.
struct PlayStateFile: Sendable {
    /// The folder (`<state>/simulated-google-play/`).
    let directory: URL

    /// The state file.
    var url: URL { directory.appendingPathComponent("state.json") }

    /// The state kept in the folder, or `nil` when there is none yet.
    ///
    /// - Throws: `PurchaseError.Code.ledgerIOFailed` when the file is there but cannot be read or decoded.
    func read() throws(PurchaseError) -> PlayStoreState? {
        let data: Data
        do {
            guard FileManager.default.fileExists(atPath: url.path) else { return nil }
            data = try Data(contentsOf: url)
        } catch {
            throw PurchaseError(
                .ledgerIOFailed, detail: "the simulated Google Play's state \(url.path) cannot be read: \(error)",
                underlyingError: error)
        }
        do {
            return try JSONDecoder().decode(PlayStoreState.self, from: data)
        } catch {
            throw PurchaseError(
                .ledgerIOFailed, detail: "the simulated Google Play's state \(url.path) is damaged: \(error)",
                underlyingError: error)
        }
    }

    /// Writes `state` crash-safely (see the type's guarantees), making the folder when it is missing.
    ///
    /// - Throws: `PurchaseError.Code.ledgerIOFailed` when a step fails; the previous file is then intact.
    func write(_ state: PlayStoreState) throws(PurchaseError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data: Data
        do {
            data = try encoder.encode(state)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw failure("prepared", error)
        }
        let temporary = directory.appendingPathComponent("state.json.tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw failure("opened", errno) }
        var written = 0
        let complete = data.withUnsafeBytes { buffer -> Bool in
            // Bounded: each round writes at least one byte or stops.
            while written < buffer.count {
                let count = Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                written += count
            }
            return true
        }
        let writeError = errno
        guard complete, fsync(descriptor) == 0 else {
            close(descriptor)
            unlink(temporary.path)
            throw failure("written", complete ? errno : writeError)
        }
        close(descriptor)
        guard rename(temporary.path, url.path) == 0 else {
            let renameError = errno
            unlink(temporary.path)
            throw failure("renamed", renameError)
        }
        let folder = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { throw failure("synced", errno) }
        defer { close(folder) }
        guard fsync(folder) == 0 else { throw failure("synced", errno) }
    }

    private func failure(_ step: String, _ code: Int32) -> PurchaseError {
        PurchaseError(
            .ledgerIOFailed,
            detail:
                "the simulated Google Play's state \(url.path) could not be \(step): \(String(cString: strerror(code)))"
        )
    }

    private func failure(_ step: String, _ error: any Error) -> PurchaseError {
        PurchaseError(
            .ledgerIOFailed, detail: "the simulated Google Play's state \(url.path) could not be \(step): \(error)",
            underlyingError: error)
    }
}

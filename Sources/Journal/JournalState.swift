public import Foundation

/// The state machine a ``Journal`` keeps durable: an empty value, records applied one after
/// another, and a snapshot for compaction.
///
/// The journal knows nothing of what the records mean. It stores the encoding of the records a
/// ``Journal/perform(_:)`` body returns (and applies them to its state with ``apply(_:)``), and
/// rebuilds the state on open (and when another process has committed) by calling
/// ``init(snapshot:)`` on the latest snapshot, if any, then ``apply(bytes:)`` on every committed
/// record after it, in commit order.
///
/// ## Implementation requirements
/// - ``apply(_:)`` and ``apply(bytes:)`` are deterministic and agree: the same state and record
///   (or its encoding) always give the same new state. They
///   must not read the clock, a random source or anything outside the state and the record; put
///   such values into the record instead.
/// - `try State(snapshot: state.snapshot())` equals `state` as far as ``apply(_:)`` and the
///   owner's reads can tell.
/// - ``apply(_:)`` should throw only for a record it cannot understand (for instance one written by
///   a newer version of the owner). A throw while replaying fails the open with
///   ``JournalError/Code/stateRejected``; a throw while committing fails that commit and changes
///   nothing durable.
/// - A value type built from copy-on-write collections keeps commits cheap: the journal mutates its
///   one copy in place and hands bodies a copy that is only duplicated if the body mutates it.
public protocol JournalState: Sendable {
    /// What a ``Journal/perform(_:)`` body returns for the journal to commit: the bytes themselves
    /// (the default), or a value the state encodes with ``encode(_:)`` for the log.
    ///
    /// A typed record spares the committing process from decoding what it has just encoded: the
    /// journal applies the value with ``apply(_:)`` and writes its encoding; only replay decodes
    /// (``apply(bytes:)``).
    associatedtype Record: Sendable = Data

    /// The empty state, before any record.
    init()

    /// Rebuilds the state from bytes that ``snapshot()`` returned.
    ///
    /// - Parameter snapshot: the bytes of a snapshot, exactly as ``snapshot()`` produced them.
    /// - Throws: any error when the bytes cannot be understood; the open then fails with
    ///   ``JournalError/Code/stateRejected``.
    init(snapshot: Data) throws

    /// The bytes the log holds for `record`.
    ///
    /// ``apply(bytes:)`` on them must do exactly what ``apply(_:)`` does with `record`: the state a
    /// process builds while committing and the one every other process (and the next open) rebuilds
    /// from the log are the same.
    static func encode(_ record: Record) -> Data

    /// Appends the bytes the log holds for `record` (those ``encode(_:)`` returns) to `bytes`.
    ///
    /// The journal encodes committed records with it, straight into the buffer it writes; a state
    /// with typed records implements it to spare each record a `Data` of its own. The default
    /// appends what ``encode(_:)`` returns.
    static func encode(_ record: Record, into bytes: inout [UInt8])

    /// Applies one record committed by this process.
    ///
    /// - Parameter record: one record, exactly as a ``Journal/perform(_:)`` body returned it.
    /// - Throws: any error when the record cannot be applied (see the type's requirements).
    mutating func apply(_ record: Record) throws

    /// Applies one committed record read from the log, without copying it first.
    ///
    /// The journal calls it while opening and catching up with other processes. When ``Record`` is
    /// `Data`, the default implementation copies the bytes and calls ``apply(_:)``.
    ///
    /// - Parameter record: the bytes of one record as ``encode(_:)`` produced them, valid only
    ///   during the call.
    /// - Throws: as ``apply(_:)`` does.
    mutating func apply(bytes record: UnsafeRawBufferPointer) throws

    /// Makes room for what replaying `bytes` bytes of log is about to add, so that the state's
    /// tables grow once instead of doubling their way up (on a million records, the doublings cost
    /// about a fifth of an open).
    ///
    /// The journal calls it when it loads: after ``init(snapshot:)`` (or ``init()``), before it
    /// replays the log, with the bytes that follow the log's header up to the first hole of a
    /// sparse file (a preallocated log's zeros included), never more than 256 MiB: a file's size
    /// alone does not make a state reserve memory. It is a hint: replay must work whatever the
    /// state does with it. The default does nothing.
    ///
    /// - Parameter bytes: how many bytes of log follow, at most 256 MiB; an estimate of the records
    ///   to come.
    mutating func reserveCapacity(forLogBytes bytes: Int)

    /// Serializes the whole state for compaction.
    ///
    /// - Returns: bytes that ``init(snapshot:)`` turns back into an equal state.
    /// - Throws: any error; the compaction is then abandoned and nothing changes on disk.
    func snapshot() throws -> Data
}

// MARK: - Default implementations

extension JournalState where Record == Data {
    /// The record is its own encoding.
    public static func encode(_ record: Data) -> Data { record }

    /// Copies the bytes into a `Data` and calls ``apply(_:)``.
    public mutating func apply(bytes record: UnsafeRawBufferPointer) throws {
        try apply(Data(record))
    }
}

extension JournalState {
    /// Appends what ``encode(_:)`` returns.
    public static func encode(_ record: Record, into bytes: inout [UInt8]) {
        bytes.append(contentsOf: encode(record))
    }

    /// Does nothing: the state grows as records arrive.
    public mutating func reserveCapacity(forLogBytes bytes: Int) {}
}

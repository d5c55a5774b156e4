public import Foundation

/// The state machine a ``Journal`` keeps durable: an empty value, records applied one after
/// another, and a snapshot for compaction.
///
/// The journal knows nothing of what the records mean. It stores the records a
/// ``Journal/perform(_:)`` body returns, and rebuilds the state on open (and when another process
/// has committed) by calling ``init(snapshot:)`` on the latest snapshot, if any, then ``apply(_:)``
/// on every committed record after it, in commit order.
///
/// ## Implementation requirements
/// - ``apply(_:)`` is deterministic: the same state and record always give the same new state. It
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
    /// The empty state, before any record.
    init()

    /// Rebuilds the state from bytes that ``snapshot()`` returned.
    ///
    /// - Parameter snapshot: the bytes of a snapshot, exactly as ``snapshot()`` produced them.
    /// - Throws: any error when the bytes cannot be understood; the open then fails with
    ///   ``JournalError/Code/stateRejected``.
    init(snapshot: Data) throws

    /// Applies one committed record.
    ///
    /// - Parameter record: the bytes of one record, exactly as a ``Journal/perform(_:)`` body
    ///   returned them.
    /// - Throws: any error when the record cannot be understood (see the type's requirements).
    mutating func apply(_ record: Data) throws

    /// Applies one committed record read from the log, without copying it first.
    ///
    /// The journal calls it while opening and catching up; the default implementation copies the
    /// bytes into a `Data` and calls ``apply(_:)``. Implement it to decode straight from the log's
    /// buffer; it must do exactly what ``apply(_:)`` does.
    ///
    /// - Parameter record: the bytes of one record, valid only during the call.
    /// - Throws: as ``apply(_:)`` does.
    mutating func apply(bytes record: UnsafeRawBufferPointer) throws

    /// Serializes the whole state for compaction.
    ///
    /// - Returns: bytes that ``init(snapshot:)`` turns back into an equal state.
    /// - Throws: any error; the compaction is then abandoned and nothing changes on disk.
    func snapshot() throws -> Data
}

extension JournalState {
    /// Copies the bytes into a `Data` and calls ``apply(_:)``.
    public mutating func apply(bytes record: UnsafeRawBufferPointer) throws {
        try apply(Data(record))
    }
}

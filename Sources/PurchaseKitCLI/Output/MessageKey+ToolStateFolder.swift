import PurchaseCore

/// The keys of why a file of the state folder cannot be used: a journal (`tool.journal.*`) or the simulated
/// App Store's receipt key (`tool.receiptKey.*`), as `JournalErrorText.swift` and
/// `ReceiptKeyErrorText.swift` word them.
extension MessageKey {
    // MARK: Failures
    /// Another process kept the state folder locked too long; names the folder's lock file.
    static let toolStateFolderBusy = MessageKey("tool.error.stateFolderBusy", arguments: [.text])
    /// The simulated App Store's receipt key cannot be used; gives why and how to fix it (a
    /// `tool.receiptKey.*` text).
    static let toolReceiptKeyUnusable = MessageKey("tool.error.receiptKeyUnusable", arguments: [.text])

    // MARK: Receipt key
    /// Why the receipt key cannot be used: its file is a symbolic link (never followed); how to fix it.
    static let toolReceiptKeySymbolicLink = MessageKey("tool.receiptKey.symbolicLink")
    /// Why the receipt key cannot be used: its file is a folder, a FIFO, a device or a socket; how to fix it.
    static let toolReceiptKeyNotRegularFile = MessageKey("tool.receiptKey.notRegularFile")
    /// Why the receipt key cannot be used: its file is far too large to be a key; how to fix it.
    static let toolReceiptKeyTooLarge = MessageKey("tool.receiptKey.tooLarge")
    /// Why the receipt key cannot be used: its file is not text, so not PEM; how to fix it.
    static let toolReceiptKeyNotText = MessageKey("tool.receiptKey.notText")
    /// Why the receipt key cannot be used: its file holds no PEM block of the kind needed; gives the
    /// block's label (`PRIVATE KEY`) and how to fix it.
    static let toolReceiptKeyNoPEMBlock = MessageKey("tool.receiptKey.noPEMBlock", arguments: [.text])
    /// Why the receipt key cannot be used: its PEM block holds no readable key (damaged or cut short);
    /// how to fix it.
    static let toolReceiptKeyDamaged = MessageKey("tool.receiptKey.damaged")
    /// Why the receipt key cannot be used: it is not an elliptic-curve key; gives libcrypto's name of
    /// its algorithm (`ED25519`) and how to fix it.
    static let toolReceiptKeyWrongAlgorithm = MessageKey("tool.receiptKey.wrongAlgorithm", arguments: [.text])
    /// Why the receipt key cannot be used: it is on another curve than P-256; gives the curve's name
    /// (`secp384r1`) and how to fix it.
    static let toolReceiptKeyWrongCurve = MessageKey("tool.receiptKey.wrongCurve", arguments: [.text])
    /// Why the receipt key cannot be used: its file cannot be read; gives the system's reason (a
    /// `tool.journal.*` reason).
    static let toolReceiptKeyReadFailed = MessageKey("tool.receiptKey.readFailed", arguments: [.text])
    /// Why the receipt key cannot be used: a new key file cannot be written; gives the system's reason
    /// (a `tool.journal.*` reason).
    static let toolReceiptKeyWriteFailed = MessageKey("tool.receiptKey.writeFailed", arguments: [.text])
    /// Why the receipt key cannot be used: its file disappeared while a new key was made.
    static let toolReceiptKeyVanished = MessageKey("tool.receiptKey.vanished")
    /// Why the receipt key cannot be used: libcrypto or PurchaseKit failed with a valid key.
    static let toolReceiptKeyInternal = MessageKey("tool.receiptKey.internal")

    // MARK: Journal
    /// Where in a journal file a problem is; gives the byte offset.
    static let toolJournalAtByte = MessageKey("tool.journal.atByte", arguments: [.text])
    /// A journal file is damaged (a checksum, length or order that does not hold).
    static let toolJournalDamaged = MessageKey("tool.journal.damaged")
    /// A journal file of a format version this build cannot read.
    static let toolJournalUnsupportedVersion = MessageKey("tool.journal.unsupportedVersion")
    /// A journal record this build cannot apply (from a newer version, or damaged).
    static let toolJournalRecordRejected = MessageKey("tool.journal.recordRejected")
    /// Another process held the journal's lock longer than the wait allows.
    static let toolJournalLockTimeout = MessageKey("tool.journal.lockTimeout")
    /// The disk is full.
    static let toolJournalDiskFull = MessageKey("tool.journal.diskFull")
    /// Permission to the file or folder was denied.
    static let toolJournalPermissionDenied = MessageKey("tool.journal.permissionDenied")
    /// The file system is read-only.
    static let toolJournalReadOnly = MessageKey("tool.journal.readOnly")
    /// A part of the path is a file where a folder should be.
    static let toolJournalNotAFolder = MessageKey("tool.journal.notAFolder")
    /// The path is a folder where a file should be.
    static let toolJournalIsAFolder = MessageKey("tool.journal.isAFolder")
    /// Another system failure; gives the system's error number.
    static let toolJournalSystemError = MessageKey("tool.journal.systemError", arguments: [.text])
    /// A failure that is a bug of PurchaseKit or its use; gives the journal's error code.
    static let toolJournalInternal = MessageKey("tool.journal.internal", arguments: [.text])
    /// Records that were acknowledged as saved are missing from a journal (it was cut, damaged or
    /// replaced by an older copy); nothing was changed.
    static let toolJournalRecordsLost = MessageKey("tool.journal.recordsLost")
    /// A file of the state folder is a symbolic link, a FIFO, a device or a folder, not a regular file.
    static let toolJournalNotRegularFile = MessageKey("tool.journal.notRegularFile")

    /// The keys above, in order.
    static let toolStateFolderKeys: [MessageKey] = [
        .toolStateFolderBusy, .toolReceiptKeyUnusable, .toolReceiptKeySymbolicLink, .toolReceiptKeyNotRegularFile,
        .toolReceiptKeyTooLarge, .toolReceiptKeyNotText, .toolReceiptKeyNoPEMBlock, .toolReceiptKeyDamaged,
        .toolReceiptKeyWrongAlgorithm, .toolReceiptKeyWrongCurve, .toolReceiptKeyReadFailed, .toolReceiptKeyWriteFailed,
        .toolReceiptKeyVanished, .toolReceiptKeyInternal, .toolJournalAtByte, .toolJournalDamaged,
        .toolJournalUnsupportedVersion, .toolJournalRecordRejected, .toolJournalLockTimeout, .toolJournalDiskFull,
        .toolJournalPermissionDenied, .toolJournalReadOnly, .toolJournalNotAFolder, .toolJournalIsAFolder,
        .toolJournalSystemError, .toolJournalInternal, .toolJournalRecordsLost, .toolJournalNotRegularFile,
    ]
}

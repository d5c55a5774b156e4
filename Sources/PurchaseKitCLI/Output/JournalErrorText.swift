import Glibc
import PurchaseCore
import PurchaseKit

extension Console {
    /// Prints a journal failure in the console's language: what could not be done (the state folder
    /// is busy, or a file could not be read or written), then the file's diagnostic,
    /// `path: error: at byte N: reason`, with the byte offset whenever the journal names one.
    ///
    /// The journal's own English sentence (``JournalError/description``) is for developers and logs;
    /// a person gets the reason for its code (and, for a system failure, its error number) from the
    /// message tables.
    func report(_ journal: JournalError) {
        if journal.code == .lockTimeout {
            error(.keyed(.toolStateFolderBusy, arguments: [.text(journal.path)]))
        } else {
            error(.toolIOError(path: journal.path))
        }
        diagnostic(detail(of: journal))
    }

    /// `path: error: [at byte N: ]reason`, in the console's language.
    func detail(of journal: JournalError) -> String {
        let reason = text(Self.reason(for: journal))
        guard let offset = journal.offset else { return "\(journal.path): error: " + reason }
        let place = text(.keyed(.toolJournalAtByte, arguments: [.text(String(offset))]))
        return "\(journal.path): error: " + text(.keyed(.toolLabelled, arguments: [.text(place), .text(reason)]))
    }

    /// Writes `purchasekit: <message>` to standard error.
    func error(_ message: PurchaseCore.Message) {
        diagnostic("purchasekit: " + text(message))
    }

    private static func reason(for journal: JournalError) -> PurchaseCore.Message {
        switch journal.code {
        case .corrupt: return .keyed(.toolJournalDamaged, arguments: [])
        case .unsupportedVersion: return .keyed(.toolJournalUnsupportedVersion, arguments: [])
        case .stateRejected: return .keyed(.toolJournalRecordRejected, arguments: [])
        case .lockTimeout: return .keyed(.toolJournalLockTimeout, arguments: [])
        case .recordsLost: return .keyed(.toolJournalRecordsLost, arguments: [])
        case .notRegularFile: return .keyed(.toolJournalNotRegularFile, arguments: [])
        case .io: break
        default: return .keyed(.toolJournalInternal, arguments: [.text(journal.code.description)])
        }
        guard let number = journal.errno else { return .keyed(.toolJournalSystemError, arguments: [.text("EIO")]) }
        return systemReason(errno: number)
    }

    /// Why a file operation failed, in words the tables translate, from its system error number.
    static func systemReason(errno number: Int32) -> PurchaseCore.Message {
        switch number {
        case ENOSPC, EDQUOT: .keyed(.toolJournalDiskFull, arguments: [])
        case EACCES, EPERM: .keyed(.toolJournalPermissionDenied, arguments: [])
        case EROFS: .keyed(.toolJournalReadOnly, arguments: [])
        case ENOTDIR: .keyed(.toolJournalNotAFolder, arguments: [])
        case EISDIR: .keyed(.toolJournalIsAFolder, arguments: [])
        case EPIPE: .keyed(.toolOutputClosed, arguments: [])
        default: .keyed(.toolJournalSystemError, arguments: [.text(String(number))])
        }
    }
}

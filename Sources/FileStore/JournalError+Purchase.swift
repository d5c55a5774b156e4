import Journal
import PurchaseCore

extension PurchaseError {
    /// A journal failure as the framework's error: ``PurchaseError/Code/ledgerIOFailed`` with the
    /// journal's error (file, offset, reason) as the underlying error and in the detail.
    init(journal error: JournalError, what: String) {
        self.init(.ledgerIOFailed, detail: "\(what): \(error.description)", underlyingError: error)
    }

    /// Any error from a journal call, as the framework's error.
    static func from(_ error: any Error, what: String) -> PurchaseError {
        if let error = error as? PurchaseError { return error }
        if let error = error as? JournalError { return PurchaseError(journal: error, what: what) }
        return PurchaseError(.unknown, detail: "\(what): \(error)", underlyingError: error)
    }
}

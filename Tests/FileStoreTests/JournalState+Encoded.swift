import Foundation
import Journal

extension JournalState {
    /// Applies a record from its bytes, as the journal does when it reads the log.
    mutating func applyEncoded(_ data: Data) throws {
        try data.withUnsafeBytes { try apply(bytes: $0) }
    }
}

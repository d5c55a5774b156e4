import PurchaseCore
import PurchaseKit

extension Console {
    /// Prints a receipt key failure of the file at `path` in the console's language: what could not be
    /// done, then the file's diagnostic, `path: error: sentence`, whose sentence says what is wrong with
    /// the key and how to fix it.
    ///
    /// ``ReceiptKeyError/reason`` is English, for logs; a person gets the sentence for its
    /// ``ReceiptKeyError/problem`` from the message tables (`tool.receiptKey.*`). Only libcrypto's own
    /// words (``ReceiptKeyError/Problem/detail``) stay English, in parentheses after that sentence.
    func report(_ key: ReceiptKeyError, path: String) {
        error(.toolIOError(path: path))
        var line = "\(path): error: "
        line += text(.keyed(.toolReceiptKeyUnusable, arguments: [.message(Self.reason(for: key.problem))]))
        if let detail = key.problem.detail { line += " (\(detail))" }
        diagnostic(line)
    }

    /// What is wrong with the key and how to fix it, in words the tables translate.
    static func reason(for problem: ReceiptKeyError.Problem) -> PurchaseCore.Message {
        switch problem {
        case .symbolicLink: .keyed(.toolReceiptKeySymbolicLink, arguments: [])
        case .notRegularFile: .keyed(.toolReceiptKeyNotRegularFile, arguments: [])
        case .tooLarge: .keyed(.toolReceiptKeyTooLarge, arguments: [])
        case .notText: .keyed(.toolReceiptKeyNotText, arguments: [])
        case .readFailed(let number):
            .keyed(.toolReceiptKeyReadFailed, arguments: [.message(systemReason(errno: number))])
        case .writeFailed(let number):
            .keyed(.toolReceiptKeyWriteFailed, arguments: [.message(systemReason(errno: number))])
        case .vanished: .keyed(.toolReceiptKeyVanished, arguments: [])
        case .noPEMBlock(let label): .keyed(.toolReceiptKeyNoPEMBlock, arguments: [.text(label)])
        case .damagedKey: .keyed(.toolReceiptKeyDamaged, arguments: [])
        case .wrongAlgorithm(let algorithm): .keyed(.toolReceiptKeyWrongAlgorithm, arguments: [.text(algorithm)])
        case .wrongCurve(let curve): .keyed(.toolReceiptKeyWrongCurve, arguments: [.text(curve)])
        case .libcryptoFailed, .receiptNotEncodable, .noReceipts: .keyed(.toolReceiptKeyInternal, arguments: [])
        }
    }
}

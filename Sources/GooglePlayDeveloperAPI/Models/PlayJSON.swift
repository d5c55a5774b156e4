import Foundation

/// What the module's decoding shares.
enum PlayJSON {
    /// A decoding error in a sentence: the field's path and what was wrong.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        func path(_ context: DecodingError.Context) -> String {
            let text = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
            return text.isEmpty ? "the document" : text
        }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(path(context)) is not a \(type): \(context.debugDescription)"
        case .valueNotFound(_, let context):
            return "\(path(context)) is missing a value: \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            let parent = context.codingPath.isEmpty ? "the document" : path(context)
            return "\(parent) lacks \(key.stringValue)"
        case .dataCorrupted(let context):
            return "\(path(context)): \(context.debugDescription)"
        @unknown default:
            return String(describing: error)
        }
    }
}

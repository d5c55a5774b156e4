import Foundation
import PropertyList
import Testing

/// Small helpers shared by the reader's tests.
enum ReaderTesting {
    /// Reads a document given as text (UTF-8).
    static func read(_ text: String, limits: PropertyListReader.Limits = .init()) throws(PropertyListError)
        -> PropertyListNode
    {
        try PropertyListReader(limits: limits).read(Data(text.utf8), path: "test.plist")
    }

    /// The error reading `text` throws, or `nil` (and a recorded issue) when it is accepted.
    static func error(
        _ text: String, limits: PropertyListReader.Limits = .init(),
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> PropertyListError? {
        error(Data(text.utf8), limits: limits, sourceLocation: sourceLocation)
    }

    /// The error reading `data` throws, or `nil` (and a recorded issue) when it is accepted.
    static func error(
        _ data: Data, limits: PropertyListReader.Limits = .init(),
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> PropertyListError? {
        do {
            let node = try PropertyListReader(limits: limits).read(data, path: "test.plist")
            Issue.record("accepted as \(node.value)", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    /// The root of a fixture.
    static func fixture(_ name: String) throws -> PropertyListNode {
        try PropertyListReader().read(contentsOfFile: TestPaths.fixtures.appendingPathComponent(name).path)
    }
}

extension PropertyListValue {
    /// The items of an array value, or an empty list.
    var items: [PropertyListNode] {
        if case .array(let items) = self { return items }
        return []
    }

    /// The entries of a dictionary value, or an empty list.
    var entries: [PropertyListEntry] {
        if case .dictionary(let entries) = self { return entries }
        return []
    }
}

/// Shorthand for locations in expectations.
func at(_ line: Int, _ column: Int) -> PropertyList.SourceLocation {
    PropertyList.SourceLocation(line: line, column: column)
}

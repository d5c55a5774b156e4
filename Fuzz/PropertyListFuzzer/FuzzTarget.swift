import Foundation

/// libFuzzer entry point: reads the input as a property list and checks the reader's promises.
///
/// Compiled together with the PropertyList sources (see `Fuzz/run.sh`), so it calls the reader
/// directly. Any crash, sanitizer report or failed check below is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func propertyListFuzzTarget(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    let reader = PropertyListReader(limits: .init(maximumDepth: 128, maximumDocumentSize: 1 << 20))
    do {
        let root = try reader.read(data, path: "fuzz.plist")
        checkLocations(root)
    } catch {
        precondition(error.location.line >= 1 && error.location.column >= 1, "unpositioned error: \(error)")
        precondition(!error.message.isEmpty, "error without a message")
        precondition(error.path == "fuzz.plist", "error lost its path")
    }
    return 0
}

/// Every node and key of an accepted document has a real position.
private func checkLocations(_ node: PropertyListNode) {
    precondition(node.location.line >= 1 && node.location.column >= 1, "unpositioned node")
    switch node.value {
    case .array(let items):
        items.forEach(checkLocations)
    case .dictionary(let entries):
        for entry in entries {
            precondition(entry.keyLocation.line >= 1 && entry.keyLocation.column >= 1, "unpositioned key")
            checkLocations(entry.value)
        }
    default:
        break
    }
}

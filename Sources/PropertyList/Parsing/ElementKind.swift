/// The elements of Apple's property-list DTD, recognised from libxml2's NUL-terminated UTF-8 names.
enum ElementKind: UInt8, Sendable {
    case plist, dict, array, key, string, integer, real, date, data, `true`, `false`

    /// Recognises an element name, or answers `nil` for anything the DTD does not define.
    init?(name: UnsafePointer<UInt8>) {
        // Dispatch on the first byte, then compare the rest including the terminating NUL.
        func matches(_ literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            let bytes = literal.utf8Start
            for index in 1..<count where name[index] != bytes[index] { return false }
            return name[count] == 0
        }
        switch name[0] {
        case UInt8(ascii: "a"): if matches("array") { self = .array } else { return nil }
        case UInt8(ascii: "d"):
            if matches("dict") {
                self = .dict
            } else if matches("data") {
                self = .data
            } else if matches("date") {
                self = .date
            } else {
                return nil
            }
        case UInt8(ascii: "f"): if matches("false") { self = .false } else { return nil }
        case UInt8(ascii: "i"): if matches("integer") { self = .integer } else { return nil }
        case UInt8(ascii: "k"): if matches("key") { self = .key } else { return nil }
        case UInt8(ascii: "p"): if matches("plist") { self = .plist } else { return nil }
        case UInt8(ascii: "r"): if matches("real") { self = .real } else { return nil }
        case UInt8(ascii: "s"): if matches("string") { self = .string } else { return nil }
        case UInt8(ascii: "t"): if matches("true") { self = .true } else { return nil }
        default: return nil
        }
    }

    /// Whether the element holds text rather than other elements.
    var holdsText: Bool {
        switch self {
        case .plist, .dict, .array: false
        default: true
        }
    }

    /// Whether the element may stand where a value is expected (everything but `plist` and `key`).
    var isValue: Bool {
        switch self {
        case .plist, .key: false
        default: true
        }
    }

    /// The number of bytes of the element's name (`dict`: 4).
    var nameLength: Int {
        switch self {
        case .key: 3
        case .dict, .real, .date, .data, .true: 4
        case .plist, .array, .false: 5
        case .string: 6
        case .integer: 7
        }
    }

    /// The element as messages show it: `<dict>`, `<true/>`...
    var tag: String {
        switch self {
        case .plist: "<plist>"
        case .dict: "<dict>"
        case .array: "<array>"
        case .key: "<key>"
        case .string: "<string>"
        case .integer: "<integer>"
        case .real: "<real>"
        case .date: "<date>"
        case .data: "<data>"
        case .true: "<true/>"
        case .false: "<false/>"
        }
    }
}

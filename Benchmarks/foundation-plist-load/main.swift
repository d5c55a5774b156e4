import Foundation

// foundation-plist-load FILE
//
// The whole-process reference for `purchasekit catalog validate`: the smallest Foundation program
// that reads a property list file, as a tool built on Foundation would, and exits. Exits 0 when the
// file parsed, 65 when it did not, 66 when it could not be read.

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: foundation-plist-load FILE\n".utf8))
    exit(64)
}
guard let data = FileManager.default.contents(atPath: CommandLine.arguments[1]) else { exit(66) }
guard (try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)) != nil else { exit(65) }
exit(0)

import BenchmarkSupport
import Foundation
import PropertyList
import PurchaseCatalog

// purchasekit-benchmarks [--products N] [--runs N]
//
// Synthesizes a catalog to a temporary file, then times on that same file: our full load and
// validation, our reader alone, Foundation's PropertyListSerialization and PropertyListDecoder, and
// Python's plistlib; prints medians, ratios, and the peak memory of our load against the file size;
// then, as whole processes, `purchasekit catalog validate`, a minimal Foundation program loading the
// file (foundation-plist-load) and `xmllint --stream --noout` (when libxml2-utils is installed).

func loadAndValidate(_ path: String) {
    let result = CatalogLoader().load(contentsOfFile: path)
    guard result.catalog != nil else {
        FileHandle.standardError.write(Data("benchmark: the synthesized catalog is invalid\n".utf8))
        for diagnostic in result.diagnostics.prefix(5) {
            FileHandle.standardError.write(Data("\(diagnostic)\n".utf8))
        }
        exit(70)
    }
}

let arguments = CommandLine.arguments
if let index = arguments.firstIndex(of: MemoryProbe.childFlag), index + 1 < arguments.count {
    MemoryProbe.runChild(path: arguments[index + 1], load: loadAndValidate)
    exit(0)
}

func option(_ name: String, default value: Int) -> Int {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count,
        let number = Int(arguments[index + 1]),
        number > 0
    else { return value }
    return number
}

let productCount = option("--products", default: 10_000)
let stopwatch = Stopwatch(warmUps: 2, runs: option("--runs", default: 7))

#if DEBUG
    print("note: this is a debug build; run `swift run -c release purchasekit-benchmarks` for real figures\n")
#endif

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("purchasekit-bench-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let path = folder.appendingPathComponent("catalog.plist").path
BenchmarkProgress.show("Synthesizing a catalog of \(productCount) products")
try CatalogFile.write(products: productCount, to: path)
BenchmarkProgress.clear()
let fileData = try Data(contentsOf: URL(fileURLWithPath: path))
let fileSize = fileData.count

print("catalog: \(productCount) products, \(String(format: "%.2f", Double(fileSize) / 1_048_576)) MiB")
print("median of \(stopwatch.runs) interleaved runs after \(stopwatch.warmUps) warm-up runs\n")

let medians = try stopwatch.medians([
    { loadAndValidate(path) },
    { _ = try PropertyListReader().read(contentsOfFile: path) },
    { _ = try PropertyListSerialization.propertyList(from: fileData, options: [], format: nil) },
    { _ = try PropertyListDecoder().decode(CatalogMirror.self, from: fileData) },
])
let (ours, reader, serialization, decoder) = (medians[0], medians[1], medians[2], medians[3])
BenchmarkProgress.show("Timing Python's plistlib")
let python = PythonBaseline.median(path: path, stopwatch: stopwatch)
BenchmarkProgress.clear()

func row(_ name: String, _ milliseconds: Double) {
    let ratio = milliseconds / ours
    let padded = name.padding(toLength: 58, withPad: " ", startingAt: 0)
    print("\(padded) \(String(format: "%8.1f", milliseconds)) ms   \(String(format: "%5.2f", ratio))x")
}

print("what".padding(toLength: 58, withPad: " ", startingAt: 0) + "   median   time / ours")
row("ours: PurchaseCatalog load + validation (file read incl.)", ours)
row("ours: PropertyListReader alone (file read incl.)", reader)
row("Foundation PropertyListSerialization (parse from memory)", serialization)
row("Foundation PropertyListDecoder into Codable mirror", decoder)
switch python {
case .success(let milliseconds): row("Python 3 plistlib.loads (timed in Python)", milliseconds)
case .failure(let unavailable): print("Python 3 plistlib.loads: skipped (\(unavailable.reason))")
}

print("")
BenchmarkProgress.show("Measuring peak memory")
let growth = MemoryProbe.measure(path: path)
BenchmarkProgress.clear()
if let growth {
    let ratio = Double(growth) / Double(fileSize)
    print(
        "peak memory of our load + validation: \(String(format: "%.1f", Double(growth) / 1_048_576)) MiB = "
            + "\(String(format: "%.2f", ratio))x the file size (VmHWM growth in a child process)"
    )
} else {
    print("peak memory: not measured (needs /proc/self/status)")
}

print("")
WholeProcessComparison.run(catalog: path, stopwatch: stopwatch)

print("")
print("goal: ours >= 3x faster than PropertyListSerialization: \(serialization / ours >= 3 ? "met" : "NOT met")")
if case .success(let milliseconds) = python {
    print("goal: ours >= 6x faster than plistlib: \(milliseconds / ours >= 6 ? "met" : "NOT met")")
}
if let growth {
    print("goal: peak memory <= 3x the file size: \(Double(growth) <= 3 * Double(fileSize) ? "met" : "NOT met")")
}

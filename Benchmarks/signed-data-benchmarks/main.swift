// Verifying App Store signed transactions with SignedDataVerifier, against libcrypto's own ES256
// verification measured in the same run by the `openssl` command (`openssl speed ecdsap256`).
//
// Each configuration verifies the same signed transactions (each a compact JWS with a three-certificate
// chain, as the App Store writes them) on one thread for a few seconds: with the verified chain cached,
// with every chain verified again (X509_verify_cert, markers, leaf key), and decoding alone. Figures are
// verifications per second on one core.
//
// The machine may be shared: the configurations take turns for several rounds and each keeps its best
// round, `openssl speed` included (one second a round).
//
// Usage: signed-data-benchmarks [--seconds S] [--rounds R] [--tokens N]
//        (defaults: 1 second per configuration and round, 3 rounds, 1000 tokens)
import AppStoreSignedData
import BenchmarkSupport
import Foundation

/// The fields of a StoreKit 2 signed transaction, in Apple's names and units.
struct Transaction: Codable {
    var transactionId: String
    var originalTransactionId: String
    var bundleId: String
    var productId: String
    var purchaseDate: Int64
    var originalPurchaseDate: Int64
    var quantity: Int
    var type: String
    var inAppOwnershipType: String
    var signedDate: Int64
    var environment: String
    var transactionReason: String
    var storefront: String
    var storefrontId: String
    var price: Int64
    var currency: String
}

let arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String, default value: Double) -> Double {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count,
        let number = Double(arguments[index + 1])
    else { return value }
    return number
}
let seconds = option("--seconds", default: 1)
let rounds = max(1, Int(option("--rounds", default: 3)))
let tokenCount = Int(option("--tokens", default: 1000))

let issued = Date()
let identity = try SigningIdentity.make(environment: "Sandbox", at: issued)
let signer = try JWSSigner(identity: identity)
let signedDate = Int64(issued.timeIntervalSince1970 * 1000)
let tokens = try (0..<tokenCount).map { index in
    try signer.sign(
        Transaction(
            transactionId: "\(2_000_000_000 + index)", originalTransactionId: "\(2_000_000_000 + index)",
            bundleId: "com.example.app", productId: "com.example.gems", purchaseDate: signedDate,
            originalPurchaseDate: signedDate, quantity: 1, type: "Consumable", inAppOwnershipType: "PURCHASED",
            signedDate: signedDate + Int64(index), environment: "Sandbox", transactionReason: "PURCHASE",
            storefront: "USA", storefrontId: "143441", price: 990, currency: "USD"))
}

func claims(_ transaction: Transaction) -> SignedDataClaims {
    SignedDataClaims(
        signedDate: Date(timeIntervalSince1970: Double(transaction.signedDate) / 1000),
        bundleID: transaction.bundleId, environment: transaction.environment)
}

/// Runs `body` over the tokens, round after round, for `seconds`; returns operations per second.
func measure(_ name: String, _ body: (String) throws -> Void) rethrows -> Double {
    BenchmarkProgress.show(name)
    let clock = ContinuousClock()
    let start = clock.now
    var done = 0
    while clock.now - start < .seconds(seconds) {
        for token in tokens { try body(token) }
        done += tokens.count
    }
    let elapsed = clock.now - start
    BenchmarkProgress.clear()
    let total = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return Double(done) / total
}

let cached = try SignedDataVerifier(
    trustedRoots: [identity.rootCertificate], bundleID: "com.example.app", environment: "Sandbox")
let uncached = try SignedDataVerifier(
    trustedRoots: [identity.rootCertificate], bundleID: "com.example.app", environment: "Sandbox",
    cachesVerifiedChains: false)
let decoder = JSONDecoder()

var cachedRate = 0.0
var uncachedRate = 0.0
var decodeRate = 0.0
var reference: (rate: Double, version: String)?
for _ in 0..<rounds {
    cachedRate = max(
        cachedRate,
        try measure("verify, cached chain") { _ = try cached.verify($0, as: Transaction.self, claims: claims) })
    uncachedRate = max(
        uncachedRate,
        try measure("verify, chain every time") { _ = try uncached.verify($0, as: Transaction.self, claims: claims) })
    decodeRate = max(
        decodeRate,
        try measure("decode only") { _ = try decoder.decode(Transaction.self, from: Data(try CompactJWS($0).payload)) })
    if let measured = opensslVerifyRate(), measured.rate > reference?.rate ?? 0 { reference = measured }
}

/// `openssl speed -seconds S ecdsap256`'s verifications per second, or `nil` without openssl.
func opensslVerifyRate() -> (rate: Double, version: String)? {
    func run(_ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: output, as: UTF8.self) : nil
    }
    BenchmarkProgress.show("openssl speed ecdsap256")
    defer { BenchmarkProgress.clear() }
    guard let output = run(["speed", "-seconds", "\(max(1, Int(seconds.rounded())))", "ecdsap256"]),
        let line = output.split(separator: "\n").last(where: { $0.contains("nistp256") }),
        let rate = line.split(separator: " ").last.flatMap({ Double($0) })
    else { return nil }
    let version = run(["version"])?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "openssl"
    return (rate, version)
}

func format(_ rate: Double) -> String { String(format: "%10.0f/s  %7.1f µs", rate, 1e6 / rate) }

print(
    "Signed-data verification, one thread, \(tokens.count) signed transactions (\(tokens[0].utf8.count) bytes each),"
        + " best of \(rounds) rounds")
print(MachineReference.describe())
var rows = [
    ("verify, cached chain (signature, claims, payload decoded)", cachedRate),
    ("verify, chain every time (X509_verify_cert too)", uncachedRate),
    ("decode only (compact JWS and payload JSON, no crypto)", decodeRate),
]
if let reference { rows.append(("\(reference.version): speed ecdsap256 verify", reference.rate)) }
for (name, rate) in rows {
    let ratio = reference.map { String(format: "  %.2f× openssl", rate / $0.rate) } ?? ""
    print("\(name.padding(toLength: 60, withPad: " ", startingAt: 0)) \(format(rate))\(ratio)")
}
if reference == nil { print("openssl not found: no reference") }

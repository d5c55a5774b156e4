// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "PurchaseKit",
    defaultLocalization: "en",
    products: [
        .library(name: "PurchaseKit", targets: ["PurchaseKit"]),
        .library(name: "PropertyList", targets: ["PropertyList"]),
        .library(name: "PurchaseTesting", targets: ["PurchaseTesting"]),
        .library(name: "PurchaseKitCLI", targets: ["PurchaseKitCLI"]),
        .executable(name: "purchasekit", targets: ["purchasekit"]),
        .executable(name: "purchasekit-server", targets: ["purchasekit-server"]),
        .plugin(name: "PurchaseCatalogCodegen", targets: ["PurchaseCatalogCodegen"]),
        .plugin(name: "ValidateCatalog", targets: ["ValidateCatalog"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .target(name: "PropertyList", dependencies: ["CLibXML2"]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "CFileStatus"),
        .target(
            name: "Journal", dependencies: ["CZlib", "CFileStatus"],
            // The journal is generic over its owner's state: cross-module optimization lets the
            // owner's build specialize the commit and replay paths for that state instead of
            // reaching it through witness tables (35-50% more purchases per second through the
            // file store; see BENCHMARKS.md). SwiftPM 6.2 and later accept such flags in a dependency.
            swiftSettings: [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]),
        // Benchmarks and the journal's torture child live under Benchmarks/, one folder each, named as
        // the executable (or the module) it builds.
        .executableTarget(name: "journal-torture", dependencies: ["Journal"], path: "Benchmarks/journal-torture"),
        .target(name: "BenchmarkSupport", path: "Benchmarks/BenchmarkSupport"),
        .executableTarget(name: "journal-benchmarks", dependencies: ["Journal"], path: "Benchmarks/journal-benchmarks"),
        .target(name: "PurchaseCore"),
        .systemLibrary(name: "COpenSSL", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // libcrypto's queued errors as a Swift error and its two-call DER encoding, for every module on COpenSSL.
        .target(name: "LibCryptoSupport", dependencies: ["COpenSSL"]),
        .testTarget(name: "LibCryptoSupportTests", dependencies: ["LibCryptoSupport", "COpenSSL"]),
        .target(name: "AppStoreSignedData", dependencies: ["PurchaseCore", "COpenSSL", "LibCryptoSupport"]),
        // What store API clients share (URLSession from FoundationNetworking, a bounded response body,
        // endpoint URLs).
        .target(name: "HTTPAPISupport", dependencies: ["PurchaseCore"]),
        .testTarget(name: "HTTPAPISupportTests", dependencies: ["HTTPAPISupport", "HTTPServer"]),
        // The App Store Server API client (URLSession from FoundationNetworking, a bearer JWT signed ES256).
        .target(name: "AppStoreServerAPI", dependencies: ["AppStoreSignedData", "PurchaseCore", "HTTPAPISupport"]),
        .testTarget(
            name: "AppStoreServerAPITests",
            dependencies: [
                "AppStoreServerAPI", "AppStoreSignedData", "PurchaseCore", "SimulatedAppStore", "TestSupport",
                "HTTPServer",
            ]),
        // The Google Play Developer API client and the real-time developer notifications it confirms.
        .target(name: "GooglePlayDeveloperAPI", dependencies: ["PurchaseCore", "HTTPAPISupport"]),
        .testTarget(
            name: "GooglePlayDeveloperAPITests",
            dependencies: ["GooglePlayDeveloperAPI", "PurchaseCore", "TestSupport", "HTTPServer"]),
        .target(
            name: "SimulatedAppStore",
            dependencies: ["PurchaseCore", "Journal", "COpenSSL", "AppStoreSignedData", "LibCryptoSupport"]),
        .executableTarget(
            name: "signed-data-benchmarks", dependencies: ["AppStoreSignedData", "BenchmarkSupport"],
            path: "Benchmarks/signed-data-benchmarks"),
        .executableTarget(
            name: "simulated-store-benchmarks",
            dependencies: ["PurchaseCore", "PurchaseTesting", "SimulatedAppStore", "BenchmarkSupport"],
            path: "Benchmarks/simulated-store-benchmarks"
        ),
        // The simulated Google Play: Play Billing's model and rules on a virtual clock.
        .target(
            name: "SimulatedGooglePlay",
            dependencies: ["PurchaseCore", "COpenSSL", "LibCryptoSupport"]),
        .testTarget(
            name: "SimulatedGooglePlayTests",
            dependencies: ["SimulatedGooglePlay", "PurchaseCore", "PurchaseCatalog", "HTTPServer", "TestSupport"]),
        .target(
            name: "PurchaseCatalog", dependencies: ["PropertyList", "PurchaseCore"], resources: [.process("Resources")]),
        .target(name: "FileStore", dependencies: ["PurchaseCore", "Journal"], exclude: ["README.md"]),
        .target(
            name: "PurchaseScenarios",
            dependencies: [
                "PropertyList", "PurchaseCore", "PurchaseCatalog", "SimulatedAppStore", "AppStoreSignedData",
                "SimulatedGooglePlay",
            ]
        ),
        .target(
            name: "PurchaseKit",
            dependencies: [
                "PropertyList", "PurchaseCore", "PurchaseCatalog", "FileStore", "SimulatedAppStore",
                "PurchaseScenarios", "AppStoreSignedData", "PostgresLedger", "SimulatedGooglePlay",
            ]
        ),
        .executableTarget(
            name: "filestore-benchmarks", dependencies: ["PurchaseKit", "FileStore", "Journal", "BenchmarkSupport"],
            path: "Benchmarks/filestore-benchmarks"),
        .target(name: "PurchaseTesting", dependencies: ["PurchaseCore"]),
        // The tool's commands are a library taking a registry; the executable is its main.
        .target(name: "PurchaseKitCLI", dependencies: ["PurchaseKit", "AppStoreSignedData", "AppStoreServerAPI"]),
        .executableTarget(name: "purchasekit", dependencies: ["PurchaseKitCLI"]),
        // The whole-process reference of the catalog benchmark.
        .executableTarget(name: "foundation-plist-load", path: "Benchmarks/foundation-plist-load"),
        .executableTarget(
            name: "purchasekit-benchmarks",
            // The two executables it runs as whole processes are built with it.
            dependencies: [
                "PropertyList", "PurchaseCatalog", "BenchmarkSupport", "purchasekit", "foundation-plist-load",
            ],
            path: "Benchmarks/purchasekit-benchmarks"
        ),
        .executableTarget(
            name: "purchasekit-catalog-tool", dependencies: ["PropertyList", "PurchaseCatalog", "PurchaseKit"]),
        .plugin(
            name: "PurchaseCatalogCodegen", capability: .buildTool(), dependencies: ["purchasekit-catalog-tool"]),
        .plugin(
            name: "ValidateCatalog",
            capability: .command(
                intent: .custom(verb: "validate-catalog", description: "Check every catalog; export one as .storekit")
            ),
            dependencies: ["purchasekit-catalog-tool"]
        ),
        .target(name: "CatalogExample", plugins: ["PurchaseCatalogCodegen"]),
        // What several test targets share: waiting for child processes, finding the conformance corpus.
        .target(name: "CChildProcess", path: "Tests/CChildProcess"),
        .target(
            name: "TestSupport",
            dependencies: ["CChildProcess", "HTTPServer", "SimulatedAppStore", "SimulatedGooglePlay"],
            path: "Tests/TestSupport"),
        .testTarget(
            name: "CatalogCodegenTests",
            dependencies: ["purchasekit-catalog-tool", "CatalogExample", "PurchaseCatalog", "PurchaseCore"],
            exclude: ["Expected", "Fixtures"]
        ),
        .testTarget(
            name: "PropertyListTests", dependencies: ["PropertyList", "TestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(
            name: "PurchaseCatalogTests", dependencies: ["PurchaseCatalog", "PurchaseTesting", "TestSupport"],
            resources: [.copy("Fixtures")]),
        .testTarget(name: "PurchaseCoreTests", dependencies: ["PurchaseCore", "PurchaseTesting"]),
        .testTarget(
            name: "PurchaseKitToolTests",
            dependencies: [
                "purchasekit", "PurchaseKitCLI", "PurchaseKit", "AppStoreSignedData", "TestSupport", "PurchaseServer",
                "SimulatedAppStore", "HTTPServer", "PostgresLedger", "SimulatedGooglePlay",
            ]),
        .testTarget(name: "FileStoreTests", dependencies: ["FileStore", "Journal", "PurchaseCore", "TestSupport"]),
        .testTarget(name: "PurchaseKitTests", dependencies: ["PurchaseKit", "PurchaseTesting", "TestSupport"]),
        .testTarget(
            name: "SimulatedAppStoreTests",
            dependencies: ["SimulatedAppStore", "PurchaseTesting", "TestSupport", "AppStoreSignedData"]),
        .testTarget(
            name: "PurchaseScenariosTests",
            dependencies: [
                "PurchaseScenarios", "SimulatedAppStore", "PurchaseCatalog", "PurchaseCore", "AppStoreSignedData",
                "SimulatedGooglePlay", "FileStore",
            ]),
        .testTarget(
            name: "AppStoreSignedDataTests",
            dependencies: ["AppStoreSignedData", "PurchaseCore", "FileStore"]),
        // The PostgreSQL ledger (ledger kind `postgres`) on libpq; its tests run against the server
        // Scripts/with-postgres.sh starts (skipped without one, failing under CI=true).
        .systemLibrary(name: "CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        .target(name: "PostgresLedger", dependencies: ["PurchaseCore", "CLibPQ"]),
        .testTarget(
            name: "PostgresLedgerTests",
            dependencies: [
                "PostgresLedger", "PurchaseCore", "PurchaseKit", "PurchaseTesting", "TestSupport", "purchasekit",
                "purchasekit-server",
            ]),
        .testTarget(name: "JournalTests", dependencies: ["Journal", "journal-torture", "TestSupport"]),
        // The HTTP server: a generic HTTP/1.1 server on libmicrohttpd.
        .systemLibrary(
            name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        .target(name: "HTTPServer", dependencies: ["CMicroHTTPD"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "TestSupport"]),
        .target(
            name: "PurchaseServer",
            dependencies: [
                "HTTPServer", "PurchaseKit", "PurchaseCore", "PurchaseCatalog", "AppStoreSignedData",
                "GooglePlayDeveloperAPI",
            ]),
        .executableTarget(name: "purchasekit-server", dependencies: ["PurchaseServer"]),
        .testTarget(
            name: "PurchaseServerTests",
            dependencies: [
                "PurchaseServer", "purchasekit-server", "HTTPServer", "PurchaseKit", "AppStoreSignedData",
                "TestSupport", "GooglePlayDeveloperAPI", "SimulatedGooglePlay",
            ]),
        // Exactly once under faults: purchasekit-server processes on one PostgreSQL database, killed and
        // restarted, and the database restarted (Scripts/with-postgres.sh; skipped without it, failing under CI=true).
        .testTarget(
            name: "ServerFaultTests",
            dependencies: ["purchasekit-server", "PurchaseKit", "PurchaseCore", "AppStoreSignedData", "TestSupport"]),
        // Deliveries through the server as a child process, against pgbench; built with the server.
        .executableTarget(
            name: "server-benchmarks",
            dependencies: [
                "AppStoreSignedData", "BenchmarkSupport", "PostgresLedger", "PurchaseCore", "purchasekit-server",
            ],
            path: "Benchmarks/server-benchmarks"),
    ]
)

// Swift targets only: CFileStatus is C.
for target in package.targets where target.type != .system && target.type != .plugin && target.name != "CFileStatus" {
    var settings = target.swiftSettings ?? []
    settings.append(.swiftLanguageMode(.v6))
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    target.swiftSettings = settings
}

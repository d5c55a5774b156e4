// swift-tools-version: 6.2
import PackageDescription

// An app's own package using PurchaseKit from outside: a web-checkout store, its order verifier and
// a SQLite fulfillment ledger, plugged in through PurchaseKit's public registry only.
let package = Package(
    name: "CustomStore",
    products: [
        .library(name: "CustomStore", targets: ["CustomStore"]),
        .executable(name: "webshop", targets: ["webshop"]),
    ],
    dependencies: [
        .package(name: "PurchaseKit", path: "../..")
    ],
    targets: [
        .systemLibrary(name: "CSQLite3", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CLibCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .target(
            name: "CustomStore",
            dependencies: [.product(name: "PurchaseKit", package: "PurchaseKit"), "CSQLite3", "CLibCrypto"]
        ),
        // The example's own command-line tool: PurchaseKit's tool with this package's plug-ins.
        .executableTarget(
            name: "webshop",
            dependencies: ["CustomStore", .product(name: "PurchaseKitCLI", package: "PurchaseKit")]),
        // The second process of the SQLite ledger's two-process test.
        .executableTarget(
            name: "sqlite-ledger-child", dependencies: ["CustomStore"], path: "Tests/sqlite-ledger-child"),
        .testTarget(
            name: "CustomStoreTests",
            dependencies: [
                "CustomStore", "sqlite-ledger-child", "webshop",
                .product(name: "PurchaseTesting", package: "PurchaseKit"),
            ],
        ),
    ]
)

for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.swiftLanguageMode(.v6))
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    target.swiftSettings = settings
}

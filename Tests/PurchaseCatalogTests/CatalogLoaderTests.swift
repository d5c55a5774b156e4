import Foundation
import PropertyList
import PurchaseCatalog
import PurchaseCore
import Testing

struct CatalogLoaderTests {
    @Test func turnsMalformedXMLIntoOneErrorAtItsPosition() throws {
        let text =
            "<plist version=\"1.0\">\n<dict>\n<key>CatalogVersion</key><integer>1</integer>\n<key>Deployment</key>\n</plist>\n"
        let result = CatalogLoader().load(Data(text.utf8), path: "broken.plist")
        #expect(result.catalog == nil)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.path == "broken.plist")
        #expect(diagnostic.location.line >= 4)
        guard case .unreadableDocument(let reason) = diagnostic.problem else {
            Issue.record("expected an unreadable document, got \(diagnostic.problem)")
            return
        }
        #expect(reason == .tagMismatch(opened: "dict", line: 2, closed: "plist"))
        #expect(diagnostic.description.hasPrefix("broken.plist:\(diagnostic.location.line):"))
    }

    @Test func reportsAMissingFileAsUnreadable() throws {
        let path = CatalogTestPaths.fixture("does-not-exist.plist")
        let result = CatalogLoader().load(contentsOfFile: path)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(diagnostic.problem.key == "catalog.unreadableFile")
        #expect(diagnostic.path == path)
    }

    @Test(arguments: [
        ("en_US", ["en"], true),
        ("en_US", ["en_US"], true),
        ("en_US", ["en_GB"], false),
        ("ja_JP", ["ja"], true),
        ("ja_JP", ["ja_JP"], true),
        ("ja_JP", ["ja-JP"], true),
        ("ja_JP", ["en"], false),
        ("ja", ["ja_JP"], false),
        ("zh-Hans", ["zh-Hans"], true),
        ("zh-Hans", ["zh_hans"], true),
        ("zh-Hans", ["zh-Hant"], false),
        ("zh_CN", ["zh-Hans"], true),
        ("zh_TW", ["zh-Hans"], false),
        ("ru_RU", ["ru", "en"], true),
        ("zh_HK", ["zh-Hant"], true),
        ("zh-Hant_TW", ["zh_hant"], true),
        ("pt_BR", ["pt-BR"], true),
        ("pt_BR", ["pt"], true),
        ("pt", ["pt-BR"], true),
        ("pt_PT", ["pt-BR"], true),
        ("pt_BR", ["pt_PT"], false),
        ("de_DE", ["de"], true),
        ("fr_CA", ["fr"], true),
        ("es_MX", ["es"], true),
        ("es_MX", ["es_ES"], false),
        ("it_IT", ["it-IT"], true),
        ("ar_SA", ["ar"], true),
        ("ko_KR", ["ko"], true),
    ])
    func requiresALocalizationForTheDeploymentLanguage(locale: String, localizations: [String], satisfied: Bool) {
        let entries = localizations.map {
            "<key>\($0)</key><dict><key>DisplayName</key><string>N</string><key>Description</key><string/></dict>"
        }
        let text = CatalogText.document(
            """
            <key>Deployment</key><dict><key>Name</key><string>t</string><key>Provider</key><string>file</string>\
            <key>Storefront</key><string>USA</string><key>Locale</key><string>\(locale)</string></dict>
            <key>Products</key><array><dict><key>ProductID</key><string>p</string><key>Type</key>\
            <string>NonConsumable</string><key>Prices</key><dict><key>USA</key><string>1</string></dict>
            <key>Localizations</key><dict>\(entries.joined())</dict></dict></array>
            """
        )
        let diagnostics = CatalogText.diagnostics(of: text)
        if satisfied {
            #expect(diagnostics == [])
        } else {
            let canonical = LocaleFallback.canonicalIdentifier(locale) ?? locale
            #expect(
                diagnostics == [
                    "5:25: error: product 'p' has no localization for the deployment's locale '\(canonical)'"
                ]
            )
        }
    }

    @Test(arguments: [
        ("Product", "Products"),
        ("Prodcuts", "Products"),
        ("catalogversion", "CatalogVersion"),
        ("Storefront", "Storefronts"),
        ("Deploymnet", "Deployment"),
        ("Vendor", nil),
    ])
    func suggestsTheClosestRootKey(key: String, suggestion: String?) throws {
        let result = CatalogLoader().load(Data(CatalogText.document("<key>\(key)</key><string/>").utf8))
        let diagnostic = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(diagnostic.severity == .warning)
        #expect(diagnostic.problem == .unknownKey(key, suggestion: suggestion, known: diagnosticKeys.root))
        if let suggestion {
            #expect(diagnostic.message == "unknown key '\(key)'; did you mean '\(suggestion)'?")
            #expect(diagnostic.hint == "Rename the key to '\(suggestion)', or remove it.")
        } else {
            #expect(diagnostic.message == "unknown key '\(key)'")
            #expect(
                diagnostic.hint
                    == "Remove the key; the keys allowed here are CatalogVersion, Deployment, Storefronts, Products."
            )
        }
        #expect(result.catalog != nil)
    }

    @Test(arguments: [
        ("ProductId", "ProductID"),
        ("Localisations", "Localizations"),
        ("Entitlement", "Entitlements"),
        ("familyshareable", "FamilyShareable"),
        ("Sbscription", "Subscription"),
        ("HostedContents", "HostedContent"),
        ("Tpye", "Type"),
        ("Color", nil),
    ])
    func suggestsTheClosestProductKey(key: String, suggestion: String?) {
        let text = CatalogText.withProduct(
            "<dict><key>\(key)</key><string/><key>ProductID</key><string>p</string><key>Type</key>"
                + "<string>NonConsumable</string><key>Prices</key><dict><key>USA</key><string>1</string></dict>"
                + "<key>Localizations</key><dict><key>en</key><dict><key>DisplayName</key><string>N</string>"
                + "<key>Description</key><string/></dict></dict></dict>"
        )
        let expected =
            suggestion.map { "4:7: warning: unknown key '\(key)'; did you mean '\($0)'?" }
            ?? "4:7: warning: unknown key '\(key)'"
        #expect(CatalogText.diagnostics(of: text) == [expected])
    }

    @Test func checksProviderKindsAgainstTheRegisteredOnes() {
        let text = CatalogText.document(
            """
            <key>Deployment</key><dict><key>Name</key><string>t</string><key>Provider</key><string>fiel</string>\
            <key>Storefront</key><string>USA</string><key>Locale</key><string>en_US</string></dict>
            """
        )
        #expect(CatalogText.diagnostics(of: text) == [])
        let loader = CatalogLoader(knownProviderKinds: [.file, .simulatedAppStore])
        #expect(
            CatalogText.diagnostics(of: text, loader: loader) == [
                "3:80: error: unknown provider kind 'fiel'; did you mean 'file'?"
            ]
        )
    }

    /// A registry's settings checks run as the catalog is read: every setting refused is an error
    /// at its value (at its key when the key is unknown), or at the provider when the catalog does
    /// not hold it, and the catalog does not load.
    @Test func checksProviderSettingsWithTheRegisteredChecks() {
        var registry = ProviderRegistry()
        registry.register(
            "web",
            checkingSettings: { settings in
                if settings["Retries"].map({ $0.integerValue == nil }) ?? false {
                    throw ProviderSettingError("web", key: "Retries", expected: .nonNegativeInteger)
                }
                if let codes = settings["Errors"]?.dictionaryValue, let bad = codes.keys.sorted().first {
                    throw ProviderSettingError("web", key: "Errors.\(bad)", expected: .knownKey(["Purchase"]))
                }
                if settings["Region"] == nil {
                    throw ProviderSettingError("web", key: "Region", expected: .oneOf(["eu", "us"])).purchaseError
                }
            }, factory: { _ in throw PurchaseError(.unsupported) })
        let text = CatalogText.document(
            """
            <key>Deployment</key><dict><key>Name</key><string>t</string><key>Provider</key><string>web</string>
            <key>ProviderSettings</key><dict><key>Retries</key><string>three</string>
            <key>Errors</key><dict><key>Purchse</key><integer>2</integer></dict></dict>
            <key>Storefront</key><string>USA</string><key>Locale</key><string>en_US</string></dict>
            """
        )
        let loader = CatalogLoader(registry: registry)
        #expect(
            CatalogText.diagnostics(of: text, loader: loader) == [
                "3:80: error: setting 'Region' of provider 'web' must be one of: eu, us",
                "4:52: error: setting 'Retries' of provider 'web' must be an integer of 0 or more",
                "5:24: error: 'Errors.Purchse' is not a setting of provider 'web'; the keys here are: Purchase",
            ])
        #expect(loader.load(Data(text.utf8)).catalog == nil)
        #expect(CatalogText.diagnostics(of: text) == [], "a loader without the registry leaves settings alone")
    }

    /// A file with more problems than a person fixes by hand keeps the first 1,000 errors and the
    /// first 1,000 warnings and counts the rest (millions of unknown keys took minutes and gigabytes).
    @Test func keepsTheFirstThousandErrorsAndWarningsAndCountsTheRest() {
        let unknownKeys = (0..<1_500).map { "<key>Extra\($0)</key><true/>" }.joined()
        let badStorefronts = (0..<1_100).map { "<key>S\($0)</key><dict><key>Currency</key><string>USD</string></dict>" }
        let text = CatalogText.document(
            unknownKeys + "\n<key>Storefronts</key><dict><key>USA</key><dict><key>Currency</key><string>USD</string>"
                + "</dict>" + badStorefronts.joined() + "</dict>")
        let result = CatalogLoader().load(Data(text.utf8))
        #expect(result.errors.count == CatalogLoadResult.keptDiagnostics)
        #expect(result.warnings.count == CatalogLoadResult.keptDiagnostics)
        #expect(result.omittedErrors == 100)
        #expect(result.omittedWarnings == 500)
        #expect((result.errorCount, result.warningCount) == (1_100, 1_500))
        #expect(result.catalog == nil)
    }

    /// A value of an array that must be a dict is named by its path (`Products[1]`), words of no
    /// language (it was "Products element", English inside every translation).
    @Test func anArrayValueOfTheWrongTypeIsNamedByItsIndex() throws {
        let product =
            "<dict><key>ProductID</key><string>p</string><key>Type</key><string>Consumable</string>"
            + "<key>Prices</key><dict><key>USA</key><string>1</string></dict><key>Localizations</key><dict>"
            + "<key>en</key><dict><key>DisplayName</key><string>N</string><key>Description</key><string/></dict>"
            + "</dict><key>Payouts</key><array><string>gems</string></array></dict>"
        let text = CatalogText.withProduct(product + "\n<string>not a product</string>")
        let expected = [
            "4:308: error: 'Payouts[0]' must be of type dict, found string",
            "5:1: error: 'Products[1]' must be of type dict, found string",
        ]
        #expect(CatalogText.diagnostics(of: text) == expected)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("paths-\(UUID().uuidString).plist")
        try Data(text.utf8).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let streamed = CatalogLoader().load(contentsOfFile: path.path).diagnostics.map {
            "\($0.location.line):\($0.location.column): \($0.severity.rawValue): \($0.message)"
        }
        #expect(streamed == expected, "the file is streamed product by product")
    }

    @Test func readsSeveralProvidersWithStoreIDs() throws {
        let text = CatalogText.document(
            """
            <key>Deployment</key><dict><key>Name</key><string>t</string><key>Storefront</key><string>USA</string>
            <key>Locale</key><string>en_US</string><key>Providers</key><array>
            <dict><key>Kind</key><string>simulated-app-store</string><key>Settings</key><dict>
            <key>Nested</key><dict><key>List</key><array><integer>-3</integer><real>2.5</real><true/>
            <date>2024-01-02T03:04:05Z</date><data>AQID</data></array></dict></dict></dict>
            <dict><key>Kind</key><string>web</string></dict></array></dict>
            <key>Products</key><array><dict><key>ProductID</key><string>p</string><key>Type</key>
            <string>NonConsumable</string><key>StoreIDs</key><dict><key>web</key><string>web-p</string></dict>
            <key>Prices</key><dict><key>USA</key><integer>3</integer></dict><key>Localizations</key><dict>
            <key>en</key><dict><key>DisplayName</key><string>N</string><key>Description</key><string/></dict>
            </dict></dict></array>
            """
        )
        let result = CatalogLoader().load(Data(text.utf8))
        #expect(result.diagnostics == [])
        let catalog = try result.get()
        #expect(catalog.deployment.providers.map(\.kind) == [.simulatedAppStore, "web"])
        #expect(catalog.deployment.defaultProvider?.kind == .simulatedAppStore)
        let settings = try #require(catalog.deployment.provider(.simulatedAppStore)?.settings)
        #expect(
            settings["Nested"]?["List"]
                == .array([
                    .integer(-3), .real(2.5), .bool(true), .date(Date(timeIntervalSince1970: 1_704_164_645)),
                    .data(Data([1, 2, 3])),
                ])
        )
        let product = try #require(catalog.product(withID: "p"))
        #expect(product.storeID(for: "web") == "web-p")
        #expect(product.storeID(for: .simulatedAppStore) == "p")
        #expect(product.price(in: "USA") == Price(amount: 3, currencyCode: "USD"))
    }

    @Test func refusesSettingsProvidersCannotHold() {
        let text = CatalogText.document(
            """
            <key>Deployment</key><dict><key>Name</key><string>t</string><key>Provider</key><string>file</string>
            <key>ProviderSettings</key><dict><key>A</key><dict><key>CF$UID</key><integer>1</integer></dict>
            <key>B</key><integer>18446744073709551615</integer><key>B</key><integer>1</integer></dict>
            <key>Storefront</key><string>USA</string><key>Locale</key><string>en_US</string></dict>
            """
        )
        #expect(
            CatalogText.diagnostics(of: text) == [
                "4:46: error: settings cannot hold a value of type CF$UID",
                "5:13: error: settings cannot hold a value of type integer above 9223372036854775807",
                "5:52: error: duplicate key 'B' (first at line 5, column 1)",
            ]
        )
    }

    @Test func convertsDeeplyNestedSettings() throws {
        let depth = 400
        let nested =
            String(repeating: "<dict><key>k</key>", count: depth) + "<string>leaf</string>"
            + String(repeating: "</dict>", count: depth)
        let text = CatalogText.document(
            """
            <key>Deployment</key><dict><key>Name</key><string>t</string><key>Provider</key><string>file</string>\
            <key>ProviderSettings</key><dict><key>Deep</key>\(nested)</dict>\
            <key>Storefront</key><string>USA</string><key>Locale</key><string>en_US</string></dict>
            """
        )
        let catalog = try CatalogLoader().load(Data(text.utf8)).get()
        var value = try #require(catalog.deployment.defaultProvider?.settings["Deep"])
        for _ in 0..<depth {
            value = try #require(value["k"])
        }
        #expect(value == .string("leaf"))
    }

    @Test func stopsSuggestingAmongVeryManyStorefronts() {
        // Suggestions search at most 256 candidates, so a hostile file cannot make each lookup quadratic.
        func catalog(storefronts count: Int) -> String {
            let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
            let codes = (0..<count).map { "\(letters[$0 / 26 % 26])\(letters[$0 % 26])Q" }
            let declared = codes.map { "<key>\($0)</key><dict><key>Currency</key><string>USD</string></dict>" }
            return CatalogText.document(
                """
                <key>Storefronts</key><dict><key>USA</key><dict><key>Currency</key><string>USD</string></dict>\
                \(declared.joined())</dict>
                <key>Products</key><array><dict><key>ProductID</key><string>p</string><key>Type</key>\
                <string>NonConsumable</string><key>Prices</key><dict><key>USA</key><string>1</string>\
                <key>ABR</key><string>1</string></dict><key>Localizations</key><dict><key>en</key><dict>\
                <key>DisplayName</key><string>N</string><key>Description</key><string/></dict></dict></dict></array>
                """
            )
        }
        let few = CatalogLoader().load(Data(catalog(storefronts: 20).utf8))
        #expect(few.errors.map(\.message) == ["storefront 'ABR' is not declared; did you mean 'ABQ'?"])
        let many = CatalogLoader().load(Data(catalog(storefronts: 300).utf8))
        #expect(many.errors.map(\.message) == ["storefront 'ABR' is not declared"])
    }

    @Test func reportsEachRepeatedEntitlementOfALongList() {
        let names = (0..<200).map { "<string>e\($0 % 100)</string>" }.joined()
        let text = CatalogText.withProduct(
            "<dict><key>ProductID</key><string>p</string><key>Type</key><string>NonConsumable</string>"
                + "<key>Prices</key><dict><key>USA</key><string>1</string></dict>"
                + "<key>Localizations</key><dict><key>en</key><dict><key>DisplayName</key><string>N</string>"
                + "<key>Description</key><string/></dict></dict><key>Entitlements</key><array>\(names)</array></dict>"
        )
        let result = CatalogLoader().load(Data(text.utf8))
        #expect(result.warnings.count == 100)
        #expect(result.warnings.allSatisfy { $0.problem.key == "catalog.duplicateEntitlement" })
        #expect(result.catalog?.product(withID: "p")?.entitlements.count == 100)
    }

    @Test(arguments: [
        ("Catalogs/app.plist", "Messages", "Catalogs/Messages"),
        ("/srv/app/catalog.plist", "Messages/ja", "/srv/app/Messages/ja"),
        ("/srv/app/catalog.plist", "/etc/messages", "/etc/messages"),
        ("catalog.plist", "Messages", "Messages"),
    ])
    func resolvesMessageTablesAgainstTheCatalogFolder(path: String, tables: String, expected: String) throws {
        let text = CatalogText.document(
            """
            <key>Deployment</key><dict><key>Name</key><string>t</string><key>Provider</key><string>file</string>\
            <key>Storefront</key><string>USA</string><key>Locale</key><string>en_US</string>\
            <key>MessageTables</key><string>\(tables)</string></dict>
            """
        )
        let catalog = try CatalogLoader().load(Data(text.utf8), path: path).get()
        #expect(catalog.deployment.messageTables == expected)
    }
}

/// The known keys as the loader lists them in unknown-key diagnostics.
private enum diagnosticKeys {
    static let root = ["CatalogVersion", "Deployment", "Storefronts", "Products"]
}

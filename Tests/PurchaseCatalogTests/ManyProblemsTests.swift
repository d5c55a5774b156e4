import PropertyList
import PurchaseCatalog
import Testing

struct ManyProblemsTests {
    @Test func reportsEveryProblemOfOneFileInOnePass() {
        let path = CatalogTestPaths.fixture("ManyProblems.plist")
        let result = CatalogLoader().load(contentsOfFile: path)
        #expect(result.catalog == nil)
        let rendered = result.diagnostics.map {
            "\($0.location.line):\($0.location.column): \($0.severity.rawValue): \($0.message)"
        }
        #expect(
            rendered == [
                "6:2: error: unsupported CatalogVersion 2; this version of PurchaseKit reads version 1",
                "17:3: warning: unknown key 'MesageTables'; did you mean 'MessageTables'?",
                "30:4: error: invalid currency code 'yen'",
                "45:5: error: invalid price '1,60'",
                "48:4: error: product 'com.example.gems.100' has no localization for the deployment's locale 'ja_JP'",
                "65:6: error: 'Quantity' must be of type integer, found string",
                "69:3: error: missing required key 'Prices' in product 'com.example.gems.100'",
                "71:4: error: duplicate ProductID 'com.example.gems.100' (first at line 37, column 4)",
                "74:4: warning: unknown key 'Prise'; did you mean 'Prices'?",
                "82:5: error: missing required key 'Description' in localization 'ja'",
                "97:5: error: storefront 'EUR' is not declared",
                "115:5: error: '1 month' is not a valid Period",
                "117:5: error: 'Level' must be 1 or more, found 0",
                "121:6: error: 'FreeTrail' is not a valid Mode; did you mean 'FreeTrial'?",
                "127:3: error: products of type NonRenewing need 'Duration'",
                "129:4: error: invalid ProductID 'com.example.season pass'",
                "135:5: error: price 7.99 is written as <real>, which cannot hold most decimal amounts exactly",
                "147:4: warning: 'Simulation' is only read by the simulated App Store, which this deployment does not use",
            ]
        )
        #expect(result.diagnostics.allSatisfy { $0.path == path })
        #expect(result.errors.count == 15)
        #expect(result.warnings.count == 3)
        #expect(
            result.diagnostics.first?.description
                == "\(path):6:2: error: unsupported CatalogVersion 2; this version of PurchaseKit reads version 1\n"
                + "\(path):6:2: note: Set <key>CatalogVersion</key><integer>1</integer>."
        )
        #expect(throws: CatalogValidationError.self) { try result.get() }
    }
}

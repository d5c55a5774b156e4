import PropertyList
import PurchaseCore

extension CatalogDecoder {
    /// Reads a whole catalog; returns it when no error was found.
    mutating func decode(_ root: PropertyListNode) -> Catalog? {
        guard case .dictionary(let entries) = root.value else {
            report(.rootNotDictionary(found: root.value.typeName), at: root.location)
            return nil
        }
        var version, deployment, storefronts, products: PropertyListEntry?
        for entry in entries {
            switch entry.key {
            case "CatalogVersion": take(&version, entry)
            case "Deployment": take(&deployment, entry)
            case "Storefronts": take(&storefronts, entry)
            case "Products": take(&products, entry)
            default: unknownKey(entry, known: CatalogKeys.root)
            }
        }
        let container = "the catalog's root dict"
        var catalogVersion: Int?
        if let version {
            if case .integer(let number) = version.value.value {
                if number.intValue == CatalogVersion.current {
                    catalogVersion = CatalogVersion.current
                } else {
                    report(.unsupportedVersion(number.description), at: version.value.location)
                }
            } else {
                report(
                    .wrongType(key: "CatalogVersion", expected: "integer", found: version.value.value.typeName),
                    at: version.value.location
                )
            }
        } else {
            report(.missingKey("CatalogVersion", in: container), at: root.location)
        }

        if let storefronts {
            decodeStorefronts(storefronts.value)
        } else {
            report(.missingKey("Storefronts", in: container), at: root.location)
        }

        var decodedDeployment: Deployment?
        if let deployment {
            decodedDeployment = decodeDeployment(deployment.value)
        } else {
            report(.missingKey("Deployment", in: container), at: root.location)
        }

        var decodedProducts: [Product] = []
        if let products {
            if let elements = array(products.value, key: "Products") {
                decodedProducts.reserveCapacity(elements.count)
                productIDs.reserveCapacity(elements.count)
                for element in elements {
                    if let product = decodeProduct(element), errorCount == 0 {
                        decodedProducts.append(product)
                    }
                }
            }
        } else {
            report(.missingKey("Products", in: container), at: root.location)
        }

        guard errorCount == 0, let catalogVersion, let decodedDeployment, let storefronts = self.storefronts else {
            return nil
        }
        return Catalog(
            version: catalogVersion,
            deployment: decodedDeployment,
            storefronts: storefronts,
            products: decodedProducts
        )
    }

    /// Reads `Storefronts`: code to a dict with `Currency`.
    mutating func decodeStorefronts(_ node: PropertyListNode) {
        guard let entries = dictionary(node, key: "Storefronts") else { return }
        reportDuplicateKeys(entries)
        var result: [String: Storefront] = [:]
        for entry in entries {
            let code = entry.key
            if !Storefront.isValidCode(code) {
                report(.invalidStorefrontCode(code), at: entry.keyLocation)
            }
            guard let fields = dictionary(entry.value, key: code) else { continue }
            var currency: PropertyListEntry?
            for field in fields {
                switch field.key {
                case "Currency": take(&currency, field)
                default: unknownKey(field, known: CatalogKeys.storefront)
                }
            }
            // A storefront counts as declared even when its currency is wrong, so prices naming it do not
            // repeat the error.
            var currencyCode = ""
            if let currency {
                if let code = string(currency.value, key: "Currency") {
                    if Storefront.isValidCurrencyCode(code) {
                        currencyCode = code
                    } else {
                        report(.invalidCurrencyCode(code), at: currency.value.location)
                    }
                }
            } else {
                report(.missingKey("Currency", in: "storefront '\(code)'"), at: entry.value.location)
            }
            result[code] = Storefront(code: code, currencyCode: currencyCode)
        }
        storefronts = result
    }

    /// Checks that `code` names a declared storefront (when storefronts loaded) and returns it.
    mutating func declaredStorefront(_ code: String, at location: SourceLocation) -> Storefront? {
        guard let storefronts else { return nil }
        if let storefront = storefronts[code] { return storefront }
        let suggestion = ClosestMatch.find(code, in: storefronts.keys.sorted())
        report(.undeclaredStorefront(code, suggestion: suggestion), at: location)
        return nil
    }
}

import PropertyList
import PurchaseCore

extension CatalogDecoder {
    /// Reads a whole catalog; returns it when no error was found.
    ///
    /// Consumes the tree as it goes: each product's subtree is released once the product is read, so that
    /// the tree and the catalog built from it are not both whole in memory. (When the caller keeps its own
    /// reference to the tree, nothing is released early and the result is the same.)
    mutating func decode(_ root: consuming PropertyListNode) -> Catalog? {
        guard case .dictionary(var entries) = root.value else {
            report(.rootNotDictionary(found: root.value.typeName), at: root.location)
            return nil
        }
        let rootLocation = root.location
        // Drop the root's hold on its entries, so that `entries` alone owns them.
        root.value = .boolean(false)
        var version, deployment, storefronts, products: Int?
        for index in entries.indices {
            switch entries[index].key {
            case "CatalogVersion": take(&version, index, in: entries)
            case "Deployment": take(&deployment, index, in: entries)
            case "Storefronts": take(&storefronts, index, in: entries)
            case "Products": take(&products, index, in: entries)
            default: unknownKey(entries[index], known: CatalogKeys.root)
            }
        }
        let container = CatalogContainer.root
        var catalogVersion: Int?
        if let version {
            if case .integer(let number) = entries[version].value.value {
                if number.intValue == CatalogVersion.current {
                    catalogVersion = CatalogVersion.current
                } else {
                    report(.unsupportedVersion(number.description), at: entries[version].value.location)
                }
            } else {
                report(
                    .wrongType(
                        key: "CatalogVersion", expected: "integer", found: entries[version].value.value.typeName),
                    at: entries[version].value.location
                )
            }
        } else {
            report(.missingKey("CatalogVersion", in: container), at: rootLocation)
        }

        var decodedDeployment: Deployment?
        var decodedProducts: [Product] = []
        if let stream = productStream {
            // The products were read as they streamed: keep them if they were read against the sections
            // that count, and if the array streamed is the one that counts.
            guard !stream.isSpoiled, let products, entries[products].value.location == stream.arrayLocation,
                storefronts.map({ entries[$0].value.location }) == stream.storefrontsLocation,
                deployment.map({ entries[$0].value.location }) == stream.deploymentLocation
            else {
                needsWholeTree = true
                return nil
            }
            if storefronts == nil { report(.missingKey("Storefronts", in: container), at: rootLocation) }
            if deployment == nil { report(.missingKey("Deployment", in: container), at: rootLocation) }
            decodedDeployment = stream.deployment
            decodedProducts = stream.products
            productStream = nil
        } else {
            if let storefronts {
                decodeStorefronts(entries[storefronts].value)
            } else {
                report(.missingKey("Storefronts", in: container), at: rootLocation)
            }

            if let deployment {
                decodedDeployment = decodeDeployment(entries[deployment].value)
            } else {
                report(.missingKey("Deployment", in: container), at: rootLocation)
            }

            if let products {
                if var elements = array(entries[products].value, key: "Products") {
                    entries[products].value.value = .boolean(false)
                    decodedProducts.reserveCapacity(elements.count)
                    productIDs.reserveCapacity(elements.count)
                    let placeholder = PropertyListNode(.boolean(false))
                    for index in elements.indices {
                        // Move the product out of the array: its subtree is freed when `element` goes.
                        let element = elements[index]
                        elements[index] = placeholder
                        if let product = decodeProduct(element, index: index), errorCount == 0 {
                            decodedProducts.append(product)
                        }
                    }
                }
            } else {
                report(.missingKey("Products", in: container), at: rootLocation)
            }
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
            // A storefront counts as declared even when its dict or currency is wrong, so prices naming it
            // do not repeat the error.
            guard let fields = dictionary(entry.value, key: code) else {
                result[code] = Storefront(code: code, currencyCode: "")
                continue
            }
            var currency: Int?
            for index in fields.indices {
                switch fields[index].key {
                case "Currency": take(&currency, index, in: fields)
                default: unknownKey(fields[index], known: CatalogKeys.storefront)
                }
            }
            var currencyCode = ""
            if let currency {
                if let code = string(fields[currency].value, key: "Currency") {
                    if Storefront.isValidCurrencyCode(code) {
                        currencyCode = code
                    } else {
                        report(.invalidCurrencyCode(code), at: fields[currency].value.location)
                    }
                }
            } else {
                report(.missingKey("Currency", in: .storefront(code)), at: entry.value.location)
            }
            result[code] = Storefront(code: code, currencyCode: currencyCode)
        }
        storefronts = result
    }

    /// Checks that `code` names a declared storefront (when storefronts loaded) and returns it.
    mutating func declaredStorefront(_ code: String, at location: SourceLocation) -> Storefront? {
        guard let storefronts else { return nil }
        if storefrontList.count <= 16 {
            for storefront in storefrontList where storefront.code == code { return storefront }
        } else if let storefront = storefronts[code] {
            return storefront
        }
        if sortedStorefrontCodes == nil { sortedStorefrontCodes = storefronts.keys.sorted() }
        let suggestion = ClosestMatch.find(code, in: sortedStorefrontCodes ?? [])
        report(.undeclaredStorefront(code, suggestion: suggestion), at: location)
        return nil
    }
}

import PropertyList
import PurchaseCore

extension CatalogDecoder {
    /// What was read while the parser streamed the `Products` array, and against which sections.
    struct ProductStream {
        /// Where the streamed `Products` array starts.
        var arrayLocation: SourceLocation
        /// Where the `Storefronts` and `Deployment` values read before the array start (`nil`: none came
        /// before it).
        var storefrontsLocation: SourceLocation?
        var deploymentLocation: SourceLocation?
        var deployment: Deployment?
        var products: [Product] = []
        /// How many elements of the array were streamed so far.
        var elements = 0
        /// A second `Products` array was streamed: the results cannot stand for the whole file.
        var isSpoiled = false
    }

    /// Reads one product while the parser is still reading the file, so that its subtree can be freed at
    /// once. On the first product, reads the `Storefronts` and `Deployment` that came before the array
    /// (each product is checked against them).
    ///
    /// The results stand only if those sections and this array turn out to be the ones that count in the
    /// whole file (the last of each key); ``decode(_:)`` checks that and asks for a full read otherwise.
    mutating func streamProduct(_ element: ArrayStream.Element) {
        if let preceding = element.precedingEntries {
            guard productStream == nil else {
                productStream?.isSpoiled = true
                return
            }
            var stream = ProductStream(arrayLocation: element.arrayLocation)
            if let index = preceding.lastIndex(where: { $0.key == "Storefronts" }) {
                decodeStorefronts(preceding[index].value)
                stream.storefrontsLocation = preceding[index].value.location
            }
            if let index = preceding.lastIndex(where: { $0.key == "Deployment" }) {
                stream.deployment = decodeDeployment(preceding[index].value)
                stream.deploymentLocation = preceding[index].value.location
            }
            productStream = stream
        }
        guard let stream = productStream, !stream.isSpoiled, stream.arrayLocation == element.arrayLocation else {
            productStream?.isSpoiled = true
            return
        }
        let index = stream.elements
        productStream?.elements += 1
        if let product = decodeProduct(element.node, index: index), errorCount == 0 {
            productStream?.products.append(product)
        }
    }
}

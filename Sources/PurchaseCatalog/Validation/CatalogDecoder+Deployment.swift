import PropertyList
import PurchaseCore

extension CatalogDecoder {
    /// Reads `Deployment`, remembering its storefront, locale and providers for the product checks.
    mutating func decodeDeployment(_ node: PropertyListNode) -> Deployment? {
        guard let entries = dictionary(node, key: "Deployment") else { return nil }
        var name, provider, providers, providerSettings, storefront, locale, messageTables: PropertyListEntry?
        for entry in entries {
            switch entry.key {
            case "Name": take(&name, entry)
            case "Provider": take(&provider, entry)
            case "Providers": take(&providers, entry)
            case "ProviderSettings": take(&providerSettings, entry)
            case "Storefront": take(&storefront, entry)
            case "Locale": take(&locale, entry)
            case "MessageTables": take(&messageTables, entry)
            default: unknownKey(entry, known: CatalogKeys.deployment)
            }
        }
        let errorsBefore = errorCount
        var deploymentName: String?
        if let name {
            deploymentName = text(name.value, key: "Name")
        } else {
            report(.missingKey("Name", in: "Deployment"), at: node.location)
        }

        let configurations = decodeProviders(
            provider: provider,
            providers: providers,
            settings: providerSettings,
            deployment: node
        )
        providerKinds = configurations?.map(\.kind)

        var storefrontCode: String?
        if let storefront {
            if let code = string(storefront.value, key: "Storefront"),
                declaredStorefront(code, at: storefront.value.location) != nil
            {
                storefrontCode = code
                deploymentStorefront = code
            }
        } else {
            report(.missingKey("Storefront", in: "Deployment"), at: node.location)
        }

        var localeIdentifier: String?
        if let locale {
            if let text = string(locale.value, key: "Locale") {
                if let canonical = LocaleFallback.canonicalIdentifier(text) {
                    localeIdentifier = canonical
                    deploymentLocale = (canonical, LocaleFallback.candidates(for: canonical))
                } else {
                    report(.invalidLocale(text), at: locale.value.location)
                }
            }
        } else {
            report(.missingKey("Locale", in: "Deployment"), at: node.location)
        }

        var tables: String?
        if let messageTables {
            tables = text(messageTables.value, key: "MessageTables").map(resolveAgainstCatalog)
        }

        guard errorCount == errorsBefore, let deploymentName, let configurations, let storefrontCode,
            let localeIdentifier
        else { return nil }
        return Deployment(
            name: deploymentName,
            providers: configurations,
            storefront: storefrontCode,
            locale: localeIdentifier,
            messageTables: tables
        )
    }

    /// A path relative to the catalog's folder, or `relative` unchanged when absolute or without a catalog path.
    func resolveAgainstCatalog(_ relative: String) -> String {
        guard !relative.hasPrefix("/"), let path, let slash = path.lastIndex(of: "/") else { return relative }
        return String(path[...slash]) + relative
    }

    private mutating func decodeProviders(
        provider: PropertyListEntry?,
        providers: PropertyListEntry?,
        settings: PropertyListEntry?,
        deployment: PropertyListNode
    ) -> [ProviderConfiguration]? {
        switch (provider, providers) {
        case (nil, nil):
            report(.missingProvider, at: deployment.location)
            if let settings { _ = decodeSettings(settings.value, key: "ProviderSettings") }
            return nil
        case (.some, .some(let providers)):
            report(.conflictingProviderKeys, at: providers.keyLocation)
            return nil
        case (.some(let provider), nil):
            let kind = providerKind(provider.value, key: "Provider")
            let decoded = settings.flatMap { decodeSettings($0.value, key: "ProviderSettings") } ?? [:]
            guard let kind else { return nil }
            return [ProviderConfiguration(kind: kind, settings: decoded)]
        case (nil, .some(let providers)):
            if let settings { report(.providerSettingsWithProviders, at: settings.keyLocation) }
            guard let elements = array(providers.value, key: "Providers") else { return nil }
            if elements.isEmpty {
                report(.emptyProviders, at: providers.value.location)
                return nil
            }
            var result: [ProviderConfiguration] = []
            var seen: [ProviderKind: SourceLocation] = [:]
            var failed = false
            for element in elements {
                guard let configuration = decodeProviderEntry(element) else {
                    failed = true
                    continue
                }
                if let first = seen[configuration.kind] {
                    report(.duplicateProvider(configuration.kind.rawValue, first: first), at: element.location)
                    failed = true
                } else {
                    seen[configuration.kind] = element.location
                    result.append(configuration)
                }
            }
            return failed ? nil : result
        }
    }

    private mutating func decodeProviderEntry(_ node: PropertyListNode) -> ProviderConfiguration? {
        guard let entries = dictionary(node, key: "Providers entry") else { return nil }
        var kind, settings: PropertyListEntry?
        for entry in entries {
            switch entry.key {
            case "Kind": take(&kind, entry)
            case "Settings": take(&settings, entry)
            default: unknownKey(entry, known: CatalogKeys.providerEntry)
            }
        }
        let decoded = settings.flatMap { decodeSettings($0.value, key: "Settings") } ?? [:]
        guard let kind else {
            report(.missingKey("Kind", in: "a Providers entry"), at: node.location)
            return nil
        }
        return providerKind(kind.value, key: "Kind").map { ProviderConfiguration(kind: $0, settings: decoded) }
    }

    /// A provider kind: a letter, then letters, digits, `.`, `_` or `-`; registered, when the loader knows.
    private mutating func providerKind(_ node: PropertyListNode, key: String) -> ProviderKind? {
        guard let text = string(node, key: key) else { return nil }
        guard Self.isValidProviderKind(text) else {
            report(.invalidProviderKind(text), at: node.location)
            return nil
        }
        let kind = ProviderKind(text)
        if let knownProviderKinds, !knownProviderKinds.contains(kind) {
            let suggestion = ClosestMatch.find(text, in: knownProviderKinds.map(\.rawValue).sorted())
            report(.unknownProviderKind(text, suggestion: suggestion), at: node.location)
            return nil
        }
        return kind
    }

    static func isValidProviderKind(_ text: String) -> Bool {
        guard let first = text.utf8.first, isASCIILetter(first) else { return false }
        return text.utf8.allSatisfy { isASCIILetter($0) || isASCIIDigit($0) || $0 == 0x2E || $0 == 0x5F || $0 == 0x2D }
    }
}

func isASCIILetter(_ byte: UInt8) -> Bool {
    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
}

func isASCIIDigit(_ byte: UInt8) -> Bool {
    byte >= 0x30 && byte <= 0x39
}

import Foundation
import PropertyList
import PurchaseCatalog
import PurchaseCore
import PurchaseKit

/// `purchasekit catalog validate [FILE...]`: checks catalogs (`-` for standard input) and prints
/// every problem.
///
/// Diagnostics go to standard error in the compiler's format; standard output gets, per file, a
/// summary line and the products of a valid catalog (or with `--json` one JSON array describing
/// every file). Every file is checked even after a failure; the exit status is the worst seen:
/// 66 for a missing file, 74 for an unreadable one, 65 for any error, else 0. The summary of several
/// files counts as checked only the files that could be read, and says how many could not.
struct CatalogValidateCommand {
    /// The catalogs to check.
    var paths: [String]
    /// The global options (`--json`, `--locale`).
    var options: GlobalOptions
    /// The plug-ins deployments and catalogs are read with (the tool's, `ProviderRegistry.builtIn` by default).
    var registry: ProviderRegistry = .builtIn
    /// Whether no file was named, so the deployment catalog (`--catalog` or the default) is checked.
    var checksTheDeploymentCatalog: Bool

    /// Takes the files to check; none means the `--catalog` file.
    init(arguments: CommandArguments, options: GlobalOptions) throws(ToolError) {
        checksTheDeploymentCatalog = arguments.positionals.isEmpty
        paths = checksTheDeploymentCatalog ? [options.catalogPath] : arguments.positionals
        self.options = options
    }

    /// Checks every file.
    func run(console: Console) throws(ToolError) -> ExitCode {
        var status = ExitCode.success
        var reports: [String] = []
        var totals = (unread: 0, errors: 0, warnings: 0)
        for path in paths {
            let (fileStatus, report) = check(path, console: console)
            status = status.worst(fileStatus)
            reports.append(report.json)
            totals.unread += report.read ? 0 : 1
            totals.errors += report.errors
            totals.warnings += report.warnings
            if !options.json, let text = report.text { try console.print(text) }
        }
        if options.json {
            try console.print("[" + reports.joined(separator: ",\n") + "]\n")
        } else if paths.count > 1 {
            let checked = paths.count - totals.unread
            try console.print(
                totals.unread == 0
                    ? .validationSummary(files: checked, errors: totals.errors, warnings: totals.warnings)
                    : .validationSummaryUnread(
                        files: checked, unread: totals.unread, errors: totals.errors, warnings: totals.warnings))
        }
        return status
    }

    /// What checking one file found.
    struct Report {
        /// Whether the file could be read (a missing or unreadable file is not counted as checked).
        var read = true
        var errors = 0
        var warnings = 0
        var text: String?
        var json: String
    }

    private func check(_ path: String, console: Console) -> (ExitCode, Report) {
        do {
            if path == "-" {
                try InputFile.checkStandardInput()
            } else if checksTheDeploymentCatalog {
                try InputFile.checkCatalog(options)
            } else {
                try InputFile.checkReadable(path)
            }
        } catch {
            guard case .tool(let failure) = error else { return (.internalError, Report(json: "{}")) }
            console.error(failure.message)
            let json = TaggedJSON.encode(
                .dictionary([
                    entry("path", .string(InputFile.name(of: path))), entry("valid", .boolean(false)),
                    entry("error", .string(console.text(failure.message))),
                ])
            )
            return (failure.exitCode, Report(read: false, json: json))
        }
        let shownPath = path == "-" ? "<stdin>" : path
        let result =
            path == "-"
            ? CatalogLoader(registry: registry).load(fileDescriptor: STDIN_FILENO, path: shownPath)
            : CatalogLoader(registry: registry).load(contentsOfFile: path)
        defer { ExitingProcess.keepUntilExit(result) }
        for diagnostic in result.diagnostics {
            console.diagnostic(diagnostic)
        }
        // The count of what was found and not shown, naming only the kinds left out.
        let omitted: (MessageKey, [MessageArgument])? =
            switch (result.omittedErrors, result.omittedWarnings) {
            case (0, 0): nil
            case (let errors, 0): (.toolValidationOmittedErrors, [.text(shownPath), .integer(errors)])
            case (0, let warnings): (.toolValidationOmittedWarnings, [.text(shownPath), .integer(warnings)])
            case (let errors, let warnings):
                (.toolValidationOmitted, [.text(shownPath), .integer(errors), .integer(warnings)])
            }
        if let (key, arguments) = omitted { console.diagnostic(console.text(.keyed(key, arguments: arguments))) }
        let errors = result.errorCount
        let warnings = result.warningCount
        let products = result.catalog?.products ?? []
        var lines =
            console.text(.catalogSummary(path: shownPath, products: products.count, errors: errors, warnings: warnings))
            + "\n"
        // Only asked for with --json (it costs as much as printing the diagnostics).
        guard options.json else {
            if let catalog = result.catalog { lines += productLines(catalog) }
            return (
                errors > 0 ? .dataError : .success, Report(errors: errors, warnings: warnings, text: lines, json: "")
            )
        }
        let json = TaggedJSON.encode(
            .dictionary([
                entry("path", .string(shownPath)),
                entry("valid", .boolean(result.catalog != nil)),
                entry("products", .array(products.map { PropertyListNode(.string($0.productID)) })),
                entry(
                    "diagnostics",
                    .array(result.diagnostics.map { PropertyListNode(Self.json(for: $0, console: console)) })),
                entry("omittedErrors", .integer(PropertyListInteger(Int64(result.omittedErrors)))),
                entry("omittedWarnings", .integer(PropertyListInteger(Int64(result.omittedWarnings)))),
            ])
        )
        return (errors > 0 ? .dataError : .success, Report(errors: errors, warnings: warnings, text: lines, json: json))
    }

    /// One line per product, in columns: identifier, type, price in the default storefront, name.
    private func productLines(_ catalog: Catalog) -> String {
        let candidates = LocaleFallback.candidates(for: options.locale ?? catalog.deployment.locale)
        let storefront = catalog.deployment.storefront
        // A catalog has few distinct prices: each is spelled once (`Decimal`'s spelling is slow).
        var spelledPrices: [Price: String] = [:]
        var prices: [String] = []
        prices.reserveCapacity(catalog.products.count)
        // Identifiers, type names and prices are ASCII (the loader checks identifiers), so their
        // width is their count of UTF-8 bytes, which is cheap to take.
        // Each product's fields are read in place (`products[index].productID`): copying a `Product`
        // retains and releases every field of it.
        let products = catalog.products
        var widths = (0, 0, 0)
        for index in products.indices {
            var price = "-"
            if let amount = products[index].prices[storefront] {
                if let spelled = spelledPrices[amount] {
                    price = spelled
                } else {
                    price = amount.description
                    spelledPrices[amount] = price
                }
            }
            prices.append(price)
            widths.0 = max(widths.0, products[index].productID.utf8.count)
            widths.1 = max(widths.1, products[index].type.rawValue.utf8.count)
            widths.2 = max(widths.2, price.utf8.count)
        }
        let spaces = String(repeating: " ", count: max(widths.0, widths.1, widths.2) + 2)
        var text = ""
        text.reserveCapacity(products.count * (widths.0 + widths.1 + widths.2 + 40))
        func append(_ column: String, paddedTo width: Int) {
            text += column
            text.append(contentsOf: spaces.prefix(width - column.utf8.count + 2))
        }
        // Columns of values from the catalog: layout, no words to translate.
        for index in products.indices {
            text += "  "
            append(products[index].productID, paddedTo: widths.0)
            append(products[index].type.rawValue, paddedTo: widths.1)
            append(prices[index], paddedTo: widths.2)
            text += products[index].localization(forCandidates: candidates)?.displayName ?? ""
            text += "\n"
        }
        return text
    }

    /// A diagnostic as JSON: position, severity and `code` are stable; `message` and `hint` are in the
    /// tool's locale, like every text for people.
    private static func json(for diagnostic: Diagnostic, console: Console) -> PropertyListValue {
        let locale = console.locale
        return .dictionary([
            entry("path", .string(diagnostic.path ?? "<input>")),
            entry("line", .integer(PropertyListInteger(Int64(diagnostic.location.line)))),
            entry("column", .integer(PropertyListInteger(Int64(diagnostic.location.column)))),
            entry("severity", .string(diagnostic.severity.rawValue)),
            entry("code", .string(diagnostic.problem.key)),
            entry("message", .string(diagnostic.message(locale: locale, table: console.table))),
            entry("hint", .string(diagnostic.hint(locale: locale, table: console.table))),
        ])
    }
}

private func entry(_ key: String, _ value: PropertyListValue) -> PropertyListEntry {
    PropertyListEntry(key: key, value: PropertyListNode(value))
}

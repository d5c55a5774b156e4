import Foundation

// `purchasekit-catalog-tool`: the logic behind the PurchaseCatalogCodegen and validate-catalog plugins.
exit(CatalogTool().run(Array(CommandLine.arguments.dropFirst())))

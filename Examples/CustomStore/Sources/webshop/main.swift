import CustomStore
import PurchaseKitCLI

// Every command of PurchaseKit's tool, reading catalogs and opening deployments with this
// package's web-checkout provider and SQLite ledger beside the built-in plug-ins.
PurchaseKitCommandLine.main(registry: CustomStorePlugIns.registry)

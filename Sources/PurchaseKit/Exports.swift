@_exported public import FileStore
@_exported public import Journal
@_exported public import PropertyList
@_exported public import PurchaseCatalog
@_exported public import PurchaseCore
@_exported public import PurchaseScenarios
@_exported public import SimulatedAppStore

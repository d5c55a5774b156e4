@_exported public import PropertyList
@_exported public import PurchaseCatalog
@_exported public import PurchaseCore

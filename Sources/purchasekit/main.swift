import PurchaseKitCLI

PurchaseKitCommandLine.main()

import Foundation
import PurchaseServer

// The server's whole command line lives in PurchaseServer; this executable only runs it.
exit(await PurchaseServerCommand.main(arguments: Array(CommandLine.arguments.dropFirst())))

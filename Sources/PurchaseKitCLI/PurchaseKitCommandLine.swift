import Glibc
public import PurchaseKit

/// The `purchasekit` command-line tool as a library, so that an app builds its own tool with its
/// own plug-ins: every command of the tool (catalog validation, buying, restoring, entitlements,
/// history, scenarios, the tour...), reading catalogs and opening deployments with the registry it
/// is given.
///
/// Guarantees: ``run(_:registry:)`` never exits the process; it prints what the command prints to
/// standard output and standard error and returns the documented exit status (0 success, 1
/// refused or cancelled, 64 usage, 65 invalid data, 66 missing input, 70 internal, 74 I/O, 75
/// temporary). A catalog naming a kind the registry does not know is a catalog error at its line.
public enum PurchaseKitCommandLine {
    /// Runs one command line and returns its exit status.
    ///
    /// - Parameters:
    ///   - arguments: the command line without the program name (`["buy", "com.example.gems.100"]`).
    ///   - registry: the providers and ledgers deployments are built with; `ProviderRegistry.builtIn`
    ///     plus your own.
    public static func run(_ arguments: [String], registry: ProviderRegistry = .builtIn) -> Int32 {
        Tool(arguments: arguments, registry: registry).run().rawValue
    }

    /// Runs the process's command line and exits with its status: the whole `main.swift` of a tool.
    /// A reader that goes away (a closed pipe) is an I/O error (74), not a signal.
    public static func main(registry: ProviderRegistry = .builtIn) -> Never {
        Console.ignoreBrokenPipes()
        ExitingProcess.exitsAfterCommand()
        exit(run(Array(CommandLine.arguments.dropFirst()), registry: registry))
    }
}

import PurchaseCore

/// What a tool run by ``PurchaseKitCommandLine/main(registry:)`` has finished with but does not free,
/// since the process exits right after the command: freeing a large catalog's thousands of products
/// one allocation at a time costs more than printing them (compilers skip freeing their trees at exit
/// for the same reason). A tool run in process by ``PurchaseKitCommandLine/run(_:registry:)`` frees
/// everything as usual.
enum ExitingProcess {
    private static let state = Locked<(exitsAfterCommand: Bool, kept: [any Sendable])>((false, []))

    /// Marks this process as one that exits when its one command ends.
    static func exitsAfterCommand() {
        state.withLock { $0.exitsAfterCommand = true }
    }

    /// Keeps `value` until the process exits when it does so after the command; otherwise does nothing,
    /// and `value` is freed when its last user lets it go.
    static func keepUntilExit(_ value: some Sendable) {
        state.withLock { state in
            if state.exitsAfterCommand { state.kept.append(value) }
        }
    }
}

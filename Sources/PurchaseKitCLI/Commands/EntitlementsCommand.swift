import Foundation
import PurchaseKit

/// `purchasekit entitlements`: what the person owns now: entitlement names, balances, and
/// subscriptions with their expiry and renewal state (in a billing grace period, or ended early by
/// the store). With `--account UUID`, that account's (the JSON output names it, `account`); without
/// it, the default account's.
struct EntitlementsCommand {
    var options: GlobalOptions
    /// The account asked about; `nil` for the default account.
    var account: UUID?
    /// The plug-ins deployments and catalogs are read with (the tool's, `ProviderRegistry.builtIn` by default).
    var registry: ProviderRegistry = .builtIn

    init(arguments: CommandArguments, options: GlobalOptions) throws(ToolError) {
        if let extra = arguments.positionals.first {
            throw .usage(.unexpectedArgument(extra, command: "entitlements"))
        }
        account = try AccountOption.parse(arguments)
        self.options = options
    }

    func run(console: Console) throws(ToolError) -> ExitCode {
        let (json, account) = (options.json, account)
        return try DeploymentSession(
            options: options, console: console, access: .readWriteIfPossible, registry: registry
        ).run {
            deployment, console throws(PurchaseError) in
            let entitlements: Entitlements
            do {
                entitlements = try await deployment.store.entitlements(for: account)
            } catch {
                throw error as? PurchaseError ?? PurchaseError(.ledgerIOFailed, underlyingError: error)
            }
            let renewing = try await Self.renewalFlags(deployment)
            let balances = entitlements.balances.filter { $0.value != 0 }.sorted { $0.key < $1.key }
            let subscriptions = entitlements.subscriptions.sorted { $0.productID < $1.productID }
            if json {
                var entries: [(String, JSONText)] = [
                    ("entitlements", .array(entitlements.names.sorted().map { .string($0) })),
                    ("balances", .object(balances.map { ($0.key, .number($0.value)) })),
                    (
                        "subscriptions",
                        .array(
                            subscriptions.map { status in
                                var entries: [(String, JSONText)] = [
                                    ("productID", .string(status.productID)), ("group", .string(status.group)),
                                    ("level", .number(status.level)), ("expiry", .date(status.expirationDate)),
                                    ("state", .string(status.state.rawValue)),
                                    ("grantsAccess", .bool(status.grantsAccess)),
                                ]
                                if let flag = renewing[status.productID] {
                                    entries.append(("willAutoRenew", .bool(flag)))
                                }
                                entries.append(("endedEarly", .bool(status.endedEarly)))
                                if let graceEnd = status.gracePeriodExpirationDate {
                                    entries.append(("gracePeriodExpiry", .date(graceEnd)))
                                }
                                return .object(entries)
                            })
                    ),
                ]
                if let account { entries.append(("account", AccountOption.json(account))) }
                try ProductsCommand.write(JSONText.object(entries).text + "\n", console)
                return .success
            }
            let render = { (message: PurchaseCore.Message) in deployment.render(message) }
            var text = ""
            if entitlements.names.isEmpty && balances.isEmpty && subscriptions.isEmpty {
                text = render(.toolNothingOwned) + "\n"
            }
            if !entitlements.names.isEmpty {
                let names = entitlements.names.sorted().joined(separator: ", ")
                text +=
                    render(.keyed(.toolLabelled, arguments: [.text(render(.toolEntitlements)), .text(names)])) + "\n"
            }
            for (name, quantity) in balances {
                text += render(.balanceAmount(name: name, quantity: quantity)) + "\n"
            }
            for status in subscriptions {
                text += render(Self.message(for: status, named: deployment.displayName(of: status.productID))) + "\n"
            }
            try ProductsCommand.write(text, console)
            return .success
        }
    }

    /// The line a person reads about a subscription: active until its expiry, in its billing grace
    /// period until the grace ends, ended early by the store on its expiry, or expired.
    static func message(for status: SubscriptionStatus, named name: String) -> PurchaseCore.Message {
        switch status.state {
        case .active:
            .subscriptionExpires(productName: name, date: status.expirationDate)
        case .inGracePeriod:
            .subscriptionInGracePeriod(
                productName: name, date: status.gracePeriodExpirationDate ?? status.expirationDate)
        case .expired where status.endedEarly:
            .subscriptionEndedEarly(productName: name, date: status.expirationDate)
        case .expired, .revoked:
            .subscriptionExpired(productName: name)
        }
    }

    /// Whether each subscription product's latest chain renews, in a store that lists its history.
    static func renewalFlags(_ deployment: PurchaseDeployment) async throws(PurchaseError) -> [String: Bool] {
        guard let store = deployment.provider((any TransactionHistoryProviding).self) else { return [:] }
        let history: [TransactionHistoryEntry]
        do {
            history = try await store.history()
        } catch {
            throw error as? PurchaseError ?? PurchaseError(.ledgerIOFailed, underlyingError: error)
        }
        var flags: [String: Bool] = [:]
        for entry in history where entry.transaction.productType == .autoRenewable {
            if let flag = entry.transaction.willAutoRenew { flags[entry.transaction.productID] = flag }
        }
        return flags
    }
}

import Foundation

/// The routes of DESIGN.md's HTTP contract, matched from a request's method and path.
enum Route: Sendable, Equatable {
    case appleNotification
    case googleNotification
    case transactions
    case entitlements(account: UUID)
    case spend(account: UUID, balance: String)
    case health
    case metrics

    /// What a path matched, or why it did not.
    enum Match: Equatable {
        case route(Route)
        case wrongMethod(template: String)
        case badAccount(template: String)
        case none
    }

    /// The route template of each route, its label in metrics.
    var template: String {
        switch self {
        case .appleNotification: "/v1/apple/notifications"
        case .googleNotification: "/v1/google/notifications"
        case .transactions: "/v1/transactions"
        case .entitlements: "/v1/accounts/{token}/entitlements"
        case .spend: "/v1/accounts/{token}/balances/{name}/spend"
        case .health: "/healthz"
        case .metrics: "/metrics"
        }
    }

    /// Whether the route is app-facing (it needs the API key).
    var needsAPIKey: Bool {
        switch self {
        case .transactions, .entitlements, .spend: true
        case .appleNotification, .googleNotification, .health, .metrics: false
        }
    }

    /// The route `method` and `path` name.
    static func match(method: String, path: String) -> Match {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        func expect(_ wanted: String, _ route: Route) -> Match {
            method == wanted ? .route(route) : .wrongMethod(template: route.template)
        }
        switch parts.count {
        case 1 where parts[0] == "healthz": return expect("GET", .health)
        case 1 where parts[0] == "metrics": return expect("GET", .metrics)
        case 2 where parts == ["v1", "transactions"]: return expect("POST", .transactions)
        case 3 where parts == ["v1", "apple", "notifications"]: return expect("POST", .appleNotification)
        case 3 where parts == ["v1", "google", "notifications"]: return expect("POST", .googleNotification)
        case 4 where parts[0] == "v1" && parts[1] == "accounts" && parts[3] == "entitlements":
            guard let account = UUID(uuidString: parts[2]) else {
                return .badAccount(template: Route.entitlements(account: UUID()).template)
            }
            return expect("GET", .entitlements(account: account))
        case 6
        where parts[0] == "v1" && parts[1] == "accounts" && parts[3] == "balances" && parts[5] == "spend"
            && !parts[4].isEmpty:
            let template = Route.spend(account: UUID(), balance: "").template
            guard let account = UUID(uuidString: parts[2]) else { return .badAccount(template: template) }
            return expect("POST", .spend(account: account, balance: parts[4]))
        default:
            return .none
        }
    }
}

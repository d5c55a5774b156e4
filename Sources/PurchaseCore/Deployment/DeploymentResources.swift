/// What a deployment shares among its plug-ins: values its opener supplies (options a plug-in
/// looks up by type) and resources opened once and handed to every plug-in that asks for them.
///
/// A file-backed store and a file-backed ledger on one state folder share one journal this way, so
/// a purchase costs one fsync: whichever is built first opens it with ``shared(_:open:)``, the other
/// gets the same instance, and the deployment closes it with ``closeAll()`` after the plug-ins.
///
/// Guarantees:
/// - ``shared(_:open:)`` runs `open` at most once per key while the resources are open; every
///   caller with that key gets the one instance. `open` must not ask these resources for another
///   resource (it runs under their lock).
/// - ``closeAll()`` closes every shared resource once, the last opened first; afterwards
///   ``shared(_:open:)`` opens anew.
/// - Safe to use from several tasks: its state lives behind a lock.
public final class DeploymentResources: Sendable {
    private struct State {
        var opened: [(key: String, resource: any SharedDeploymentResource)] = []
    }

    private let values: [ObjectIdentifier: any Sendable]
    private let state = Locked(State())

    /// Creates resources supplying `values` (at most one of each type; a later one of the same type
    /// replaces an earlier one).
    public init(values: [any Sendable] = []) {
        var byType: [ObjectIdentifier: any Sendable] = [:]
        for value in values { byType[ObjectIdentifier(type(of: value))] = value }
        self.values = byType
    }

    /// The value of type `type` the deployment's opener supplied, if any.
    public func value<Value: Sendable>(_ type: Value.Type) -> Value? {
        values[ObjectIdentifier(type)] as? Value
    }

    /// The resource shared under `key`, opened with `open` by the first caller.
    ///
    /// - Parameters:
    ///   - key: names the resource, including what makes two of them different (a folder's path).
    ///   - open: opens the resource; runs at most once per key.
    /// - Throws: what `open` throws (nothing is kept then), or ``PurchaseError/Code/providerMisconfigured``
    ///   when the resource under `key` is of another type than the caller's.
    public func shared<Resource: SharedDeploymentResource>(
        _ key: String, open: () throws(PurchaseError) -> Resource
    ) throws(PurchaseError) -> Resource {
        try state.withLock { (state) throws(PurchaseError) -> Resource in
            if let existing = state.opened.first(where: { $0.key == key })?.resource {
                guard let resource = existing as? Resource else {
                    throw PurchaseError(
                        .providerMisconfigured,
                        detail: "the shared resource '\(key)' is a \(type(of: existing)), not a \(Resource.self)")
                }
                return resource
            }
            let resource = try open()
            state.opened.append((key, resource))
            return resource
        }
    }

    /// Closes every shared resource, the last opened first.
    public func closeAll() async {
        let opened = state.withLock { state in
            defer { state.opened = [] }
            return state.opened
        }
        for entry in opened.reversed() { await entry.resource.close() }
    }
}

/// A resource a deployment opens once and shares among its plug-ins (see ``DeploymentResources``).
public protocol SharedDeploymentResource: AnyObject, Sendable {
    /// Releases the resource; called once, after every plug-in using it has closed.
    func close() async
}

/// What running a scenario produced.
public struct ScenarioReport: Sendable {
    /// Every JSON line printed, in order.
    public var lines: [String]
    /// The expectations (and steps) that failed, each as `line:column: what was expected and what happened`.
    public var failures: [String]
    /// How many expectations were checked.
    public var checked: Int

    /// Whether every expectation held.
    public var passed: Bool { failures.isEmpty }
}

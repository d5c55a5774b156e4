/// What running a scenario produced.
public struct ScenarioReport: Sendable {
    /// Every JSON line printed, in order.
    public var lines: [String]
    /// The expectations (and steps) that failed, in order, with where they are and what went wrong.
    public var problems: [ScenarioFailure]
    /// The expectations (and steps) that failed, each as `line:column: what was expected and what happened`
    /// (English, ``ScenarioFailure/description``).
    public var failures: [String] { problems.map(\.description) }
    /// How many expectations were checked.
    public var checked: Int

    /// Whether every expectation held.
    public var passed: Bool { problems.isEmpty }
}

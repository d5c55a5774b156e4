/// One expectation or step of a scenario that failed, with where it is and what went wrong, so that a
/// tool can word the sentence in its person's language.
public struct ScenarioFailure: Sendable, Hashable, CustomStringConvertible {
    /// What failed.
    public enum Kind: Sendable, Hashable {
        /// An expectation did not hold: the check's name (`outcome`, `balance gems`), the value expected
        /// and the value found, both as JSON text.
        case expectation(check: String, expected: String, actual: String)
        /// A step could not run: the step's action name and why.
        case step(action: String, problem: ScenarioStepProblem)
    }

    /// The line of the step in the scenario file (1-based).
    public var line: Int
    /// The column of the step in the scenario file (1-based).
    public var column: Int
    /// What failed.
    public var kind: Kind

    /// A failure at `line`:`column`.
    public init(line: Int, column: Int, kind: Kind) {
        self.line = line
        self.column = column
        self.kind = kind
    }

    /// `line:column: expected CHECK EXPECTED, got ACTUAL` or `line:column: ACTION: MESSAGE`, in English.
    public var description: String {
        switch kind {
        case .expectation(let check, let expected, let actual):
            "\(line):\(column): expected \(check) \(expected), got \(actual)"
        case .step(let action, let problem):
            "\(line):\(column): \(action): \(problem)"
        }
    }
}

public import SimulatedAppStore

/// What a running scenario has reached, for a progress indicator (``ScenarioRunner/progress``).
///
/// Progress is reported beside the JSON lines, never in them: a runner prints the same lines whether
/// or not anything listens.
public enum ScenarioProgress: Sendable, Hashable {
    /// A step begins: its number (from 1), how many steps the scenario has, and the step's name as
    /// the scenario file writes it (`buy`, `advanceTime`, `expect`...).
    case step(number: Int, of: Int, name: String)
    /// The payment queue told the app's first observer about its hosted-content downloads, each with
    /// its state and progress.
    case downloads([Download])
}

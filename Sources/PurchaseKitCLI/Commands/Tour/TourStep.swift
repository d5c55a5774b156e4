/// One step of the tour as it is printed: its name, how it turned out, the narration, the message a
/// person would see, and details (lines for people, keys for JSON).
struct TourStep {
    /// How a step turned out, for colouring the person's message.
    enum Tone: Sendable {
        case neutral, success, waiting, failure
    }

    /// The step's stable name in JSON (`products`, `buyConsumable`...).
    var name: String
    /// The outcome's stable name in JSON (`listed`, `purchased`, `pending`, `failed`, `restored`...).
    var outcome: String
    /// What the step does, from the message tables.
    var narration: String
    /// The message a person would see, from the message tables; `nil` when there is none.
    var message: String?
    /// How the outcome reads.
    var tone: Tone = .neutral
    /// Lines for people printed before the message (the state before the step).
    var preamble: [String] = []
    /// Lines for people printed under the message (product lists, balances, entitlements).
    var details: [String] = []
    /// Keys added to the step's JSON object after `step`, `outcome`, `narration` and `message`.
    var json: [(String, JSONText)] = []

    /// The step as one JSON line.
    var jsonLine: String {
        var entries: [(String, JSONText)] = [
            ("step", .string(name)), ("outcome", .string(outcome)), ("narration", .string(narration)),
        ]
        entries.append(("message", message.map(JSONText.string) ?? .null))
        return JSONText.object(entries + json).text + "\n"
    }

    /// The step for people: a numbered narration, the message, then the details.
    func text(number: Int, of total: Int, style: TextStyle) -> String {
        var text = "\n" + style.bold("[\(number)/\(total)] " + narration) + "\n"
        for line in preamble { text += "      " + style.dim(line) + "\n" }
        if let message {
            let styled =
                switch tone {
                case .neutral: message
                case .success: style.success(message)
                case .waiting: style.waiting(message)
                case .failure: style.failure(message)
                }
            text += "      > " + styled + "\n"
        }
        for line in details { text += "      " + style.dim(line) + "\n" }
        return text
    }
}

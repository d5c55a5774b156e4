/// Splits a command line into the global options and the words of the command.
///
/// Global options may appear anywhere (`purchasekit --json plist F` and `purchasekit plist F --json`
/// mean the same). Options take their value as the next word or after `=` (`--catalog=F`). A word
/// `--` ends option parsing: every word after it is an argument, even one starting with `-`.
/// Options the tool does not know as global are left in the command's words for the command to
/// parse with ``CommandArguments``.
///
/// A wrong global option (one without its value, an empty `--catalog`, `--state` or `--locale`) does
/// not stop the parsing: it is kept in ``failure`` and the rest of the line is read, so that the
/// error is told in the language of the `--locale` or `--catalog` given anywhere on the line, like
/// every other error.
struct CommandLineParser {
    /// The global options found.
    var options = GlobalOptions()
    /// The command's words in order: its name, subcommand, arguments and its own options.
    var words: [String] = []
    /// The first wrong global option, as the usage error to report; `nil` when there was none.
    var failure: ToolError?

    /// Parses `arguments` (without the program name).
    init(_ arguments: [String]) {
        var index = 0
        var optionsEnded = false
        var failure: ToolError?
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if optionsEnded || !word.hasPrefix("-") || word == "-" {
                words.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                words.append(word)
                continue
            }
            let (name, inlineValue) = Self.split(word)
            /// The option's value, or `nil` after recording the failure when it is missing or empty.
            func value(emptyMessage: ToolMessage) -> String? {
                var value = inlineValue
                // The next word, unless it is another option (`--state --json` lacks its folder;
                // a value that starts with `--` is given as `--state=--folder`).
                if value == nil, index < arguments.count, !arguments[index].hasPrefix("--") {
                    value = arguments[index]
                    index += 1
                }
                let problem: ToolMessage? =
                    switch value {
                    case nil: .missingOptionValue(name)
                    case ""?: emptyMessage
                    default: nil
                    }
                if let problem {
                    failure = failure ?? .usage(problem)
                    return nil
                }
                return value
            }
            switch name {
            case "--catalog":
                if let path = value(emptyMessage: .emptyCatalog) {
                    options.catalogPath = path
                    options.catalogPathGiven = true
                }
            case "--state":
                if let folder = value(emptyMessage: .emptyState) {
                    options.stateDirectory = folder
                    options.stateDirectoryGiven = true
                }
            case "--locale":
                if let locale = value(emptyMessage: .emptyLocale) { options.locale = locale }
            case "--json" where inlineValue == nil: options.json = true
            case "--help" where inlineValue == nil, "-h": options.help = true
            case "--version" where inlineValue == nil: options.version = true
            default: words.append(word)
            }
        }
        self.failure = failure
    }

    /// Splits `--name=value` into its name and value.
    static func split(_ word: String) -> (name: String, value: String?) {
        guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }
}

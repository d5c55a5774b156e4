/// Splits a command line into the global options and the words of the command.
///
/// Global options may appear anywhere (`purchasekit --json plist F` and `purchasekit plist F --json`
/// mean the same). Options take their value as the next word or after `=` (`--catalog=F`). A word
/// `--` ends option parsing: every word after it is an argument, even one starting with `-`.
/// Options the tool does not know as global are left in the command's words for the command to
/// parse with ``CommandArguments``.
struct CommandLineParser {
    /// The global options found.
    var options = GlobalOptions()
    /// The command's words in order: its name, subcommand, arguments and its own options.
    var words: [String] = []

    /// Parses `arguments` (without the program name).
    init(_ arguments: [String]) throws(ToolError) {
        var index = 0
        var optionsEnded = false
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
            func value() throws(ToolError) -> String {
                if let inlineValue { return inlineValue }
                guard index < arguments.count else { throw .usage(.missingOptionValue(name)) }
                index += 1
                return arguments[index - 1]
            }
            switch name {
            case "--catalog":
                let path = try value()
                guard !path.isEmpty else { throw .usage(.emptyCatalog) }
                options.catalogPath = path
            case "--state":
                let folder = try value()
                guard !folder.isEmpty else { throw .usage(.emptyState) }
                options.stateDirectory = folder
                options.stateDirectoryGiven = true
            case "--locale":
                let locale = try value()
                guard !locale.isEmpty else { throw .usage(.emptyLocale) }
                options.locale = locale
            case "--json" where inlineValue == nil: options.json = true
            case "--help" where inlineValue == nil, "-h": options.help = true
            case "--version" where inlineValue == nil: options.version = true
            default: words.append(word)
            }
        }
    }

    /// Splits `--name=value` into its name and value.
    static func split(_ word: String) -> (name: String, value: String?) {
        guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }
}

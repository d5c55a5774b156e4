/// A command's own arguments: its positional words and the values of the options it declares.
struct CommandArguments {
    /// The positional words, in order.
    var positionals: [String] = []
    /// The value of each declared option present (the last one when repeated).
    var values: [String: String] = [:]
    /// Every value of each declared option present, in order (for options that may be repeated).
    var allValues: [String: [String]] = [:]

    /// Parses the words after a command's name.
    ///
    /// - Parameters:
    ///   - words: what follows the command name (global options already removed).
    ///   - command: the command's name, for error messages (`catalog synthesize`).
    ///   - valueOptions: the options that take a value, such as `--products`.
    /// - Throws: a usage error for an option not declared or one without its value.
    init(_ words: some Collection<String>, command: String, valueOptions: Set<String> = []) throws(ToolError) {
        var iterator = words.makeIterator()
        var optionsEnded = false
        while let word = iterator.next() {
            if optionsEnded || !word.hasPrefix("-") || word == "-" {
                positionals.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            let (name, inlineValue) = CommandLineParser.split(word)
            guard valueOptions.contains(name) else { throw .usage(.unknownOption(name, command: command)) }
            guard let value = inlineValue ?? iterator.next() else { throw .usage(.missingOptionValue(name)) }
            values[name] = value
            allValues[name, default: []].append(value)
        }
    }
}

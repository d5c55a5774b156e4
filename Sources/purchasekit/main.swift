import Glibc

Console.ignoreBrokenPipes()
let status = Tool(arguments: Array(CommandLine.arguments.dropFirst())).run()
exit(status.rawValue)

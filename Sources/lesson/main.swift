import CContainment
import Foundation
import LessonKit

/// `lesson <command> [options] [PATH ...]`: the command-line front end of the lesson checker.
func runCommand(_ arguments: [String]) -> Int32 {
    var arguments = arguments
    let command = arguments.first.flatMap { $0.hasPrefix("-") ? nil : $0 } ?? "check"
    if arguments.first == command { arguments.removeFirst() }
    do {
        switch (command, arguments.first) {
        case (_, "--version"):
            print(Help.version)
            return 0
        case ("check", _) where arguments == ["--help"] || arguments == ["-h"]:
            print(Help.check)
            return 0
        case ("check", _):
            return try CheckCommand.run(arguments)
        case ("list", _):
            return try ListCommand.run(arguments)
        case ("coverage", _):
            return try CoverageCommand.run(arguments)
        case ("grade", _):
            return try GradeCommand.run(arguments)
        case ("merge", _):
            return try MergeCommand.run(arguments)
        case ("help", _):
            print(Help.main)
            return 0
        default:
            let commands = ["check", "list", "grade", "coverage", "merge", "help"]
            throw LessonError(.usage, "unknown command '\(command)'" + Suggestion.hint(for: command, among: commands))
        }
    } catch let error as LessonError where error.kind == .usage || error.kind == .invalidReport {
        printError("error: \(error.description)\nrun 'lesson --help' for usage")
    } catch {
        printError("error: \(error)")
    }
    return 2
}

func printError(_ text: String, newline: Bool = true) {
    FileHandle.standardError.write(Data((text + (newline ? "\n" : "")).utf8))
}

// The containment launcher comes before anything else: it replaces this process with the contained program.
if CommandLine.argc > 1, CommandLine.arguments[1] == "__contain" {
    exit(lesson_contain_main(CommandLine.argc - 1, CommandLine.unsafeArgv + 1))
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["--help"] || arguments == ["-h"] {
    print(Help.main)
    exit(0)
}
// Interrupted, `lesson` stops what it started and removes its temporary folders (a class batch installs
// its own handling, to write its summary first).
Cleanup.shared.install(exitOnSignal: true)
#if os(Linux)
    // Compilers run under this executable's launcher, so none outlives the checker, even killed outright.
    SwiftCompiler.defaultLauncher = GradeCommand.selfExecutable
#endif
let status = runCommand(arguments)
// An interrupted command ends from its signal handler, with 128 + the signal, once it has cleaned up.
while Cleanup.shared.isInterrupted && !Cleanup.shared.letsCallerFinish { pause() }
exit(status)

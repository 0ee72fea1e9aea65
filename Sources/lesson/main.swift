import CContainment
import Foundation
import LessonKit

/// A command: its help page (which declares its options) and what it runs.
struct Command: Sendable {
    let name: String
    let help: HelpPage
    let run: @Sendable (Arguments) throws -> Int32

    static let all = [
        Command(name: "check", help: CheckCommand.help, run: CheckCommand.run),
        Command(name: "list", help: ListCommand.help, run: ListCommand.run),
        Command(name: "grade", help: GradeCommand.help, run: GradeCommand.run),
        Command(name: "coverage", help: CoverageCommand.help, run: CoverageCommand.run),
        Command(name: "merge", help: MergeCommand.help, run: MergeCommand.run),
        Command(name: "pack", help: PackCommand.help, run: PackCommand.run),
        Command(name: "eject", help: EjectCommand.help, run: EjectCommand.run),
        Command(name: "init", help: InitCommand.help, run: InitCommand.run),
        Command(name: "test-cases", help: TestCasesCommand.help, run: TestCasesCommand.run),
        Command(name: "lsp", help: LSPCommand.help, run: LSPCommand.run),
    ]
}

/// `lesson <command> [options] [PATH ...]`: the command-line front end of the lesson checker.
func runCommand(_ arguments: [String]) -> Int32 {
    var arguments = arguments
    let name = arguments.first.flatMap { $0.hasPrefix("-") ? nil : $0 } ?? "check"
    if arguments.first == name { arguments.removeFirst() }
    do {
        if arguments.first == "--version" {
            print(Help.version)
            return 0
        }
        if name == "help" {
            // `lesson help --markdown`: every command's page, for docs/commands.md.
            if arguments == ["--markdown"] {
                print(HelpMarkdown.page(Command.all), terminator: "")
                return 0
            }
            guard arguments.isEmpty else { throw LessonError(.usage, "help takes --markdown, or nothing") }
            print(Help.main)
            return 0
        }
        guard let command = Command.all.first(where: { $0.name == name }) else {
            let names = Command.all.map(\.name) + ["help"]
            throw LessonError(.usage, "unknown command '\(name)'" + Suggestion.hint(for: name, among: names))
        }
        // `--help` is answered here for every command, before its other options are read.
        let options = arguments.prefix { $0 != "--" }
        if options.contains("--help") || options.contains("-h") {
            print(command.help.rendered)
            return 0
        }
        return try command.run(try Arguments(arguments, declarations: command.help.declarations))
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
    SwiftCompiler.defaultLauncher = GradeCommand.launcherExecutable
#endif
// What a lesson's programs leave behind (a child in a session of its own) becomes this process's, and is
// killed when the command ends (`Orphans`).
Orphans.adopt()
let status = runCommand(arguments)
Orphans.sweep()
// An interrupted command ends from its signal handler, with 128 + the signal, once it has cleaned up.
while Cleanup.shared.isInterrupted && !Cleanup.shared.letsCallerFinish { pause() }
exit(status)

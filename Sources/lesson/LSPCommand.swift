import Foundation
import LessonKit

/// `lesson lsp`: a language server for lesson Markdown on stdin and stdout (docs/editors.md).
enum LSPCommand {
    static let help = HelpPage(
        overview: """
            Runs a language server for lesson Markdown over stdin and stdout, for any LSP client (Neovim, VS Code,
            Helix, Emacs). A lesson is checked when it is opened and each time it is saved, as lesson check
            checks it, with the same cache; its findings are diagnostics at their lines, and a finding lesson
            check --update would fix offers the code action "Accept the actual output". Each program has a code
            lens with its last result, and a hover on it shows what it printed. With a lesson-baseline.json in the
            folder it runs in, known errors are notes and a failed check offers "Add to baseline".
            docs/editors.md shows the set-up of each editor.
            """,
        usage: "lesson lsp [--engines DIR] [--no-cache | --cache-dir DIR]",
        sections: [
            (
                "OPTIONS",
                [
                    SharedOptions.engines, CheckCommand.Option.cacheDirectory, CheckCommand.Option.noCache,
                    SharedOptions.help,
                ]
            )
        ],
        notes: """
            EXIT STATUS:
              0 the client sent shutdown, then exit; 1 the client sent exit without shutdown, or stdin ended;
              2 usage error.
            """)

    static func run(_ arguments: Arguments) throws -> Int32 {
        var options = CheckOptions()
        options.cacheDirectory = try CheckCommand.cacheDirectory(arguments)
        let catalog = try arguments.value(SharedOptions.engines)?.catalog ?? EngineCatalog.ofCourse()
        let checker = LessonChecker(options: options, toolchain: try Toolchain.locate(), catalog: catalog)
        let output = FileHandle.standardOutput
        // A baseline where the server runs is used as `lesson check` uses it (docs/ci.md).
        let baseline = FileManager.default.fileExists(atPath: "lesson-baseline.json") ? "lesson-baseline.json" : nil
        let server = LessonLanguageServer(checker: checker, baseline: baseline) { output.write($0) }
        var reader = LSPFrameReader()
        while true {
            let chunk = FileHandle.standardInput.availableData
            if chunk.isEmpty { break }
            for frame in reader.append(chunk) {
                switch frame {
                case .message(let body):
                    if !server.handle(body) { return server.shutdownRequested ? 0 : 1 }
                case .problem(let problem):
                    printError("lesson lsp: \(problem)")
                }
            }
        }
        server.waitForChecks()
        return 1
    }
}

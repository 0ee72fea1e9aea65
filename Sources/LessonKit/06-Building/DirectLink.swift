import Foundation

/// The linker's own command for the programs built from separately compiled files, so that a link does not
/// start `clang` only for `clang` to start `ld.lld`. Learnt once, with the recipe, from what `clang -###`
/// prints for the recipe's link with placeholder paths. A small program's link took 27 ms through `ld.lld`
/// against 46 ms through `clang` (`perf stat -r 10`, 23 ms of CPU against 31 ms); an edited lesson's check
/// links one program, and a cold check one per engine.
enum DirectLink {
    /// What the placeholder library list holds: the linker's command has it where the list's libraries go.
    static let listMarker = "-llessonlibrarylistmarker"

    /// The linker's command for `recipe`'s link, asked of its `clang` in `folder`; nil when the link is not
    /// run by a `clang`, or what it prints is not one command with each placeholder once.
    static func learn(
        _ recipe: SeparateCompilation, environment: [String: String], in folder: String
    ) -> [SeparateCompilation.Word]? {
        guard case .literal(let driver)? = recipe.link.first,
            (driver as NSString).lastPathComponent.hasPrefix("clang")
        else { return nil }
        let placeholders = (
            object: folder + "/lesson-placeholder.o", list: folder + "/lesson-placeholder.autolink",
            program: folder + "/lesson-placeholder"
        )
        do {
            try ScratchFile.save("", to: placeholders.object)
            try ScratchFile.save(listMarker + "\n", to: placeholders.list)
            let command = recipe.linkCommand(
                objects: [placeholders.object], output: placeholders.program, libraryList: placeholders.list,
                direct: false)
            let printed = try Subprocess.run(
                command[0], arguments: Array(command.dropFirst()) + ["-###"], environment: environment,
                workingDirectory: folder, limits: ProcessLimits(timeout: 60, outputLimit: 1 << 20))
            guard printed.termination == .exited(0) else { return nil }
            return words(
                from: String(decoding: printed.standardError + printed.standardOutput, as: UTF8.self),
                object: placeholders.object, program: placeholders.program, folder: folder)
        } catch {
            return nil
        }
    }

    /// The command in what `clang -###` printed (its one line that starts with a space and a quote), with
    /// the placeholders made the recipe's words; nil unless there is one such line, each placeholder is in
    /// it once, and no other word names `folder`.
    static func words(from printed: String, object: String, program: String, folder: String)
        -> [SeparateCompilation.Word]?
    {
        let commands = printed.split(separator: "\n").filter { $0.hasPrefix(" \"") }
        guard commands.count == 1 else { return nil }
        let words: [SeparateCompilation.Word] = ShellWords.split(String(commands[0])).map {
            switch $0 {
            case object: .objects
            case program: .output
            case listMarker: .libraryListResponse
            default: .literal($0)
            }
        }
        for placeholder in [SeparateCompilation.Word.objects, .output, .libraryListResponse]
        where words.filter({ $0 == placeholder }).count != 1 {
            return nil
        }
        let leftover = words.contains { if case .literal(let text) = $0 { text.contains(folder) } else { false } }
        return leftover ? nil : words
    }

    /// Whether the library list at `libraryList` holds only libraries (`-l…`), as the objects' autolink entries do
    /// on Linux: the linker then reads them as `clang` would have passed them on. Anything else is `clang`'s.
    static func takes(_ libraryList: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: libraryList) else { return false }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").allSatisfy { $0.hasPrefix("-l") }
    }
}

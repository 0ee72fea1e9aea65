/// Blocks written almost as the format says. Each would otherwise pass without a word: a mistyped header
/// makes a scenario a snippet, a fence with a language is no expected output, a bare fence after a snippet is
/// compared with nothing. Each is a warning at its line that says what was probably meant.
package enum NearMiss {
    /// Languages of blocks that show output as text: right after a scenario, probably meant as its output.
    package static let textLanguages: Set<String> = [
        "text", "txt", "plaintext", "plain", "console", "terminal", "stdout", "log", "none",
    ]

    /// What a first line that is no file header probably meant, when it looks like one: `// main.swfit — …`
    /// (a name whose extension is one or two edits from `swift`, or two from `main.swift`), or
    /// `// main.swift: …` (a colon where the dash goes).
    package static func header(_ line: String) -> String? {
        guard var rest = LexedSource.lineCommentText(line) else { return nil }
        rest = rest.drop { $0 == " " || $0 == "\t" }
        let token = rest.prefix { $0 != " " && $0 != "\t" }
        let after = rest.dropFirst(token.count).drop { $0 == " " || $0 == "\t" }
        var name = token
        if name.hasSuffix(":") || after.hasPrefix(":") {
            if name.hasSuffix(":") { name = name.dropLast() }
            if FileHeader("// \(name)") != nil {
                return "'\(line.trimmingSpaces())' is not a file header, so this block is a snippet: a header "
                    + "separates its description with a dash, as in '// \(name) — …'"
            }
            return nil
        }
        guard after.isEmpty || after.first.map({ "—–-".contains($0) }) == true else { return nil }
        guard let meant = meantFileName(String(name)) else { return nil }
        return "'// \(name)' is not a file header, so this block is a snippet; did you mean '// \(meant) — …'?"
    }

    /// The Swift file name `name` was probably meant to be, when it is not one.
    private static func meantFileName(_ name: String) -> String? {
        guard !name.hasSuffix(".swift"), name.count <= 64 else { return nil }
        if name.lowercased() == "main.swift" || Suggestion.editDistance(name.lowercased(), "main.swift") <= 2 {
            return "main.swift"
        }
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let stem = name[..<dot]
        let fileExtension = name[name.index(after: dot)...].lowercased()
        guard !fileExtension.isEmpty, stem.allSatisfy({ $0.isLetter || $0.isNumber || "_+-.".contains($0) }),
            Suggestion.editDistance(fileExtension, "swift") <= 2
        else { return nil }
        return stem + ".swift"
    }

    /// An engine file whose name is a near-miss of `main.swift` (`Main.swift`, `mian.swift`): probably a
    /// scenario, which is compiled into every other scenario instead.
    package static func engineFileName(_ fileName: String) -> String? {
        guard fileName != "main.swift", Suggestion.editDistance(fileName.lowercased(), "main.swift") <= 2 else {
            return nil
        }
        return "'\(fileName)' makes this block an engine file, compiled into every scenario of the lesson; "
            + "did you mean a scenario, '// main.swift — …'?"
    }

    /// A fence in a text language right after a scenario that gets no expected output.
    package static func textBlockAfterScenario(_ block: FencedBlock) -> String {
        "this '\(block.info.language)' block follows a scenario that has no expected output; an expected "
            + "output block is a bare fence (\(block.fence.marker)) or '\(block.fence.marker)output'"
    }

    /// Whether a snippet looks like a program that prints: a bare fence after it is probably its output.
    /// `print` in a comment (`/// print(total)`) or a string does not count.
    package static func printsOutput(_ block: FencedBlock) -> Bool {
        guard block.content.contains(where: { $0.text.containsBytes("print(") || $0.text.containsBytes("dump(") }),
            !PlatformImports.importsPlatformFramework(block)
        else { return false }
        let words = SwiftBlock.of(block.text).tokens.words
        return words.contains("print") || words.contains("dump")
    }

    /// Whether a heading stands between two blocks (`lines` are the lesson's, numbered from 1): a bare block in
    /// another section is no output of the snippet before it.
    package static func headingBetween(_ earlier: FencedBlock, _ later: FencedBlock, in lines: [SourceLine]) -> Bool {
        guard let closing = earlier.closingLine else { return false }
        let between = lines.dropFirst(closing).prefix(max(0, later.openingLine - closing - 1))
        return between.contains { line in
            let bytes = Array(line.text.utf8)[...]
            let text = bytes.drop { $0 == UInt8(ascii: " ") }
            return bytes.count - text.count <= 3 && BlockStructureReader.isATXHeading(text)
        }
    }

    /// Whether a bare block is a terminal session (its first line starts with a shell prompt, `$ ` or
    /// `% `): the commands a reader types, not what the snippet before it prints.
    package static func isTerminalSession(_ block: FencedBlock) -> Bool {
        guard let first = block.content.first(where: { !$0.text.trimmingSpaces().isEmpty }) else { return false }
        let line = first.text.drop { $0 == " " || $0 == "\t" }
        // A command follows the prompt, not an amount (`$ 5.00` is printed money).
        guard line.hasPrefix("$ ") || line.hasPrefix("% "),
            let command = line.dropFirst(2).first(where: { $0 != " " && $0 != "\t" })
        else { return false }
        return !command.isNumber
    }

    package static let bareFenceAfterSnippet =
        "this bare block follows a snippet, not a scenario, so it is compared with nothing; to check it as the "
        + "snippet's output, start the snippet with '// main.swift — …'; to keep it as text, give it a "
        + "language ('```text')"
}

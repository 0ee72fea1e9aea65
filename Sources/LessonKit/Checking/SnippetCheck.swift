/// Platform snippets cannot build off Apple platforms; they must at least parse. Many are fragments (a
/// method, a `case`, a view expression), so a snippet that does not parse as a file is parsed again inside a
/// type body, a function body and a `switch`; it fails only when none of them parses, and is reported with
/// the errors of the file as written.
struct SnippetCheck {
    let plan: LessonPlan
    let markdownPath: String
    let compiler: SwiftCompiler

    static let wrappers: [(prefix: String, suffix: String)] = [
        ("enum _Snippet {\n", "}\n"),
        ("func _snippet() {\n", "}\n"),
        ("func _snippet() {\nswitch _value {\n", "}\n}\n"),
    ]

    func check(_ block: FencedBlock) -> CheckResult {
        let opening = plan.lesson.location(block.openingLine)
        var result = CheckResult(
            kind: .snippet, location: opening, name: "snippet at line \(block.openingLine)", status: .failed)
        do {
            try WorkDirectory.using(prefix: "lesson-parse") { directory in
                let source = ProgramSource.mapped(block, to: markdownPath)
                let plain = try compiler.parse(ProgramFile(name: "snippet.swift", contents: source), in: directory.path)
                result.seconds = plain.seconds
                if plain.succeeded {
                    result.status = .passed
                    return
                }
                for wrapper in Self.wrappers {
                    // Only whether a wrapped form parses matters, so it needs no `#sourceLocation`.
                    let wrapped = ProgramFile(
                        name: "snippet.swift", contents: wrapper.prefix + block.text + wrapper.suffix)
                    let attempt = try compiler.parse(wrapped, in: directory.path)
                    result.seconds += attempt.seconds
                    if attempt.succeeded {
                        result.status = .passed
                        return
                    }
                }
                // An error at the end of the file (an unclosed brace) names the scratch file: it belongs at
                // the closing fence.
                result.findings = plain.errors.map {
                    let location =
                        $0.file == markdownPath
                        ? plan.lesson.location($0.line, column: $0.column) : plan.lesson.location(block.lastLine)
                    return Finding(
                        .snippetSyntax, at: location, "snippet does not parse: \($0.message)",
                        details: $0.file == markdownPath ? $0.context : [])
                }
                if result.findings.isEmpty {
                    result.findings = [
                        Finding(
                            .snippetSyntax, at: opening, "snippet does not parse",
                            details: plain.output.split(separator: "\n").map(String.init))
                    ]
                }
            }
        } catch {
            result.findings = [Finding(.snippetSyntax, at: opening, "cannot parse the snippet: \(error)")]
        }
        return result
    }
}

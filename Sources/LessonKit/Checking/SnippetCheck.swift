/// Judges a snippet from its parse: it passes when one of its forms parses (see `SnippetForm`), and fails
/// with the errors of the snippet as written, at their Markdown lines, when none does. A snippet marked
/// `compile_fail` is the reverse: it must parse in no form.
struct SnippetCheck {
    let plan: LessonPlan

    func result(_ block: FencedBlock, _ parse: SnippetParse) -> CheckResult {
        let opening = plan.lesson.location(block.openingLine)
        var result = CheckResult(
            kind: .snippet, location: opening, name: "snippet at line \(block.openingLine)", status: .failed,
            seconds: parse.seconds)
        if let toolError = parse.toolError {
            result.findings = [Finding(.snippetSyntax, at: opening, toolError)]
            return result
        }
        if block.info.has("compile_fail") {
            if let form = parse.form {
                let how = form == .file ? "" : " as \(form.description)"
                result.findings = [Finding(.attributePromise, at: opening, "marked compile_fail but it parses\(how)")]
            } else {
                result.status = .passed
            }
            return result
        }
        guard parse.form == nil else {
            result.status = .passed
            return result
        }
        result.findings = parse.errors.map(finding(in: block))
        if result.findings.isEmpty { result.findings = [Finding(.snippetSyntax, at: opening, "snippet does not parse")] }
        return result
    }

    /// An error at a line of the snippet is reported there; one past its end (an unclosed brace) belongs at
    /// the closing fence.
    private func finding(in block: FencedBlock) -> (CompilerDiagnostic) -> Finding {
        { error in
            guard error.line >= 1, error.line <= block.content.count else {
                return Finding(
                    .snippetSyntax, at: plan.lesson.location(block.lastLine), "snippet does not parse: \(error.message)")
            }
            return Finding(
                .snippetSyntax, at: plan.lesson.location(block.firstContentLine + error.line - 1, column: error.column),
                "snippet does not parse: \(error.message)", details: error.context)
        }
    }
}

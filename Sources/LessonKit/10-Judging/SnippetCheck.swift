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
        if SnippetOptions(block).compileFail {
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
        guard let first = parse.errors.first else {
            result.findings = [Finding(.snippetSyntax, at: opening, "snippet does not parse")]
            return result
        }
        // One finding per snippet, at its first error; the others follow in its details.
        var finding = Finding(
            .snippetSyntax, at: location(of: first, in: block), "snippet does not parse: \(first.message)",
            details: inside(first, block) ? first.context : [])
        for error in parse.errors.dropFirst() {
            finding.details.append("\(location(of: error, in: block).description): error: \(error.message)")
            if inside(error, block) { finding.details += error.context }
        }
        result.findings = [finding]
        return result
    }

    private func inside(_ error: CompilerDiagnostic, _ block: FencedBlock) -> Bool {
        error.line >= 1 && error.line <= block.content.count
    }

    /// An error at a line of the snippet is reported there; one past its end (an unclosed brace) belongs at
    /// the closing fence.
    private func location(of error: CompilerDiagnostic, in block: FencedBlock) -> SourceLocation {
        guard inside(error, block) else { return plan.lesson.location(block.lastLine) }
        return plan.lesson.location(block.content[error.line - 1].number, column: error.column)
    }
}

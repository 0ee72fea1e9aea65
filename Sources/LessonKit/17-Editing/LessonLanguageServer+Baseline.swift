import Foundation

/// A baseline in the editor, as on the command line (docs/ci.md): the known errors of `lesson-baseline.json`
/// are notes, and a failed check offers "Add to baseline", an edit of the baseline file that knows it too.
extension LessonLanguageServer {
    /// `report` with the baseline applied, when there is one that can be read.
    func baselined(_ report: LessonReport) -> LessonReport {
        guard let path = baselinePath, let baseline = try? Baseline.read(path: path) else { return report }
        let applied = baseline.applied(to: CheckReport(lessons: [report]), in: Baseline.folder(of: path))
        return applied.report.lessons.first ?? report
    }

    /// "Add to baseline" for each failed check whose line is in `lines`: the baseline file rewritten with an
    /// entry for it (sorted, as `--write-baseline` writes it), for the client to apply and save.
    func baselineActions(for report: LessonReport, lines: ClosedRange<Int>) -> [[String: Any]] {
        guard let path = baselinePath, let baseline = try? Baseline.read(path: path),
            let old = try? String(contentsOfFile: path, encoding: .utf8)
        else { return [] }
        var texts = LessonTexts()
        return report.checks.filter { $0.status == .failed && lines.contains($0.location.line) }.map { check in
            let entry = Baseline.entry(for: check, of: report, in: Baseline.folder(of: path), texts: &texts)
            let text = StableJSON.text(Baseline(entries: baseline.entries + [entry]))
            let uri = URL(fileURLWithPath: Paths.absolute(path)).absoluteString
            return [
                "title": "Add to baseline (\(check.name))", "kind": "quickfix",
                "edit": ["changes": [uri: [["range": LSPDiagnostics.wholeText(old), "newText": text]]]],
            ]
        }
    }
}

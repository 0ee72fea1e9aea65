import Foundation

/// One self-contained HTML page for a check and, when measured, engine coverage: inline CSS, no script, no
/// network; UTF-8 declared; everything that comes from the lessons escaped.
package enum HTMLReporter {
    package static func render(check: CheckReport?, coverage: CoverageReport?, title: String) -> String {
        var body: [String] = ["<h1>\(escape(title))</h1>"]
        if let check { body += checkSections(check) }
        if let coverage { body += coverageSections(coverage) }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape(title))</title>
            <style>\(style)</style>
            </head>
            <body>
            \(body.joined(separator: "\n"))
            </body>
            </html>

            """
    }

    // MARK: Check

    static func checkSections(_ report: CheckReport) -> [String] {
        courseSection(report) + lessonSection(report) + failureSections(report) + timingSection(report)
    }

    /// The totals and a row per course folder.
    private static func courseSection(_ report: CheckReport) -> [String] {
        let totals = report.totals
        var html = [
            "<p class=\"totals \(totals.failed == 0 ? "passed" : "failed")\" id=\"totals\">"
                + "<strong>\(totals.failed == 0 ? "PASSED" : "FAILED")</strong> \(escape(TextReporter.summary(totals)))</p>",
            "<h2>Courses</h2>",
            "<table class=\"courses\"><thead><tr><th>course folder</th><th>lessons</th><th>scenarios</th><th>snippets</th>"
                + "<th>engine reprints</th><th>failures</th></tr></thead><tbody>",
        ]
        for course in report.courses {
            html.append(
                "<tr class=\"course \(course.failures == 0 ? "passed" : "failed")\"><td>\(escape(course.folder))</td>"
                    + "<td>\(course.lessons)</td><td>\(course.scenarios)</td><td>\(course.snippets)</td>"
                    + "<td>\(course.driftChecks)</td><td>\(course.failures)</td></tr>")
        }
        html.append("</tbody></table>")
        return html
    }

    /// A row per lesson, linking to its failures.
    private static func lessonSection(_ report: CheckReport) -> [String] {
        var html: [String] = []
        html.append("<h2>Lessons</h2>")
        html.append(
            "<table class=\"lessons\"><thead><tr><th>status</th><th>lesson</th><th>checks</th><th>failed</th>"
                + "<th>skipped</th><th>seconds</th></tr></thead><tbody>")
        for (number, lesson) in report.lessons.enumerated() {
            let failed = lesson.checks.filter { $0.status == .failed }.count
            let skipped = lesson.checks.filter { $0.status == .skipped }.count
            let known = lesson.checks.contains { $0.status == .baselined }
            let status = failed > 0 ? "failed" : known ? "baselined" : "passed"
            let seconds = lesson.checks.reduce(0) { $0 + $1.seconds }
            html.append(
                "<tr class=\"lesson \(status)\"><td><span class=\"badge \(status)\">\(status)</span></td>"
                    + "<td>\(failed > 0 ? "<a href=\"#lesson-\(number + 1)\">\(escape(lesson.path))</a>" : escape(lesson.path))"
                    + "\(describe(lesson))</td>"
                    + "<td>\(lesson.checks.count)</td><td>\(failed)</td><td>\(skipped)</td>"
                    + "<td>\(String(format: "%.2f", seconds))</td></tr>")
        }
        html.append("</tbody></table>")

        return html
    }

    /// Each failing lesson's findings, then every skipped check with its reason.
    private static func failureSections(_ report: CheckReport) -> [String] {
        var html: [String] = []
        // Anchors are numbered: two paths may differ only in characters an id cannot hold.
        let failing = report.lessons.enumerated().filter { $0.element.failed }
        if !failing.isEmpty {
            html.append("<h2>Failures</h2>")
            for (number, lesson) in failing {
                html.append(
                    "<section class=\"lesson-failures\" id=\"lesson-\(number + 1)\"><h3>\(escape(lesson.path))</h3>")
                for finding in lesson.findings { html.append(render(finding)) }
                html.append("</section>")
            }
        }
        // Lessons that pass with warnings: said, apart from the failures.
        let warned = report.lessons.filter { !$0.failed && $0.findings.contains { !$0.isError } }
        if !warned.isEmpty {
            html.append("<h2>Warnings</h2>")
            for lesson in warned {
                html.append("<section class=\"lesson-warnings\"><h3>\(escape(lesson.path))</h3>")
                for finding in lesson.findings { html.append(render(finding)) }
                html.append("</section>")
            }
        }
        let skipped = report.lessons.flatMap { lesson in lesson.checks.filter { $0.status == .skipped } }
        if !skipped.isEmpty {
            html.append("<h2>Skipped</h2><ul class=\"skipped\">")
            for check in skipped {
                html.append(
                    "<li class=\"skip\"><code>\(escape(check.location.description))</code> \(escape(check.kind.rawValue)) "
                        + "\(escape(check.name)): <em>\(escape(check.skipReason ?? ""))</em></li>")
            }
            html.append("</ul>")
        }
        return html
    }

    /// The ten slowest checks.
    private static func timingSection(_ report: CheckReport) -> [String] {
        var html: [String] = []
        let slowest = report.lessons.flatMap(\.checks).sorted { $0.seconds > $1.seconds }.prefix(10)
        if !slowest.isEmpty {
            html.append(
                "<h2>Timings</h2><table class=\"timings\"><thead><tr><th>seconds</th><th>check</th></tr></thead><tbody>"
            )
            for check in slowest {
                html.append(
                    "<tr><td>\(String(format: "%.2f", check.seconds))</td><td><code>\(escape(check.location.description))</code> "
                        + "\(escape(check.kind.rawValue)) \(escape(check.name))</td></tr>")
            }
            html.append("</tbody></table>")
        }
        return html
    }

    /// The lesson's front-matter title and language, beside its path: ` <span class="title">…</span>`.
    static func describe(_ lesson: LessonReport) -> String {
        var html = ""
        if let title = lesson.title, !title.isEmpty { html += " <span class=\"title\">\(escape(title))</span>" }
        if let language = lesson.language, !language.isEmpty {
            html += " <span class=\"language\" title=\"language\">\(escape(language))</span>"
        }
        return html
    }

    /// A finding: its location and message, then its diff side by side, or its other details.
    static func render(_ finding: Finding) -> String {
        var html =
            "<div class=\"finding \(finding.severity.rawValue)\"><p><code class=\"location\">"
            + "\(escape(finding.location.description))</code> "
            + "<span class=\"severity\">\(finding.severity.rawValue)</span> <span class=\"kind\">\(escape(finding.kind.rawValue))</span> \(escape(finding.message))</p>"
        if !finding.details.isEmpty {
            html += "<pre class=\"details\">\(escape(finding.details.joined(separator: "\n")))</pre>"
        }
        if !finding.diff.isEmpty { html += sideBySide(finding.diff) }
        return html + "</div>"
    }

    /// Unified hunks as a two-column table: expected on the left, actual on the right, changed lines paired.
    static func sideBySide(_ diff: [DiffLine]) -> String {
        var rows: [String] = []
        var removed: [String] = []
        var inserted: [String] = []
        func flush() {
            for index in 0..<max(removed.count, inserted.count) {
                let left = index < removed.count ? removed[index] : nil
                let right = index < inserted.count ? inserted[index] : nil
                rows.append(
                    "<tr class=\"change\"><td class=\"\(left == nil ? "empty" : "del")\">\(left.map(escape) ?? "")</td>"
                        + "<td class=\"\(right == nil ? "empty" : "ins")\">\(right.map(escape) ?? "")</td></tr>")
            }
            removed = []
            inserted = []
        }
        for line in diff {
            switch line {
            case .hunk:
                flush()
                rows.append("<tr class=\"hunk\"><td colspan=\"2\">\(escape(line.unified))</td></tr>")
            case .removed(let text): removed.append(DiffLine.visible(text))
            case .inserted(let text): inserted.append(DiffLine.visible(text))
            case .same(let text):
                flush()
                let visible = escape(DiffLine.visible(text))
                rows.append("<tr class=\"same\"><td>\(visible)</td><td>\(visible)</td></tr>")
            }
        }
        flush()
        return "<table class=\"diff\"><thead><tr><th>expected</th><th>actual</th></tr></thead><tbody>"
            + rows.joined() + "</tbody></table>"
    }

    // MARK: Coverage

    static func coverageSections(_ report: CoverageReport) -> [String] {
        var html = ["<h2>Engine coverage</h2>"]
        for engine in report.engines {
            html.append(
                "<section class=\"engine\"><h3>engine \(escape(engine.name))</h3><p class=\"engine-summary\">lines "
                    + "\(CoverageReport.format(engine.linePercent)) (\(engine.linesCovered)/\(engine.lineCount)), regions "
                    + "\(CoverageReport.format(engine.regionPercent)) (\(engine.regionsCovered)/\(engine.regionCount)), "
                    + "\(engine.lessons.count) lesson(s)</p>")
            for file in engine.files {
                // A line never run is unreached; a line that runs but holds a region that does not (one
                // branch of a ternary, say) is partly reached.
                let inGaps = Set(file.unreached.flatMap { $0.startLine...$0.endLine })
                html.append(
                    "<h4>\(escape(file.displayPath))</h4><table class=\"source\"><thead><tr><th>line</th><th>runs</th>"
                        + "<th>reached</th><th>code</th></tr></thead><tbody>")
                for (index, text) in file.source.enumerated() {
                    let line = index + 1
                    let count = file.lineCounts[line]
                    let state =
                        count == nil
                        ? "plain" : count == 0 ? "unreached" : inGaps.contains(line) ? "partial" : "reached"
                    let mark = ["unreached": "no lesson", "partial": "partly", "reached": "yes"][state] ?? ""
                    html.append(
                        "<tr class=\"\(state)\">"
                            + "<td class=\"number\">\(file.displayLine(line))</td><td class=\"number\">\(count.map(String.init) ?? "")</td>"
                            + "<td class=\"mark\">\(mark)</td><td><code>\(escape(text))</code></td></tr>")
                }
                html.append("</tbody></table>")
            }
            html.append("</section>")
        }
        if !report.skipped.isEmpty {
            html.append("<h3>Not measured</h3><ul class=\"skipped\">")
            html += report.skipped.map { "<li>\(escape($0))</li>" }
            html.append("</ul>")
        }
        return html
    }

    // MARK: Helpers

    /// Text for HTML: markup characters escaped, and control characters (which HTML may not hold) shown as
    /// U+FFFD.
    package static func escape(_ text: String) -> String {
        var replacements: [Unicode.Scalar: String] = [
            "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;",
        ]
        for value in UInt8(0)..<0x20 where ![0x09, 0x0A, 0x0D].contains(value) {
            replacements[Unicode.Scalar(value)] = "\u{FFFD}"
        }
        replacements["\u{7F}"] = "\u{FFFD}"
        return text.replacingAll(replacements)
    }

    static let style = """
        body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:2em auto;max-width:1200px;padding:0 1em;color:#1d1d1f}
        h1{font-size:1.6em}h2{margin-top:1.6em;border-bottom:1px solid #ddd}
        table{border-collapse:collapse;width:100%;margin:.5em 0}th,td{border:1px solid #ddd;padding:.25em .5em;text-align:left;vertical-align:top}
        th{background:#f4f4f6}.totals{font-size:1.2em;padding:.5em;border-radius:4px}
        .totals.passed{background:#e6f4ea}.totals.failed{background:#fce8e6}
        .badge{padding:0 .5em;border-radius:3px;font-size:.85em;text-transform:uppercase}
        .badge.passed{background:#c8e6c9}.badge.failed{background:#ffcdd2}.badge.baselined{background:#fff3c4}
        tr.lesson.failed td,tr.course.failed td{background:#fff5f5}
        .finding{margin:.7em 0;padding:.5em;border-left:4px solid #d93025;background:#fafafa}
        .finding.warning{border-left-color:#e8a100}.finding.note{border-left-color:#777}
        .title{color:#333;margin-left:.5em}.language{font-size:.8em;color:#555;border:1px solid #bbb;border-radius:3px;padding:0 .3em;margin-left:.4em}
        .kind{font-size:.8em;color:#666;border:1px solid #ccc;border-radius:3px;padding:0 .3em}
        pre,code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:13px;white-space:pre-wrap}
        table.diff td{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:13px;white-space:pre-wrap;width:50%}
        td.del{background:#ffeef0}td.ins{background:#e6ffed}td.empty{background:#f6f6f6}tr.hunk td{color:#666;background:#f1f8ff}
        table.source td{padding:0 .5em;border:none}table.source td.number{color:#888;text-align:right;width:4em}
        table.source tr.unreached td{background:#ffe3e3}table.source tr.unreached td.mark{font-weight:bold;color:#b00020}
        table.source tr.partial td{background:#fff4d6}table.source tr.partial td.mark{color:#8a5a00}
        table.source td.mark{width:6em;color:#2e7d32}
        """
}

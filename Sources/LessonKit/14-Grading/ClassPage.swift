import Foundation

/// The instructor's view of a graded class, `OUT/report.html`: the spread of the scores as a chart, the pass
/// rate of every test (visible and hidden), the students whose code did not build, ran out of time or
/// crashed, and a row per student linking to their feedback. One self-contained file (inline CSS and SVG,
/// no script, nothing from the network), in the lesson's language; every text a student chose (a folder
/// name, a message, an output) is escaped.
package enum ClassPage {
    /// One graded student: their name as shown, where their feedback is (relative to the page), and what
    /// their grading found (nil when it wrote none).
    package struct Student: Sendable {
        package var name: String
        package var feedbackLink: String
        package var result: GradeResult?

        package init(name: String, feedbackLink: String, result: GradeResult?) {
            self.name = name
            self.feedbackLink = feedbackLink
            self.result = result
        }
    }

    /// The page; with `regrade`, what changed since an earlier grading (`Regrade`).
    /// The pairs of submissions compared, and the threshold above which a pair is flagged.
    package struct SimilarPairs: Sendable {
        package var pairs: [Similarity.Pair]
        package var threshold: Double
        /// Each student's submission, as lines, to show the passages a pair shares.
        package var lines: [String: [String]]

        package init(pairs: [Similarity.Pair], threshold: Double, lines: [String: [String]]) {
            self.pairs = pairs
            self.threshold = threshold
            self.lines = lines
        }
    }

    package static func render(
        exercise: String, language: String?, students: [Student], regrade: [Regrade.Row]? = nil,
        similar: SimilarPairs? = nil
    ) -> String {
        let words = Words(Feedback(lessonLanguage: language).language)
        let title = "\(words.classOf) \(exercise)"
        let body =
            ["<h1>\(escape(title))</h1>", "<p>\(escape(words.count(students.count)))</p>"]
            + (regrade.map { regradeSection($0, words) } ?? [])
            + distribution(students, words) + passRates(students, words) + trouble(students, words)
            + (similar.map { similaritySection($0, words) } ?? []) + roster(students, words)
        return """
            <!DOCTYPE html>
            <html lang="\(language.map(escape) ?? "en")">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape(title))</title>
            <style>\(HTMLReporter.style)\(style)</style>
            </head>
            <body>
            \(body.joined(separator: "\n"))
            </body>
            </html>

            """
    }

    /// The students of a class's results folder, `folder/<student>/instructor.json` (as each student's
    /// grader wrote it), linked from a page in `pageFolder`.
    package static func students(_ names: [String], in folder: String, pageFolder: String) -> [Student] {
        let toFolder = relativeComponents(from: pageFolder, to: folder)
        return names.map { name in
            let data = FileManager.default.contents(atPath: folder + "/" + name + "/instructor.json")
            let results =
                GradeFormat.fileNames.first { FileManager.default.fileExists(atPath: folder + "/" + name + "/" + $0) }
                ?? GradeFormat.fileNames[0]
            return Student(
                name: name, feedbackLink: link(toFolder + [name, results]),
                result: data.flatMap { try? JSONDecoder().decode(GradeResult.self, from: $0) })
        }
    }

    /// The path from one folder to another, as components (`..` to go up).
    static func relativeComponents(from start: String, to target: String) -> [String] {
        let from = URL(fileURLWithPath: Paths.absolute(start)).standardizedFileURL.pathComponents
        let to = URL(fileURLWithPath: Paths.absolute(target)).standardizedFileURL.pathComponents
        var common = 0
        while common < min(from.count, to.count), from[common] == to[common] { common += 1 }
        return [String](repeating: "..", count: from.count - common) + to[common...]
    }

    static func escape(_ text: String) -> String { HTMLReporter.escape(text) }

    // MARK: Sections

    /// How many students got each score, as bars of an inline SVG chart.
    private static func distribution(_ students: [Student], _ words: Words) -> [String] {
        let maximum = students.compactMap { $0.result?.maxScore }.max() ?? 0
        var counts = [Int](repeating: 0, count: maximum + 1)
        for student in students { counts[min(max(student.result?.score ?? 0, 0), maximum)] += 1 }
        let tallest = max(counts.max() ?? 0, 1)
        // Room above the bars for the tallest one's count, and below them for the scores.
        let (barWidth, gap, height, top) = (48, 12, 160, 20)
        let width = counts.count * (barWidth + gap) + gap
        var svg = [
            "<svg class=\"chart\" width=\"\(width)\" height=\"\(top + height + 24)\" "
                + "viewBox=\"0 0 \(width) \(top + height + 24)\" role=\"img\" aria-label=\"\(escape(words.scores))\">"
        ]
        for (score, count) in counts.enumerated() {
            let barHeight = count * height / tallest
            let x = gap + score * (barWidth + gap)
            let y = top + height - barHeight
            svg.append(
                "<g class=\"bar\"><rect x=\"\(x)\" y=\"\(y)\" width=\"\(barWidth)\" height=\"\(barHeight)\">"
                    + "<title>\(score): \(count)</title></rect>"
                    + "<text class=\"count\" x=\"\(x + barWidth / 2)\" y=\"\(y - 4)\">\(count)</text>"
                    + "<text class=\"score\" x=\"\(x + barWidth / 2)\" y=\"\(top + height + 18)\">\(score)</text></g>")
        }
        svg.append("</svg>")
        svg.append("<p class=\"axis\">\(escape(words.pointsAxis(maximum)))</p>")
        return ["<section class=\"scores\"><h2>\(escape(words.scores))</h2>"] + svg + ["</section>"]
    }

    /// Each test, in the exercise's order, with how many of the graded students passed it.
    private static func passRates(_ students: [Student], _ words: Words) -> [String] {
        var order: [String] = []
        var tally: [String: (passed: Int, total: Int, hidden: Bool)] = [:]
        for outcome in students.compactMap(\.result).flatMap(\.tests) {
            if tally[outcome.name] == nil { order.append(outcome.name) }
            var entry = tally[outcome.name] ?? (0, 0, outcome.hidden)
            entry.total += 1
            if outcome.status == .passed { entry.passed += 1 }
            tally[outcome.name] = entry
        }
        var html = [
            "<section class=\"tests\"><h2>\(escape(words.passRate))</h2><table>",
            "<tr><th>\(escape(words.test))</th><th>\(escape(words.kind))</th><th>\(escape(words.passed))</th>"
                + "<th></th></tr>",
        ]
        for name in order {
            let entry = tally[name]!
            let percent = entry.total == 0 ? 0 : entry.passed * 100 / entry.total
            html.append(
                "<tr class=\"test\"><td>\(escape(name))</td><td>\(escape(entry.hidden ? words.hidden : words.visible))</td>"
                    + "<td>\(entry.passed)/\(entry.total)</td><td class=\"rate\"><span class=\"track\">"
                    + "<span style=\"width: \(percent)%\"></span></span> \(percent) %</td></tr>")
        }
        return html + ["</table></section>"]
    }

    /// The students whose code did not build, ran out of time or crashed, or who could not be graded.
    private static func trouble(_ students: [Student], _ words: Words) -> [String] {
        var html = ["<section class=\"trouble\"><h2>\(escape(words.trouble))</h2>"]
        let kinds: [FailureKind] = [.build, .timeout, .crash, .limit, .budget, .ungraded]
        var listed = false
        for kind in kinds {
            let names = students.filter { student in
                guard let result = student.result else { return kind == .ungraded }
                return result.tests.contains { $0.failure == kind }
            }
            guard !names.isEmpty else { continue }
            listed = true
            html.append(
                "<h3 class=\"\(kind.rawValue)\">\(escape(words.describe(kind))) (\(names.count))</h3><ul class=\"\(kind.rawValue)\">"
            )
            html += names.map { "<li><a href=\"\(escape($0.feedbackLink))\">\(escape($0.name))</a></li>" }
            html.append("</ul>")
        }
        if !listed { html.append("<p>\(escape(words.noTrouble))</p>") }
        return html + ["</section>"]
    }

    /// A row per student: score, status, time, and the link to their feedback.
    private static func roster(_ students: [Student], _ words: Words) -> [String] {
        var html = [
            "<section class=\"students\"><h2>\(escape(words.students))</h2><table>",
            "<tr><th>\(escape(words.student))</th><th>\(escape(words.score))</th><th>\(escape(words.status))</th>"
                + "<th>\(escape(words.seconds))</th><th>\(escape(words.feedback))</th></tr>",
        ]
        for student in students {
            let result = student.result
            let status = result?.status ?? .error
            html.append(
                "<tr class=\"student \(status.rawValue)\"><td>\(escape(student.name))</td>"
                    + "<td>\(result.map { "\($0.score)/\($0.maxScore)" } ?? "-")</td>"
                    + "<td>\(escape(words.describe(status)))</td>"
                    + "<td>\(result.map { String(format: "%.2f", $0.instructorSeconds ?? $0.seconds) } ?? "-")</td>"
                    + "<td><a href=\"\(escape(student.feedbackLink))\">"
                    + "\(escape((student.feedbackLink as NSString).lastPathComponent))</a></td></tr>")
        }
        return html + ["</table></section>"]
    }

    /// A link to a file below the page's folder, each name percent-encoded (a student's folder may be
    /// named `#`, `?` or `%41`).
    package static func link(_ components: [String]) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/;?#%")
        return components.map { $0 == ".." ? $0 : $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? "" }
            .joined(separator: "/")
    }

    static let style = """
        svg.chart { display: block; margin: 0.5rem 0 1rem; }
        svg.chart rect { fill: #4a7bd0; }
        svg.chart text { font: 12px sans-serif; text-anchor: middle; fill: #333; }
        p.axis { color: #666; font-size: 0.85rem; margin-top: 0; }
        td.rate .track { display: inline-block; width: 10rem; height: 0.8em; background: #e3e8f1; vertical-align: middle; }
        td.rate .track span { display: block; height: 100%; background: #4a7bd0; }
        td.rate { min-width: 14rem; }
        tr.student.pass td:nth-child(3) { color: #1a7f37; }
        tr.student.fail td:nth-child(3), tr.student.error td:nth-child(3) { color: #b42318; }
        """
}

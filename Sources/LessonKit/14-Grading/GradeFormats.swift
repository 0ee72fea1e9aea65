import Foundation

/// Grading results in the formats course platforms read.
package enum GradeFormat: String, Sendable, CaseIterable {
    case text, exercism, gradescope, junit, prairielearn, classroom50

    /// The text of the format's result file. Classroom 50's names the run it belongs to (`identity`, which
    /// `GradeCommand` requires for that format, from the runner's environment).
    package func render(_ result: GradeResult, identity: Classroom50Identity? = nil) -> String {
        switch self {
        case .text: GradeTextReport.render(result)
        case .exercism: StableJSON.text(ExercismResults(result))
        case .gradescope: StableJSON.text(GradescopeResults(result))
        case .junit: GradeJUnitReport.render(result)
        case .prairielearn: StableJSON.text(PrairieLearnResults(result))
        case .classroom50: StableJSON.text(Classroom50Results(result, identity: identity))
        }
    }

    /// Every file `--output DIR` writes for a result: the result file (`results.json`, `results.xml` for
    /// JUnit), and Classroom 50's release body, which becomes the submission's Release description there.
    package func files(_ result: GradeResult, identity: Classroom50Identity? = nil) -> [(name: String, text: String)] {
        var files = [(fileName, render(result, identity: identity))]
        if self == .classroom50 { files.append(("release-body.md", Classroom50ReleaseBody.render(result))) }
        return files
    }

    /// The file `--output DIR` writes: `results.xml` for JUnit, `results.json` for the others.
    package var fileName: String { self == .junit ? "results.xml" : "results.json" }

    /// The file names a result may have been written under, for a page that links to it.
    package static let fileNames = ["results.json", "results.xml"]
}

extension GradeResult {
    /// Everything the grading found, hidden tests' reasons and the whole time included, as JSON: for the
    /// instructor (`OUT/instructor.json`), never for the student.
    package var instructorReport: String { StableJSON.text(self) }
}

/// Exercism's test runner interface, results.json version 3.
struct ExercismResults: Encodable {
    struct Test: Encodable {
        var name: String
        var status: String
        var message: String?
        var output: String?
        var test_code: String
        /// The task of the exercise's instructions the test belongs to (`task=N` on its block).
        var task_id: Int?
    }

    var version = 3
    var status: String
    var message: String?
    var tests: [Test]

    init(_ result: GradeResult) {
        status = result.status.rawValue
        message = result.status == .error ? result.message : nil
        let words = Feedback(lessonLanguage: result.language)
        // Exercism's top-level message is for errors alone: the hints go with the first test that failed.
        let hints = words.hints(of: result)
        let hinted = result.tests.firstIndex { $0.status != .passed }
        tests = result.tests.enumerated().map { index, test in
            let message = test.status == .passed ? nil : ([test.message] + (index == hinted ? hints : []))
            return Test(
                name: test.name,
                status: test.status == .passed ? "pass" : test.status == .failed ? "fail" : "error",
                message: message.map { $0.filter { !$0.isEmpty }.joined(separator: "\n") },
                output: test.output.isEmpty ? nil : test.output,
                test_code: test.testCode ?? (test.hidden ? "(\(words.hiddenTestCode()))" : ""), task_id: test.task)
        }
    }
}

/// Gradescope's autograder results.json (`gradescope/autograder_samples`, docs/specs.md). A hidden test is
/// `after_published`: shown once the instructor publishes the grades. Gradescope's `hidden` would hide every
/// student's total score too ("If test cases are hidden, students will not be able to see their total
/// score"), and is meant for tests that give no points.
struct GradescopeResults: Encodable {
    struct Test: Encodable {
        var name: String
        var score: Int
        var max_score: Int
        var status: String
        var output: String
        var visibility: String
    }

    var score: Int
    var execution_time: Double
    var output: String
    /// Compiler text such as `Set<String>` is plain text, not HTML (Gradescope's default for `output`).
    var output_format = "text"
    var tests: [Test]

    init(_ result: GradeResult) {
        score = result.score
        execution_time = (result.seconds * 100).rounded() / 100
        // The top-level output says what went wrong when nothing could run. The protections are the
        // instructor's (`instructor.json`, `lesson grade --check-sandbox`), not the student's to read.
        output = ([result.message ?? ""] + Feedback(lessonLanguage: result.language).hints(of: result))
            .filter { !$0.isEmpty }.joined(separator: "\n")
        tests = result.tests.map { test in
            Test(
                name: test.name, score: test.points, max_score: test.maxPoints,
                status: test.status == .passed ? "passed" : "failed",
                output: [test.message, test.output].filter { !$0.isEmpty }.joined(separator: "\n"),
                visibility: test.hidden ? "after_published" : "visible")
        }
    }
}

/// The text a student reads on a terminal.
enum GradeTextReport {
    /// In the lesson's language; the protections are the instructor's (`instructor.json`, and `lesson grade
    /// --check-sandbox` on the grading machine).
    static func render(_ result: GradeResult) -> String {
        let words = Feedback(lessonLanguage: result.language)
        var lines = [
            words.header(
                exercise: result.exercise, status: result.status, score: result.score, maxScore: result.maxScore)
        ]
        if let message = result.message, result.status == .error { lines.append(message) }
        for test in result.tests {
            lines.append("\(words.mark(test.status)) \(test.name) (\(test.points)/\(test.maxPoints))")
            if !test.message.isEmpty {
                lines += test.message.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
            }
        }
        lines += words.hints(of: result)
        // A student's program chose what these lines hold: shown, never performed, on the terminal.
        return lines.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }
            .map { TerminalSafe.escape(String($0)) }.joined(separator: "\n") + "\n"
    }
}

import Foundation

/// Who and what a Classroom 50 result is about, as its runner states it in the autograder's environment
/// (`foundation50/classroom50`, `cli/gh-teacher/skeleton/dotgithub/scripts/runner.py`, `run_entrypoint`).
/// The runner's `validate_result` refuses a result whose `classroom` or `assignment` is not the run's, whose
/// `submission` does not start with `submit/`, or whose `commit`, `release`, `review` or `datetime` is empty.
package struct Classroom50Identity: Hashable, Sendable {
    package var classroom: String
    package var assignment: String
    package var assignmentType: String
    package var owner: String
    package var submission: String
    package var commit: String
    package var release: String
    package var review: String
    /// When it was graded (UTC, `2026-06-01T14:32:05Z`); the runner stamps the commit's date over it.
    package var datetime: String

    /// The variables a result cannot be made without.
    static let required = ["CLASSROOM", "ASSIGNMENT", "SUBMISSION_TAG", "COMMIT_URL", "RELEASE_URL", "USERNAME"]

    /// The identity the runner gives `autograder.py`; a usage error naming what is missing outside its run.
    package static func from(environment: [String: String]) throws -> Classroom50Identity {
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        let owner = value("USERNAME") ?? value("OWNER")
        let missing = required.filter { $0 == "USERNAME" ? owner == nil : value($0) == nil }
        guard missing.isEmpty, let owner else {
            throw LessonError(
                .usage,
                "--format classroom50 writes the result of a Classroom 50 run, whose runner sets "
                    + "\(required.joined(separator: ", ")) (missing: \(missing.joined(separator: ", ")))")
        }
        guard let submission = value("SUBMISSION_TAG"), submission.hasPrefix("submit/") else {
            throw LessonError(.usage, "SUBMISSION_TAG must be the runner's submit/… tag")
        }
        return Classroom50Identity(
            classroom: value("CLASSROOM")!, assignment: value("ASSIGNMENT")!,
            assignmentType: value("ASSIGNMENT_TYPE") ?? "individual", owner: owner, submission: submission,
            commit: value("COMMIT_URL")!, release: value("RELEASE_URL")!,
            review: value("REVIEW_URL") ?? value("COMMIT_URL")!, datetime: Self.timestamp(Date()))
    }

    /// `date` as the runner writes `datetime`: UTC, to the second.
    static func timestamp(_ date: Date) -> String {
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "UTC")
        format.dateFormat = "yyyy-MM-dd'T'HH:mm:ss'Z'"
        return format.string(from: date)
    }
}

/// Classroom 50's `result.json` (`classroom50/result/v1`): the run's identity, points, and whether each test
/// passed. Every field its runner and score collector validate is written (`validate_result`); the runner
/// then stamps `owner`, `assignment_type` and `datetime` again from its own knowledge. Without an identity
/// (`GradeCommand` requires one for this format) only the score and the tests are written.
struct Classroom50Results: Encodable {
    struct Test: Encodable {
        var testName: String
        var passed: Bool
        var score: Int
        var maxScore: Int

        enum CodingKeys: String, CodingKey {
            case testName = "test-name", passed, score, maxScore = "max-score"
        }
    }

    var schema = "classroom50/result/v1"
    var identity: Classroom50Identity?
    var score: Int
    var maxScore: Int
    var tests: [Test]

    enum CodingKeys: String, CodingKey {
        case schema, classroom, assignment, assignmentType = "assignment_type", owner, submission, commit, release,
            review, datetime, score, maxScore = "max-score", tests
    }

    init(_ result: GradeResult, identity: Classroom50Identity?) {
        self.identity = identity
        score = result.score
        maxScore = result.maxScore
        tests = result.tests.map {
            Test(testName: $0.name, passed: $0.status == .passed, score: $0.points, maxScore: $0.maxPoints)
        }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schema, forKey: .schema)
        if let identity {
            try container.encode(identity.classroom, forKey: .classroom)
            try container.encode(identity.assignment, forKey: .assignment)
            try container.encode(identity.assignmentType, forKey: .assignmentType)
            try container.encode(identity.owner, forKey: .owner)
            try container.encode(identity.submission, forKey: .submission)
            try container.encode(identity.commit, forKey: .commit)
            try container.encode(identity.release, forKey: .release)
            try container.encode(identity.review, forKey: .review)
            try container.encode(identity.datetime, forKey: .datetime)
        }
        try container.encode(score, forKey: .score)
        try container.encode(maxScore, forKey: .maxScore)
        try container.encode(tests, forKey: .tests)
    }
}

/// The submission's Release description on Classroom 50 (`release-body.md`): the score, a row per test, and
/// what went wrong with each that did not pass, in the lesson's language. What a student reads of a hidden
/// test is its one fixed message, as in every other format.
enum Classroom50ReleaseBody {
    static func render(_ result: GradeResult) -> String {
        let words = Feedback(lessonLanguage: result.language)
        var lines = [
            "### "
                + words.header(
                    exercise: result.exercise, status: result.status, score: result.score, maxScore: result.maxScore),
            "",
        ]
        if let message = result.message, result.status == .error { lines += [fenced(message), ""] }
        lines += ["| \(words.testColumn()) | \(words.resultColumn()) | \(words.pointsColumn()) |", "|---|---|---|"]
        for test in result.tests {
            lines.append("| \(cell(test.name)) | \(words.mark(test.status)) | \(test.points) / \(test.maxPoints) |")
        }
        for test in result.tests where test.status != .passed && !test.message.isEmpty {
            lines += [
                "", "<details><summary>\(escaped(test.name))</summary>", "", fenced(test.message), "", "</details>",
            ]
        }
        for hint in words.hints(of: result) { lines += ["", fenced(hint)] }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A table cell: a `|` or a line break would end it.
    private static func cell(_ text: String) -> String {
        escaped(text).replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// Text in a code fence longer than any run of backticks it holds, so nothing in it is read as Markdown.
    private static func fenced(_ text: String) -> String {
        var longest = 0
        var run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        return fence + "text\n" + text + "\n" + fence
    }
}

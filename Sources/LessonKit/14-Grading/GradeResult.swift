/// Why a test did not pass, as the instructor's class page groups it.
package enum FailureKind: String, Hashable, Sendable, Codable {
    /// The submission (or the test against it) does not build, or its build was stopped.
    case build
    /// The program ran out of its time.
    case timeout
    /// The program trapped or was killed by a signal.
    case crash
    /// A limit stopped the program (memory, CPU, file size, output).
    case limit
    /// It ran, and printed or ended otherwise than expected.
    case wrong
    /// The whole grading's budget ran out first.
    case budget
    /// There was no submission to grade, or the grader could not handle it.
    case ungraded
}

/// The outcome of one graded test.
package struct TestOutcome: Hashable, Sendable, Codable {
    package enum Status: String, Hashable, Sendable, Codable {
        case passed, failed, error
    }

    package var name: String
    package var status: Status
    /// Feedback for the student, in the lesson's language; empty when the test passed.
    package var message: String
    /// What the student's code printed (empty for hidden tests).
    package var output: String
    package var points: Int
    package var maxPoints: Int
    /// The task of the exercise's instructions it belongs to (`task=N` on its block), for Exercism.
    package var task: Int? = nil
    package var hidden: Bool
    /// The test's source, shown to the student (nil for hidden tests).
    package var testCode: String?
    package var seconds: Double
    /// Why a hidden test did not pass, for the instructor's report only: a student reads one fixed message.
    package var reason: String? = nil
    /// Why it did not pass, for the instructor's report; nil when it passed.
    package var failure: FailureKind? = nil
    /// The shape of its wrong output, where one is sure (`OutputShape`): explained to the student above the
    /// diff of a visible test; for a hidden test, the instructor's alone.
    package var explanation: OutputShape? = nil
    /// The first of the student's compiler errors that has an explanation (`DiagnosticExplanation.key`).
    package var diagnostic: String? = nil
}

/// The result of grading one submission.
package struct GradeResult: Hashable, Sendable, Codable {
    package enum Status: String, Hashable, Sendable, Codable {
        /// Every test passed.
        case pass
        /// Some test failed.
        case fail
        /// Nothing could run (the submission does not build, or the grader could not handle it).
        case error
    }

    package var exercise: String
    package var status: Status
    /// A message for the whole submission, e.g. why nothing could run.
    package var message: String?
    package var tests: [TestOutcome]
    /// The seconds a student is shown: the build and the visible tests. The hidden tests run after them, and
    /// how long they took is a channel (`instructorSeconds` keeps the whole).
    package var seconds: Double
    /// The whole grading's seconds, hidden tests included, for the instructor's report.
    package var instructorSeconds: Double? = nil
    /// The lesson's language (`language:` of its front matter), which the class page is written in.
    package var language: String? = nil
    /// The protections in force while the submission ran.
    package var protections: [String]
    /// The hints a failed attempt reveals: the exercise's first attempt − 1 (`lesson grade --attempt N`).
    package var hints: [String] = []
    /// How many hints the exercise has, where an attempt was given.
    package var hintCount: Int? = nil

    package var score: Int { tests.reduce(0) { $0 + $1.points } }
    package var maxScore: Int { tests.reduce(0) { $0 + $1.maxPoints } }

    package init(
        exercise: String, status: Status, message: String?, tests: [TestOutcome], seconds: Double,
        protections: [String] = []
    ) {
        self.exercise = exercise
        self.status = status
        self.message = message
        self.tests = tests
        self.seconds = seconds
        self.protections = protections
    }
}

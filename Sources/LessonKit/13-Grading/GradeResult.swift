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
    package var hidden: Bool
    /// The test's source, shown to the student (nil for hidden tests).
    package var testCode: String?
    package var seconds: Double
    /// Why a hidden test did not pass, for the instructor's report only: a student reads one fixed message.
    package var reason: String? = nil
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
    /// The protections in force while the submission ran.
    package var protections: [String]

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

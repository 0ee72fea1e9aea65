/// The outcome of one graded test.
public struct TestOutcome: Hashable, Sendable, Codable {
    public enum Status: String, Hashable, Sendable, Codable {
        case passed, failed, error
    }

    public var name: String
    public var status: Status
    /// Feedback for the student, in the lesson's language; empty when the test passed.
    public var message: String
    /// What the student's code printed (empty for hidden tests).
    public var output: String
    public var points: Int
    public var maxPoints: Int
    public var hidden: Bool
    /// The test's source, shown to the student (nil for hidden tests).
    public var testCode: String?
    public var seconds: Double
}

/// The result of grading one submission.
public struct GradeResult: Hashable, Sendable, Codable {
    public enum Status: String, Hashable, Sendable, Codable {
        /// Every test passed.
        case pass
        /// Some test failed.
        case fail
        /// Nothing could run (the submission does not build, or the grader could not handle it).
        case error
    }

    public var exercise: String
    public var status: Status
    /// A message for the whole submission, e.g. why nothing could run.
    public var message: String?
    public var tests: [TestOutcome]
    public var seconds: Double
    /// The protections in force while the submission ran.
    public var protections: [String]

    public var score: Int { tests.reduce(0) { $0 + $1.points } }
    public var maxScore: Int { tests.reduce(0) { $0 + $1.maxPoints } }

    public init(
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

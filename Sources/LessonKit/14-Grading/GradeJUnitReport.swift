/// A grading as JUnit XML, which CodeGrade's unit-test step and CI systems read: one test suite for the
/// exercise, one test case per test. Valid against the Jenkins xUnit plugin's `junit-10.xsd`, as `lesson check
/// --format junit` is.
///
/// A hidden test is named as the student sees it, with its one fixed message and no time: how long it ran
/// would say something of what it holds. The suite's time is the time the student is shown.
enum GradeJUnitReport {
    static func render(_ result: GradeResult) -> String {
        var cases = result.tests.map { test in
            JUnitDocument.TestCase(
                name: test.name, className: result.exercise, seconds: test.hidden ? 0 : test.seconds,
                outcome: outcome(test), output: test.output)
        }
        // A grading that ran nothing (no submission, nothing graded) is one error, the whole message.
        if cases.isEmpty {
            cases = [
                JUnitDocument.TestCase(
                    name: result.exercise, className: result.exercise, seconds: 0,
                    outcome: .failed(element: "error", message: result.message ?? "", type: "error", text: nil))
            ]
        }
        let suite = JUnitDocument.Suite(name: result.exercise, seconds: result.seconds, cases: cases)
        return JUnitDocument(name: "lesson grade", seconds: result.seconds, suites: [suite]).render()
    }

    private static func outcome(_ test: TestOutcome) -> JUnitDocument.Outcome {
        switch test.status {
        case .passed: return .passed
        case .failed, .error:
            let element = test.status == .failed ? "failure" : "error"
            let firstLine = String(test.message.prefix { $0 != "\n" })
            return .failed(element: element, message: firstLine, type: element, text: test.message)
        }
    }
}

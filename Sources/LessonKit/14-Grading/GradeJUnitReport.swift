/// A grading as JUnit XML, which CodeGrade's unit-test step and CI systems read: one test suite for the
/// exercise, one test case per test. Valid against the Jenkins xUnit plugin's `junit-10.xsd`, as `lesson check
/// --format junit` is.
///
/// A hidden test is named as the student sees it, with its one fixed message and no time: how long it ran
/// would say something of what it holds. The suite's time is the time the student is shown.
enum GradeJUnitReport {
    static func render(_ result: GradeResult) -> String {
        let failures = result.tests.filter { $0.status == .failed }.count
        let errors = result.tests.filter { $0.status == .error }.count
        // A grading that ran nothing (no submission, nothing graded) is one error, the whole message.
        let cases = result.tests.isEmpty ? 1 : result.tests.count
        let time = JUnitReporter.seconds(result.seconds)
        let suite = JUnitReporter.escape(result.exercise)
        var xml = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"lesson grade\" tests=\"\(cases)\" failures=\"\(failures)\" "
                + "errors=\"\(result.tests.isEmpty ? 1 : errors)\" time=\"\(time)\">",
            "  <testsuite name=\"\(suite)\" tests=\"\(cases)\" failures=\"\(failures)\" "
                + "errors=\"\(result.tests.isEmpty ? 1 : errors)\" skipped=\"0\" time=\"\(time)\">",
        ]
        if result.tests.isEmpty {
            xml += [
                "    <testcase name=\"\(suite)\" classname=\"\(suite)\" time=\"0.000\">",
                "      <error message=\"\(JUnitReporter.escape(result.message ?? ""))\" type=\"error\"/>",
                "    </testcase>",
            ]
        }
        for test in result.tests {
            let open =
                "    <testcase name=\"\(JUnitReporter.escape(test.name))\" classname=\"\(suite)\" "
                + "time=\"\(JUnitReporter.seconds(test.hidden ? 0 : test.seconds))\""
            let output =
                test.output.isEmpty ? [] : ["      <system-out>\(JUnitReporter.escape(test.output))</system-out>"]
            switch test.status {
            case .passed:
                xml += output.isEmpty ? [open + "/>"] : [open + ">"] + output + ["    </testcase>"]
            case .failed, .error:
                let element = test.status == .failed ? "failure" : "error"
                xml +=
                    [
                        open + ">",
                        "      <\(element) message=\"\(JUnitReporter.escape(firstLine(test.message)))\" type=\"\(element)\">"
                            + JUnitReporter.escape(test.message) + "</\(element)>",
                    ] + output + ["    </testcase>"]
            }
        }
        xml += ["  </testsuite>", "</testsuites>"]
        return xml.joined(separator: "\n") + "\n"
    }

    private static func firstLine(_ text: String) -> String {
        String(text.prefix { $0 != "\n" })
    }
}

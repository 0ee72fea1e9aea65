/// JUnit XML, the one writer of it: `lesson check --format junit` (a suite per lesson, `JUnitReporter`) and a
/// grading's `results.xml` (a suite for the exercise, `GradeJUnitReport`) describe their tests as this value,
/// and it writes the elements, counts, times and escaping alike for both.
struct JUnitDocument {
    /// How a test case ended.
    enum Outcome {
        case passed
        case skipped(message: String)
        /// A `failure` (its check failed) or an `error` (it could not be run) element: its message attribute,
        /// its type, and its text (nil for an empty element).
        case failed(element: String, message: String, type: String, text: String?)
    }

    struct TestCase {
        var name: String
        var className: String
        var seconds: Double
        /// Attributes after `time` (`file` and `line`), in order, unescaped.
        var attributes: [(name: String, value: String)] = []
        var outcome: Outcome
        /// What the test case printed or noted, after its outcome.
        var output: String = ""
    }

    struct Suite {
        var name: String
        var seconds: Double
        var cases: [TestCase]
    }

    /// The `testsuites` element's name (`lesson check`, `lesson grade`).
    var name: String
    var seconds: Double
    var suites: [Suite]

    func render() -> String {
        let cases = suites.flatMap(\.cases)
        var xml = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"\(Self.escape(name))\" tests=\"\(cases.count)\" "
                + "failures=\"\(Self.count("failure", in: cases))\" errors=\"\(Self.count("error", in: cases))\" "
                + "time=\"\(Self.seconds(seconds))\">",
        ]
        for suite in suites {
            let skipped = suite.cases.filter { if case .skipped = $0.outcome { true } else { false } }.count
            xml.append(
                "  <testsuite name=\"\(Self.escape(suite.name))\" tests=\"\(suite.cases.count)\" "
                    + "failures=\"\(Self.count("failure", in: suite.cases))\" "
                    + "errors=\"\(Self.count("error", in: suite.cases))\" skipped=\"\(skipped)\" "
                    + "time=\"\(Self.seconds(suite.seconds))\">")
            xml += suite.cases.flatMap(Self.lines)
            xml.append("  </testsuite>")
        }
        xml.append("</testsuites>")
        return xml.joined(separator: "\n") + "\n"
    }

    private static func lines(_ testCase: TestCase) -> [String] {
        var open =
            "    <testcase name=\"\(escape(testCase.name))\" classname=\"\(escape(testCase.className))\" "
            + "time=\"\(seconds(testCase.seconds))\""
        for attribute in testCase.attributes { open += " \(attribute.name)=\"\(escape(attribute.value))\"" }
        let output = testCase.output.isEmpty ? [] : ["      <system-out>\(escape(testCase.output))</system-out>"]
        let outcome: String
        switch testCase.outcome {
        case .passed:
            return output.isEmpty ? [open + "/>"] : [open + ">"] + output + ["    </testcase>"]
        case .skipped(let message):
            outcome = "      <skipped message=\"\(escape(message))\"/>"
        case .failed(let element, let message, let type, let text):
            let start = "      <\(element) message=\"\(escape(message))\" type=\"\(escape(type))\""
            outcome = text.map { start + ">" + escape($0) + "</\(element)>" } ?? start + "/>"
        }
        return [open + ">", outcome] + output + ["    </testcase>"]
    }

    private static func count(_ element: String, in cases: [TestCase]) -> Int {
        cases.filter { if case .failed(element, _, _, _) = $0.outcome { true } else { false } }.count
    }

    /// XML text and attribute escaping; characters XML 1.0 cannot hold become U+FFFD. What would change how the
    /// file reads without being seen (bidirectional controls such as U+202E, the line and paragraph separators
    /// U+2028 and U+2029, C1 controls) is a character reference: the same text to an XML reader, visible bytes
    /// to a person.
    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n": result += "&#10;"
            case "\r": result += "&#13;"
            case "\t": result += "&#9;"
            case _ where scalar.isInvisibleFormatting:
                result += "&#x" + String(scalar.value, radix: 16, uppercase: true) + ";"
            default:
                let allowed = scalar.value >= 0x20 && !(0xFFFE...0xFFFF).contains(scalar.value)
                result.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
            }
        }
        return result
    }

    /// Seconds with three decimals, as JUnit readers expect.
    static func seconds(_ value: Double) -> String {
        let milliseconds = Int((value * 1000).rounded())
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}

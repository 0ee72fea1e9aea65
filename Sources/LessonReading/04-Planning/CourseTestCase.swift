/// One test case of a course package's tests (`lesson test-cases`): a scenario, a listing or a book test of a
/// lesson, named by its title, or the lesson itself, which holds every other check of the lesson (its front
/// matter, engine, snippets and reprints) and every finding that belongs to no case.
///
/// A case's name is a Swift raw identifier (`` func `sayaç üç kez`() ``), so that it is the name a test list
/// shows and `swift test --filter` matches.
public struct CourseTestCase: Hashable, Sendable {
    /// The lesson's path under the lessons folder (`uikit/01-hucre.md`): the name of its cases' suite.
    public var lesson: String
    /// The opening line of the case's block; nil for the lesson's own case, at its first line.
    public var line: Int?
    /// The test's name: the scenario's title or the book test's name, else `file.md:LINE`; the lesson's own
    /// case is `ownCaseName`.
    public var name: String
    /// The name of the lesson's suite: its path, as a raw identifier, told apart from the others'.
    public var suite: String

    public init(lesson: String, line: Int?, suite: String, name: String) {
        self.lesson = lesson
        self.line = line
        self.suite = suite
        self.name = name
    }

    /// The name of a lesson's own case (its suite has the lesson's name, which a member of it cannot have).
    public static let ownCaseName = "the lesson's other checks"

    /// The checks that are cases of their own, found in a report at their opening line.
    public static let kindsOfTheirOwn: Set<CheckResult.Kind> = [.scenario, .listing, .bookTest]

    /// The cases of the lessons, each planned, with its path under the lessons folder, in order.
    package static func cases(of lessons: [(plan: LessonPlan, name: String)]) -> [CourseTestCase] {
        var suites: Set<String> = []
        return lessons.flatMap { lesson in
            var suite = rawIdentifier(lesson.name) ?? "lesson"
            if suites.contains(suite) { suite += " (\(suites.count + 1))" }
            suites.insert(suite)
            return cases(of: lesson.plan, named: lesson.name, suite: suite)
        }
    }

    /// The cases of the lesson planned as `plan`, whose path under the lessons folder is `lesson`: the lesson's
    /// own first, then its scenarios, listings and book tests in the order of their lines.
    package static func cases(of plan: LessonPlan, named lesson: String, suite: String) -> [CourseTestCase] {
        let file = rawIdentifier(lesson.split(separator: "/").last.map(String.init) ?? lesson) ?? "lesson"
        let titled =
            plan.scenarios.map { ($0.block.openingLine, $0.description) }
            + plan.listings.map { ($0.block.openingLine, "") }
            + plan.bookTests.map { ($0.line, $0.name) }
        var taken: Set<String> = [ownCaseName, suite]
        var cases = [CourseTestCase(lesson: lesson, line: nil, suite: suite, name: ownCaseName)]
        for (line, title) in titled.sorted(by: { $0.0 < $1.0 }) {
            let fallback = "\(file):\(line)"
            var name = rawIdentifier(title) ?? fallback
            if taken.contains(name) {
                name = name == fallback ? "\(fallback) (\(cases.count))" : "\(name) (\(fallback))"
            }
            taken.insert(name)
            cases.append(CourseTestCase(lesson: lesson, line: line, suite: suite, name: name))
        }
        return cases
    }

    /// `text` as a Swift raw identifier's content, or nil where it cannot be one: a backtick becomes `'`, a
    /// backslash `/`, and controls and runs of spaces one space; what is empty, a keyword, or only operator
    /// characters (which a raw identifier may not be) is nil.
    package static func rawIdentifier(_ text: String) -> String? {
        var scalars = String.UnicodeScalarView()
        var lastWasSpace = true
        for scalar in text.unicodeScalars {
            let mapped: Unicode.Scalar
            switch scalar {
            case "`": mapped = "'"
            case "\\": mapped = "/"
            case _
            where scalar.properties.generalCategory == .control || scalar.properties.isWhitespace
                || scalar.isInvisibleFormatting:
                mapped = " "
            default: mapped = scalar
            }
            if mapped == " " && lastWasSpace { continue }
            scalars.append(mapped)
            lastWasSpace = mapped == " "
        }
        if scalars.last == " " { scalars.removeLast() }
        let name = String(scalars)
        let onlyOperators = name.unicodeScalars.allSatisfy { SwiftCharacters.isOperatorCharacter($0.value) }
        guard !name.isEmpty, !onlyOperators, !SwiftVocabulary.keywords.contains(name), name != "_" else { return nil }
        return name
    }
}

/// The one writer of the `switch` by which a Swift program that holds several scenarios runs the one it was
/// asked for (`LESSON_SCENARIO`, read by the native support): a merged program's wrapped scenarios
/// (`ProgramSource.mergedProgram`), a grading's tests (`TwoProgramBuild`). An index no case holds ends the
/// program as the support says. (A batch of modules has no Swift `main`: the support's runs its programs.)
enum ScenarioDispatch {
    /// `switch selector { case 0: calls[0] … default: _lessonUnknownScenario() }`.
    static func switchStatement(over selector: String, calls: [String]) -> String {
        var text = "switch \(selector) {\n"
        for (index, call) in calls.enumerated() { text += "case \(index): \(call)\n" }
        return text + "default: _lessonUnknownScenario()\n}\n"
    }
}

/// PrairieLearn's external grader results (`/grade/results/results.json`, docs/externalGrading.md): the score
/// as a fraction of full marks, and each test's points. A submission that does not build, or cannot be
/// graded, is not gradable, so that PrairieLearn does not count it as an attempt, and `format_errors` (a
/// string or a list of strings) says why, a line each.
struct PrairieLearnResults: Encodable {
    struct Test: Encodable {
        var name: String
        var points: Int
        var max_points: Int
        var message: String
        var output: String
    }

    var gradable: Bool
    var score: Double
    var message: String
    var output = ""
    var format_errors: [String]?
    var tests: [Test]

    init(_ result: GradeResult) {
        gradable = result.status != .error
        score = result.maxScore > 0 ? Double(result.score) / Double(result.maxScore) : 0
        message = ([result.message ?? ""] + Feedback(lessonLanguage: result.language).hints(of: result))
            .filter { !$0.isEmpty }.joined(separator: "\n")
        if !gradable {
            format_errors = (result.message ?? "").split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        }
        tests = result.tests.map {
            Test(name: $0.name, points: $0.points, max_points: $0.maxPoints, message: $0.message, output: $0.output)
        }
    }
}

/// PrairieLearn's external grader results (`/grade/results/results.json`): the score as a fraction of full
/// marks, and each test's points. A submission that does not build is not gradable, so that PrairieLearn
/// does not count it as an attempt.
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
    var tests: [Test]

    init(_ result: GradeResult) {
        gradable = result.status != .error
        score = result.maxScore > 0 ? Double(result.score) / Double(result.maxScore) : 0
        message = result.message ?? ""
        tests = result.tests.map {
            Test(name: $0.name, points: $0.points, max_points: $0.maxPoints, message: $0.message, output: $0.output)
        }
    }
}

/// Classroom 50's grader result (`classroom50/result/v1`): points, and whether each test passed. The grader
/// exits 0 whatever the grade, as `lesson grade` does.
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
    var score: Int
    var maxScore: Int
    var tests: [Test]

    enum CodingKeys: String, CodingKey {
        case schema, score, maxScore = "max-score", tests
    }

    init(_ result: GradeResult) {
        score = result.score
        maxScore = result.maxScore
        tests = result.tests.map {
            Test(testName: $0.name, passed: $0.status == .passed, score: $0.points, maxScore: $0.maxPoints)
        }
    }
}

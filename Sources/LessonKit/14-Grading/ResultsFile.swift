import Foundation

/// Reads back a results.json the grader wrote, for a class summary's row.
enum ResultsFile {
    private struct Exercism: Decodable {
        struct Test: Decodable { var status: String }
        var status: String
        var tests: [Test]?
    }

    private struct Gradescope: Decodable {
        struct Test: Decodable {
            var score: Int
            var max_score: Int
        }
        var score: Int
        var tests: [Test]
    }

    /// Status, score and maximum. An Exercism result has no points: its tests are scored with `worth`, the
    /// worth of each test in order. A Gradescope result has no status: it is `pass` at full marks, `error`
    /// with no test, `fail` otherwise.
    static func row(from data: Data, worth: [Int]) -> (String, Int, Int)? {
        let decoder = JSONDecoder()
        if let result = try? decoder.decode(Gradescope.self, from: data) {
            let maximum = result.tests.reduce(0) { $0 + $1.max_score }
            let status = result.tests.isEmpty ? "error" : result.score == maximum ? "pass" : "fail"
            return (status, result.score, maximum)
        }
        guard let result = try? decoder.decode(Exercism.self, from: data),
            ["pass", "fail", "error"].contains(result.status)
        else { return nil }
        let tests = result.tests ?? []
        let maximum = worth.reduce(0, +)
        guard tests.count == worth.count else { return (result.status, 0, maximum) }
        let score = zip(tests, worth).reduce(0) { $0 + ($1.0.status == "pass" ? $1.1 : 0) }
        return (result.status, score, maximum)
    }
}

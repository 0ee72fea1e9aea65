import Foundation
import XCTest

@testable import LessonKit

/// The results `lesson grade` writes meet each platform's contract, shown with the platform's own example
/// (`Fixtures/grading/formats`, copied from its repository): Classroom 50's pass its runner's
/// `validate_result` (`Classroom50Contract`), the others use only keys the platform's example has, with values
/// of the same JSON types. The goldens of every fixture submission are checked, so a failing, a crashing and
/// a non-building submission are all covered.
final class PlatformFormatTests: XCTestCase {
    private let root = TestSupport.packageRoot

    /// `{"score": number, "tests": [{…}]}` for a JSON value: its keys and the kinds of their values, an
    /// array by the shape of its elements.
    private func shape(_ value: Any) -> String {
        switch value {
        case let object as [String: Any]:
            return "{" + object.keys.sorted().map { "\($0): \(shape(object[$0]!))" }.joined(separator: ", ") + "}"
        case let array as [Any]:
            return "[" + Set(array.map(shape)).sorted().joined(separator: " | ") + "]"
        case is String: return "string"
        // Foundation reads `true` as a Bool and a number as an NSNumber, which would also cast to Bool.
        case _ where type(of: value) == Bool.self: return "boolean"
        case is NSNumber: return "number"
        default: return "null"
        }
    }

    private func json(_ path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: root + "/" + path))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any], path)
    }

    private func goldens(_ format: GradeFormat) throws -> [String] {
        let folder = "Fixtures/grading/expected/sync-engine"
        let names = try FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)
            .filter { $0.hasSuffix(".\(format.rawValue).json") }.sorted()
        XCTAssertEqual(names.count, 6, "\(format)")
        return names.map { folder + "/" + $0 }
    }

    /// The keys of `value` and the JSON types of their values, at every level, each one the example has
    /// (`allowed` adds keys the platform's docs name beside its example).
    private func assertKeys(
        _ value: [String: Any], within example: [String: Any], allowed: Set<String> = [], _ path: String
    ) {
        for (key, item) in value {
            guard let model = example[key] else {
                XCTAssertTrue(allowed.contains(key), "\(path): '\(key)' is not in the platform's example")
                continue
            }
            // A null in the example is a field that may be null or hold a value.
            if !(model is NSNull) { XCTAssertEqual(shapeKind(item), shapeKind(model), "\(path): '\(key)'") }
            if let items = item as? [[String: Any]], let models = model as? [[String: Any]] {
                let union = models.reduce(into: [String: Any]()) { $0.merge($1) { first, _ in first } }
                for element in items { assertKeys(element, within: union, allowed: allowed, path + "." + key) }
            }
        }
    }

    private func shapeKind(_ value: Any) -> String {
        switch value {
        case is [String: Any]: "object"
        case is [Any]: "array"
        default: shape(value)
        }
    }

    func testPrairieLearnResultsUseItsKeysAFractionalScoreAndSayWhyWhenNotGradable() throws {
        let example = try json("Fixtures/grading/formats/prairielearn.example.json")
        for path in try goldens(.prairielearn) {
            let result = try json(path)
            // `format_errors`: "either a string or an array of strings" (docs/externalGrading.md).
            assertKeys(result, within: example, allowed: ["format_errors"], path)
            let score = try XCTUnwrap(result["score"] as? Double, path)
            XCTAssertTrue((0...1).contains(score), "\(path): score \(score)")
            // Only a submission that does not build is not gradable (PrairieLearn then counts no attempt).
            let gradable = !path.hasSuffix("/no-compile.prairielearn.json")
            XCTAssertEqual(result["gradable"] as? Bool, gradable, path)
            XCTAssertEqual((result["format_errors"] as? [String])?.isEmpty == false, !gradable, path)
        }
        let notBuilt = try json("Fixtures/grading/expected/sync-engine/no-compile.prairielearn.json")
        XCTAssertEqual(
            (notBuilt["format_errors"] as? [String])?.first, "hiçbir test çalışamadı: kodunuz derlenmiyor")
        let correct = try json("Fixtures/grading/expected/sync-engine/correct.prairielearn.json")
        XCTAssertEqual(correct["score"] as? Double, 1)
        let wrong = try json("Fixtures/grading/expected/sync-engine/wrong.prairielearn.json")
        XCTAssertEqual(wrong["score"] as? Double, 0.8)
    }

    /// Gradescope: "If test cases are hidden, students will not be able to see their total score"
    /// (docs/specs.md): a hidden test that gives points is `after_published`, never `hidden`.
    func testGradescopeResultsUseItsKeysAndKeepEveryStudentsTotalVisible() throws {
        let example = try json("Fixtures/grading/formats/gradescope.example.json")
        // The spec's other example (with comments, so not JSON) names these beside the tests' ones.
        let documented: Set<String> = ["score", "execution_time", "output", "output_format", "visibility"]
        for path in try goldens(.gradescope) {
            let result = try json(path)
            assertKeys(result, within: example, allowed: documented, path)
            let tests = try XCTUnwrap(result["tests"] as? [[String: Any]], path)
            for test in tests where (test["max_score"] as? Int ?? 0) > 0 {
                XCTAssertNotEqual(test["visibility"] as? String, "hidden", "\(path): \(test["name"] ?? "")")
            }
            XCTAssertEqual(tests.filter { $0["visibility"] as? String == "after_published" }.count, 2, path)
        }
    }

    func testExercismResultsUseItsKeys() throws {
        let example = try json("Fixtures/grading/formats/exercism.example.json")
        for path in try goldens(.exercism) {
            assertKeys(try json(path), within: example, path)
        }
    }

    /// Every Classroom 50 result passes its runner's checks for its run; the platform's own example passes
    /// them too, and each rule refuses what it should (the rules can fail).
    func testClassroom50ResultsPassItsRunnersValidation() throws {
        let run = TestSupport.classroom50Environment
        func violation(_ value: Any) -> String? {
            Classroom50Contract.violation(
                value, classroom: run["CLASSROOM"]!, assignment: run["ASSIGNMENT"]!, owner: run["USERNAME"])
        }
        for path in try goldens(.classroom50) {
            let result = try json(path)
            XCTAssertNil(violation(result), path)
            XCTAssertEqual(result["datetime"] as? String, "2026-12-07T02:00:05Z", path)
        }
        let example = try json("Fixtures/grading/formats/classroom50.example.json")
        XCTAssertNil(Classroom50Contract.violation(example, classroom: "cs-principles", assignment: "hello"))
        let broken: [(String, Any?, String)] = [
            ("commit", nil, "result.json 'commit' must be a non-empty string"),
            ("submission", "v1", "result.json 'submission' must be a 'submit/*' string"),
            ("score", 4.0, "result.json 'score' must be a non-negative integer"),
            ("assignment", "bye", "result.json assignment is 'bye', want 'hello'"),
            ("max-score", 3, "result.json score (4) > max-score (3)"),
        ]
        for (key, value, message) in broken {
            var changed = example
            changed[key] = value
            XCTAssertEqual(
                Classroom50Contract.violation(changed, classroom: "cs-principles", assignment: "hello"), message)
        }
        var tests = try XCTUnwrap(example["tests"] as? [[String: Any]])
        tests[1]["passed"] = 0
        var changed = example
        changed["tests"] = tests
        XCTAssertEqual(
            Classroom50Contract.violation(changed, classroom: "cs-principles", assignment: "hello"),
            "result.json 'tests[1].passed' must be a boolean")
    }

    /// Exercism groups tests by task: `task=N` on a test's block is its `task_id`, and a test without one
    /// has none.
    func testExercismTestsCarryTheirTask() throws {
        let result = try json("Fixtures/grading/expected/sync-engine/correct.exercism.json")
        let tests = try XCTUnwrap(result["tests"] as? [[String: Any]])
        XCTAssertEqual(tests.map { $0["task_id"] as? Int }, [1, 2, nil, nil])
    }
}

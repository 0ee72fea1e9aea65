import Foundation
import XCTest

@testable import LessonKit

/// The results `lesson grade` writes for PrairieLearn and Classroom 50 have the shape of each platform's
/// documented example (`Fixtures/grading/formats`): the same keys at every level, with values of the same
/// JSON types, and nothing else. The goldens of every fixture submission are checked, so a failing, a
/// crashing and a non-building submission are all covered.
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

    func testPrairieLearnResultsHaveTheDocumentedShapeAndAFractionalScore() throws {
        let example = shape(try json("Fixtures/grading/formats/prairielearn.example.json"))
        for path in try goldens(.prairielearn) {
            let result = try json(path)
            XCTAssertEqual(shape(result), example, path)
            let score = try XCTUnwrap(result["score"] as? Double, path)
            XCTAssertTrue((0...1).contains(score), "\(path): score \(score)")
            // Only a submission that does not build is not gradable (PrairieLearn then counts no attempt).
            XCTAssertEqual(result["gradable"] as? Bool, !path.hasSuffix("/no-compile.prairielearn.json"), path)
        }
        let correct = try json("Fixtures/grading/expected/sync-engine/correct.prairielearn.json")
        XCTAssertEqual(correct["score"] as? Double, 1)
        let wrong = try json("Fixtures/grading/expected/sync-engine/wrong.prairielearn.json")
        XCTAssertEqual(wrong["score"] as? Double, 0.8)
    }

    func testClassroom50ResultsHaveTheDocumentedShapeAndTheirSchema() throws {
        let example = shape(try json("Fixtures/grading/formats/classroom50.example.json"))
        for path in try goldens(.classroom50) {
            let result = try json(path)
            XCTAssertEqual(shape(result), example, path)
            XCTAssertEqual(result["schema"] as? String, "classroom50/result/v1", path)
            let tests = try XCTUnwrap(result["tests"] as? [[String: Any]], path)
            XCTAssertEqual(result["score"] as? Int, tests.reduce(0) { $0 + ($1["score"] as? Int ?? 0) }, path)
            XCTAssertEqual(
                result["max-score"] as? Int, tests.reduce(0) { $0 + ($1["max-score"] as? Int ?? 0) }, path)
        }
    }

    /// Exercism groups tests by task: `task=N` on a test's block is its `task_id`, and a test without one
    /// has none.
    func testExercismTestsCarryTheirTask() throws {
        let result = try json("Fixtures/grading/expected/sync-engine/correct.exercism.json")
        let tests = try XCTUnwrap(result["tests"] as? [[String: Any]])
        XCTAssertEqual(tests.map { $0["task_id"] as? Int }, [1, 2, nil, nil])
    }
}

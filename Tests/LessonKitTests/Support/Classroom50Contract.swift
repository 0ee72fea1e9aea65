import Foundation

/// The rules Classroom 50's runner and score collector apply to a `result.json` before a submission counts,
/// in their order, with the runner's messages: `validate_result` of `foundation50/classroom50`,
/// `cli/gh-teacher/skeleton/dotgithub/scripts/runner.py` at `0c499034f24703425496698992fedc41fbc1162f` (the
/// collector's copy in `collect_scores.py` is kept in lockstep with it). Written here from reading that
/// code: a result this refuses is a result Classroom 50 records as an error, and never publishes.
enum Classroom50Contract {
    /// The first rule `value` breaks, or nil when the runner accepts it for this run.
    static func violation(
        _ value: Any, classroom: String, assignment: String, expectedType: String = "individual",
        owner: String? = nil
    ) -> String? {
        guard let result = value as? [String: Any] else { return "result.json is not a JSON object" }
        if (result["schema"] as? String) != "classroom50/result/v1" {
            return "result.json schema is \(describe(result["schema"])), want 'classroom50/result/v1'"
        }
        if (result["classroom"] as? String) != classroom {
            return "result.json classroom is \(describe(result["classroom"])), want '\(classroom)'"
        }
        if (result["assignment"] as? String) != assignment {
            return "result.json assignment is \(describe(result["assignment"])), want '\(assignment)'"
        }
        guard let resultOwner = result["owner"] as? String, !resultOwner.isEmpty else {
            return "result.json 'owner' must be a non-empty string"
        }
        if let owner, resultOwner.lowercased() != owner.lowercased() {
            return "result.json 'owner' is '\(resultOwner)', want '\(owner)' (derived from the repo name)"
        }
        if (result["assignment_type"] as? String) != expectedType {
            return "result.json 'assignment_type' is \(describe(result["assignment_type"])), want '\(expectedType)'"
        }
        guard let submission = result["submission"] as? String, submission.hasPrefix("submit/") else {
            return "result.json 'submission' must be a 'submit/*' string"
        }
        for field in ["commit", "release", "review", "datetime"] {
            guard let text = result[field] as? String, !text.isEmpty else {
                return "result.json '\(field)' must be a non-empty string"
            }
        }
        guard let score = integer(result["score"]), score >= 0 else {
            return "result.json 'score' must be a non-negative integer"
        }
        guard let maxScore = integer(result["max-score"]), maxScore >= 0 else {
            return "result.json 'max-score' must be a non-negative integer"
        }
        if score > maxScore { return "result.json score (\(score)) > max-score (\(maxScore))" }
        guard let tests = result["tests"] as? [Any] else { return "result.json 'tests' is not a list" }
        for (index, item) in tests.enumerated() {
            if let problem = testViolation(item, index) { return problem }
        }
        return submittedByViolation(result["submitted_by"])
    }

    private static func testViolation(_ item: Any, _ index: Int) -> String? {
        guard let test = item as? [String: Any] else { return "result.json 'tests[\(index)]' is not an object" }
        guard let name = test["test-name"] as? String, !name.isEmpty else {
            return "result.json 'tests[\(index)].test-name' must be a non-empty string"
        }
        guard let passed = test["passed"], isBoolean(passed) else {
            return "result.json 'tests[\(index)].passed' must be a boolean"
        }
        guard let score = integer(test["score"]), score >= 0 else {
            return "result.json 'tests[\(index)].score' must be a non-negative integer"
        }
        guard let maxScore = integer(test["max-score"]), maxScore >= 0 else {
            return "result.json 'tests[\(index)].max-score' must be a non-negative integer"
        }
        if score > maxScore {
            return "result.json 'tests[\(index)].score' (\(score)) > 'tests[\(index)].max-score' (\(maxScore))"
        }
        return nil
    }

    private static func submittedByViolation(_ value: Any?) -> String? {
        guard let value, !(value is NSNull) else { return nil }
        guard let by = value as? [String: Any] else { return "result.json 'submitted_by' must be an object" }
        guard let username = by["username"] as? String, !username.isEmpty else {
            return "result.json 'submitted_by.username' must be a non-empty string"
        }
        if let id = by["id"], !(id is NSNull), integer(id) == nil {
            return "result.json 'submitted_by.id' must be an integer or null"
        }
        return nil
    }

    /// An integer as Python's `json` reads one: `4`, not `4.0` (a float) and not `true` (a bool).
    private static func integer(_ value: Any?) -> Int? {
        guard let number = value as? NSNumber, !isBoolean(number) else { return nil }
        return ["d", "f"].contains(String(cString: number.objCType)) ? nil : number.intValue
    }

    /// Foundation reads `true` as its own boolean class, whose number's type is `c`.
    private static func isBoolean(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return "\(type(of: number))".contains("Boolean") || type(of: value) == Bool.self
    }

    private static func describe(_ value: Any?) -> String {
        guard let value, !(value is NSNull) else { return "None" }
        return value is String ? "'\(value)'" : "\(value)"
    }
}

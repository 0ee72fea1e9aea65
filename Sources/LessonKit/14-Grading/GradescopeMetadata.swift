import Foundation

/// Gradescope's `/autograder/submission_metadata.json`: which attempt of the student's a submission is, as
/// its list of the student's previous submissions says (`previous_submissions`, oldest first).
package enum GradescopeMetadata {
    /// The attempt the file describes: its previous submissions plus one. A file that cannot be read, or
    /// holds no `previous_submissions` list, is an input error naming it.
    package static func attempt(readingFile path: String) throws -> Int {
        guard let text = LessonFileBytes.text(path) else {
            throw LessonError(.input, "--submission-metadata: cannot read \(path)")
        }
        return try attempt(of: Data(text.utf8), named: path)
    }

    static func attempt(of data: Data, named path: String) throws -> Int {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let previous = object["previous_submissions"] as? [Any]
        else {
            throw LessonError(
                .input, "--submission-metadata: \(path) is not Gradescope's metadata (no previous_submissions list)")
        }
        return previous.count + 1
    }
}

import Foundation

/// What a student's program must not see, as folders: the lesson's folder and the course repository around
/// it (its other lessons, their solutions), the lessons' root, the hidden tests' folder, the submissions and
/// results of the class, the folder the grader runs in, and any folder the grader names.
package enum InstructorFolders {
    package static func of(
        lesson: String, lessonsRoot: String?, hidden: String?, submission: String, output: String?,
        extra: String?
    ) -> [String] {
        func parent(_ path: String) -> String {
            URL(fileURLWithPath: Paths.absolute(path)).deletingLastPathComponent().path
        }
        var folders = [
            parent(lesson), repositoryRoot(of: parent(lesson)), lessonsRoot, hidden.map(parent),
            parent(parent(submission)), output.map(parent), FileManager.default.currentDirectoryPath, extra,
        ].compactMap { $0 }
        folders = folders.filter { !$0.isEmpty }.map(Paths.absolute)
        return Array(Set(folders)).sorted()
    }

    /// The nearest folder above `folder` that holds `.git` or `Package.swift`: the course's repository.
    static func repositoryRoot(of folder: String) -> String? {
        var url = URL(fileURLWithPath: folder)
        while url.path != "/" {
            for marker in [".git", "Package.swift"]
            where FileManager.default.fileExists(atPath: url.appendingPathComponent(marker).path) {
                return url.path
            }
            url.deleteLastPathComponent()
        }
        return nil
    }
}

extension SandboxPolicy {
    /// This policy for grading a submission: the instructor's folders and files hidden from the student's
    /// program (see `InstructorFolders`), the toolchain's runtime libraries readable.
    package func grading(
        lesson: String, lessonsRoot: String?, hidden: String?, submission: String, output: String?, extra: String?,
        runtimeLibraries: String?
    ) -> SandboxPolicy {
        var policy = self
        policy.hiddenFolders = InstructorFolders.of(
            lesson: lesson, lessonsRoot: lessonsRoot, hidden: hidden, submission: submission, output: output,
            extra: extra)
        policy.hiddenFiles = [lesson, hidden].compactMap { $0 }.map(Paths.absolute)
        policy.readablePaths = [runtimeLibraries].compactMap { $0 }
        return policy
    }
}

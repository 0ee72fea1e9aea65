import Foundation

/// Builds the course package's dependency (this checkout) in the background while the XCTest tests run
/// (`BackgroundJob`), so that `CoursePackageTests`, which Swift Testing runs after them, finds it built.
///
/// A course package's first `swift test` compiles this whole package again in the course's own build
/// folder: about 30 s of compiling that would otherwise be the last thing the suite waits for. The job
/// builds what the course's workflow builds first (`swift build --build-tests`: `LessonTesting`, the `lesson`
/// its test plugin runs, and the course's tests), then `lesson` for `swift run`. `CoursePackageCopy.make` waits for it before
/// replacing the copy. If it fails, or never ran (a filtered run), the tests build everything themselves.
/// XCTest runs the test targets in no fixed order, so the first class of each target that runs for long
/// starts it (`AssertLessonsTests`, `ArchitectureTests`); the second call does nothing.
public enum CoursePackageWarmUp {
    static var job: BackgroundJob { BackgroundJob(folder: CoursePackageCopy.base(), name: "warm-up") }

    /// Starts the build once, in the XCTest run of a whole `swift test`.
    public static func startIfWholeRun() {
        job.startOnceInWholeRun {
            guard let course = try? CoursePackageCopy.make() else { return false }
            job.start(["sh", "-c", "swift build --build-tests && swift build --product lesson"], in: course.root)
            return true
        }
    }

    /// Returns once no background build is running.
    public static func waitUntilDone() {
        job.waitUntilDone()
    }
}

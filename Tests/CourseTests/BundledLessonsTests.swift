import LessonTesting
import Testing

/// Every lesson of the bundled course (`Lessons/`) is a test case of its own, found when the tests run:
/// `swift test --filter bundledLesson --filter uikit/01` checks one.
@Test(arguments: try CourseLesson.all(in: "Lessons"))
func bundledLesson(_ lesson: CourseLesson) {
    lesson.check()
}

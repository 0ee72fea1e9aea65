import LessonTesting
import XCTest

/// The bundled course must pass: every finding fails this test at the lesson's own file and line.
final class BundledCourseTests: XCTestCase {
    func testBundledCourse() {
        assertLessons(in: "Lessons")
    }
}

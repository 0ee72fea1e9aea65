import LessonTesting
import XCTest

final class LessonTests: XCTestCase {
    func testLessons() {
        assertLessons(in: "Lessons")
    }
}

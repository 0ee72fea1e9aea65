import LessonTesting
import Testing

@Test(arguments: try CourseLesson.all(in: "Lessons"))
func lesson(_ lesson: CourseLesson) {
    lesson.check()
}

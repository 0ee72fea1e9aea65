import Foundation
import LessonReading

// LessonTestCaseWriter LESSONS_FOLDER OUTPUT_FILE
// The `LessonTestCases` plugin's tool: `lesson test-cases LESSONS_FOLDER --output OUTPUT_FILE`, built from
// LessonReading alone, so that SwiftPM builds it once however often it plans a course's build again.

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: LessonTestCaseWriter LESSONS_FOLDER OUTPUT_FILE\n".utf8))
    exit(2)
}
do {
    try CourseTestSource.write(CourseTestSource.source(lessonsFolder: arguments[1]), to: arguments[2])
} catch {
    FileHandle.standardError.write(Data("LessonTestCaseWriter: \(error)\n".utf8))
    exit(1)
}

import Foundation
import XCTest

@testable import LessonKit

/// The programs' runtime support is one C file: the one the package compiles (the target
/// LessonRuntimeSupport) is the one the checker carries and compiles at run time, and Swift declares its
/// functions as its header does.
final class RuntimeSupportTests: XCTestCase {
    /// The file, with the Landlock declarations it shares with the containment launcher inlined.
    func testTheCarriedSupportIsTheFileThePackageCompiles() throws {
        let file = try String(
            contentsOfFile: TestSupport.packageRoot + "/Sources/LessonRuntimeSupport/lesson_support.c", encoding: .utf8)
        let landlock = try String(
            contentsOfFile: TestSupport.packageRoot + "/Sources/CContainment/contain_linux_abi.h", encoding: .utf8)
        let include = "#include \"../CContainment/contain_linux_abi.h\"\n"
        XCTAssertEqual(file.components(separatedBy: include).count, 2)
        XCTAssertEqual(NativeSupport.source.contents, file.replacingOccurrences(of: include, with: landlock))
        XCTAssertTrue(NativeSupport.source.contents.contains("static inline int contain_allow_beneath("))
    }

    func testSwiftDeclaresTheFunctionsTheHeaderDeclares() throws {
        let header = try String(
            contentsOfFile: TestSupport.packageRoot + "/Sources/LessonRuntimeSupport/include/lesson_support.h",
            encoding: .utf8)
        let declaredInC = header.split(separator: "\n").filter { $0.hasPrefix("LESSON_SWIFT ") }.compactMap {
            line in line.firstMatch(of: /(_lesson\w+)\(/).map { String($0.1) }
        }
        let declaredInSwift = NativeSupport.declarations.contents.split(separator: "\n").compactMap { line in
            line.split(separator: "\"").dropFirst().first.map(String.init)
        }
        XCTAssertEqual(declaredInC.count, 9)
        XCTAssertEqual(declaredInSwift.sorted(), declaredInC.sorted())
    }
}

import Foundation
import XCTest

@testable import LessonKit

/// A listing's protocols, extensions and types moved out of the function a merged build wraps it in: which
/// lines move, which listings may be built so, and which errors of such a build are the listing's own.
final class FileScopeDeclarationsTests: XCTestCase {
    /// Whole declarations move, with their attributes, `fileprivate` before each keyword; the rest stays, line
    /// for line, and a string literal that holds a declaration's words is not one.
    func testDeclarationsMoveLineForLine() throws {
        let source = """
            @propertyWrapper
            struct Capped {
                private var value = 0
                var wrappedValue: Int { get { value } set { value = min(newValue, 9) } }
            }
            var count = 1 // a comment
            final class Box: Equatable { static func == (a: Box, b: Box) -> Bool { true } }
            extension Box: CustomStringConvertible { var description: String { "box" } }
            extension Array where Element: Equatable {
                func same() -> Bool { true }
            }
            typealias Handler = (Int) -> Void
            let text = \"\"\"
                struct NotADeclaration {}
                \"\"\"
            indirect enum Tree {
                case leaf, node(Tree)
            }
            @discardableResult func answer() -> Int { 42 }

            """
        let split = try XCTUnwrap(FileScopeDeclarations(source))
        XCTAssertEqual(
            split.fileScope,
            """
            @propertyWrapper
            fileprivate struct Capped {
                private var value = 0
                var wrappedValue: Int { get { value } set { value = min(newValue, 9) } }
            }

            final fileprivate class Box: Equatable { static func == (a: Box, b: Box) -> Bool { true } }
            extension Box: CustomStringConvertible { var description: String { "box" } }
            fileprivate extension Array where Element: Equatable {
                func same() -> Bool { true }
            }
            fileprivate typealias Handler = (Int) -> Void



            indirect fileprivate enum Tree {
                case leaf, node(Tree)
            }


            """)
        XCTAssertEqual(
            split.body,
            """





            var count = 1 // a comment






            let text = \"\"\"
                struct NotADeclaration {}
                \"\"\"



            @discardableResult func answer() -> Int { 42 }

            """)
        XCTAssertEqual(split.conformedTypes, ["Box"], "an extension with a conformance cannot be fileprivate")
    }

    /// A declaration that shares its line with other code, an access level of its own, a conditional block or
    /// a declaration without its body leaves the block unsplit.
    func testWhatCannotMoveLeavesTheBlockWhole() {
        XCTAssertNil(FileScopeDeclarations("struct A {}; let b = 1\n"))
        XCTAssertNil(FileScopeDeclarations("let b = 1; protocol P {}\n"))
        XCTAssertNil(FileScopeDeclarations("nonisolated struct A {}\n"))
        XCTAssertNil(FileScopeDeclarations("private struct A {}\n"))
        XCTAssertNil(FileScopeDeclarations("#if os(Linux)\nstruct A {}\n#endif\n"))
        XCTAssertNil(FileScopeDeclarations("protocol P\n"))
        XCTAssertNil(FileScopeDeclarations("let a = [1, 2\n"), "a bracket that does not close")
        let split = FileScopeDeclarations("struct A\n{\n}\nlet a = A()\n")
        XCTAssertEqual(split?.fileScope, "fileprivate struct A\n{\n}\n\n", "a body that opens on the next line")
        XCTAssertEqual(split?.body, "\n\n\nlet a = A()\n")
    }

    /// A listing built alone for its protocol or extension may move them; not for `await`, an access level at
    /// its top level, or a conformance added to a type it does not declare (another file's could clash).
    func testWhichListingsMayMoveTheirDeclarations() {
        XCTAssertTrue(
            MergePolicy.mayMoveDeclarations([
                "protocol P { func f() }\n",
                "struct S: P { private var x = 1\n func f() {} }\nextension S: Equatable {}\n",
            ]))
        XCTAssertFalse(MergePolicy.mayMoveDeclarations(["extension Int: P {}\n", "protocol P {}\n"]))
        XCTAssertFalse(MergePolicy.mayMoveDeclarations(["protocol P {}\nlet x = await f()\n"]))
        XCTAssertFalse(MergePolicy.mayMoveDeclarations(["protocol P {}\nprivate let x = 1\n"]))
        XCTAssertFalse(MergePolicy.mayMoveDeclarations(["prefix operator +++\nextension Int {}\n"]))
    }

    /// Moved declarations go to a file of the listing's own, which holds its function too; the function is
    /// wrapped as any merged listing's, with the moved lines blank.
    func testAMovedListingHasAFileOfItsOwn() throws {
        let block = FencedBlock(
            fence: Fence(character: "`", length: 3, indentation: 0), info: InfoString("swift"), openingLine: 4,
            closingLine: 8,
            content: ["protocol Named {", "    var name: String { get }", "}", "print(1)"].enumerated().map {
                SourceLine(number: 5 + $0.offset, text: $0.element, ending: "\n")
            })
        var body = ProgramBody(block: PlannedBlock(reading: block))
        body.way = .movingDeclarations(.usesWord("protocol"))
        let files = ProgramSource.mergedProgram(
            engine: [], programs: [(body, "/book.md")], inMain: true, native: true, batches: true)
        XCTAssertEqual(files.map(\.name), ["_LessonSupportDeclarations.swift", "_LessonScenario0.swift", "main.swift"])
        XCTAssertEqual(
            files[1].contents,
            """
            #sourceLocation(file: "/book.md", line: 5)
            fileprivate protocol Named {
                var name: String { get }
            }

            #sourceLocation()
            func _lessonScenario0() {
            #sourceLocation(file: "/book.md", line: 5)



            print(1)
            #sourceLocation()
            }

            """)
        XCTAssertEqual(
            files[2].contents,
            "_lessonStartProgram()\nswitch _lessonBatchSelectedScenario() {\ncase 0: _lessonScenario0()\n"
                + "default: _lessonUnknownScenario()\n}\n")
    }
}

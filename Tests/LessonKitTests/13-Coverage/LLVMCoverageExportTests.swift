import Foundation
import XCTest

@testable import LessonKit

/// `llvm-cov export` JSON as coverage reads it: each region's numbers by name, in llvm-cov's order.
final class LLVMCoverageExportTests: XCTestCase {
    func testRegionsAreReadByPosition() throws {
        let json = """
            {"data": [{"functions": [
              {"name": "f", "count": 1, "filenames": ["/e/Stack.swift"],
               "regions": [[10, 5, 14, 6, 0, 0, 0, 0], [3, 1, 4, 2, 7, 0, 1, 3, 9, 9], [1, 2, 3]]},
              {"name": "g", "filenames": ["/e/Stack.swift"], "regions": [[1, 2, 3, 4, 5, 6, 7, "x"]]},
              {"name": "h", "regions": []}
            ]}], "type": "llvm.coverage.json.export", "version": "2.0.1"}
            """
        let export = try JSONDecoder().decode(LLVMCoverageExport.self, from: Data(json.utf8))
        let functions = try XCTUnwrap(export.data.first?.functions)
        XCTAssertEqual(functions.count, 3)
        XCTAssertEqual(functions[0].filenames, ["/e/Stack.swift"])
        let regions = try XCTUnwrap(functions[0].regions)
        XCTAssertEqual(regions.count, 2, "an array too short to be a region is stepped over")
        XCTAssertEqual(
            [regions[0].lineStart, regions[0].columnStart, regions[0].lineEnd, regions[0].columnEnd], [10, 5, 14, 6])
        XCTAssertEqual(regions[0].executionCount, 0)
        XCTAssertTrue(regions[0].isCode)
        XCTAssertEqual(
            [regions[1].executionCount, regions[1].fileID, regions[1].expandedFileID, regions[1].kind], [7, 0, 1, 3])
        XCTAssertFalse(regions[1].isCode)
        XCTAssertNil(functions[1].regions, "a region that is not all integers makes the function unreadable")
        XCTAssertNil(functions[2].filenames)
    }

    func testSpansEncloseTheirInnerSpans() throws {
        let json = "[[1, 1, 9, 2, 0, 0, 0, 0], [2, 3, 4, 5, 0, 0, 0, 0], [1, 1, 9, 3, 0, 0, 0, 0]]"
        let spans = try JSONDecoder().decode([LLVMCoverageExport.Region].self, from: Data(json.utf8)).map {
            LLVMCoverage.Span($0)
        }
        XCTAssertTrue(spans[0].contains(spans[1]))
        XCTAssertFalse(spans[1].contains(spans[0]))
        XCTAssertTrue(spans[2].contains(spans[0]))
        XCTAssertFalse(spans[0].contains(spans[2]))
    }
}

import CoursePackageSupport
import Foundation
import XCTest

@testable import LessonKit

/// The library's folders are layers, numbered in the order of the pipeline (`Sources/LessonReading/NN-Name`
/// for the first five, `Sources/LessonKit/NN-Name` for the rest), and every dependency points down: a file may name a type declared in its own folder or in a folder with
/// a lower number, never one above. The clients (check, coverage, grade, update, watch) come last.
///
/// A file "names a type" when an identifier of its code (comments and string literals left out) is the name
/// of a type, protocol or type alias declared at the top level of another folder. That is what the compiler
/// would see with one target per layer.
final class ArchitectureTests: XCTestCase {
    /// The two targets the layers are split between, lower layers first.
    static let libraries = ["/Sources/LessonReading", "/Sources/LessonKit"].map { TestSupport.packageRoot + $0 }

    /// The first class of this target: the course package's build and the fixtures' shared cache start in
    /// the background (`CoursePackageWarmUp`, `FixtureCacheWarmUp`; XCTest runs the test targets in no fixed
    /// order).
    override class func setUp() {
        super.setUp()
        CoursePackageWarmUp.startIfWholeRun()
        FixtureCacheWarmUp.startIfWholeRun()
    }

    /// Each folder of the libraries, by its path, and its number; a target's files outside its layers
    /// (LessonKit's re-export of LessonReading) are not layers.
    func layers() throws -> [String: Int] {
        var layers: [String: Int] = [:]
        for library in Self.libraries {
            for name in try FileManager.default.contentsOfDirectory(atPath: library)
            where !name.hasPrefix(".") && !name.hasSuffix(".swift") {
                guard let dash = name.firstIndex(of: "-"), let number = Int(name[..<dash]) else {
                    XCTFail("\(name) is not a numbered layer (NN-Name)")
                    continue
                }
                layers[library + "/" + name] = number
            }
        }
        return layers
    }

    /// LessonReading's layers all come before LessonKit's: a target cannot name what a target that depends
    /// on it declares.
    func testTheReadingLayersComeFirst() throws {
        let layers = try layers()
        let reading = layers.filter { $0.key.hasPrefix(Self.libraries[0] + "/") }.values
        let kit = layers.filter { $0.key.hasPrefix(Self.libraries[1] + "/") }.values
        XCTAssertEqual(reading.sorted(), [0, 1, 2, 3, 4])
        XCTAssertLessThan(reading.max() ?? 0, kit.min() ?? 0)
    }

    func testEveryDependencyPointsDownTheLayers() throws {
        let layers = try layers()
        XCTAssertGreaterThanOrEqual(layers.count, 10)
        XCTAssertEqual(Set(layers.values).count, layers.count, "two layers share a number")
        var sources: [(layer: String, path: String, code: String)] = []
        for layer in layers.keys {
            let name = URL(fileURLWithPath: layer).lastPathComponent
            for relative in FileManager.default.subpaths(atPath: layer) ?? [] where relative.hasSuffix(".swift") {
                let text = try String(contentsOfFile: layer + "/" + relative, encoding: .utf8)
                sources.append((layer, name + "/" + relative, SourceScan.code(of: text)))
            }
        }
        var owner: [String: String] = [:]
        for source in sources {
            for name in SourceScan.declaredTypes(in: source.code) where owner[name] == nil {
                owner[name] = source.layer
            }
        }
        var upward: [String] = []
        for source in sources {
            for name in SourceScan.identifiers(in: source.code) {
                guard let layer = owner[name], layer != source.layer, layers[layer]! > layers[source.layer]! else {
                    continue
                }
                upward.append(
                    "\(source.path) names \(name), declared in \(URL(fileURLWithPath: layer).lastPathComponent)")
            }
        }
        XCTAssertEqual(upward.sorted(), [], "dependencies that point up the layers")
    }

    /// The scanner itself: comments and strings are not code, and what a declaration declares.
    func testTheScannerReadsDeclarationsAndIgnoresCommentsAndStrings() {
        let code = SourceScan.code(
            of: """
                /// Uses `Hidden` in a comment.
                public struct Visible: Sendable { let a = "Quoted \\(Interpolated) text" }
                enum Kind { case a }  // Trailing
                let x = #"Raw "Inside" string"#
                /* Block
                   Comment */
                typealias Alias = Int
                """)
        XCTAssertEqual(SourceScan.declaredTypes(in: code).sorted(), ["Alias", "Kind", "Visible"])
        let identifiers = SourceScan.identifiers(in: code)
        XCTAssertTrue(identifiers.contains("Sendable"))
        XCTAssertTrue(identifiers.contains("Interpolated"), "an interpolation is code")
        for word in ["Hidden", "Quoted", "Trailing", "Raw", "Inside", "Block", "Comment"] {
            XCTAssertFalse(identifiers.contains(word), word)
        }
    }
}

/// What the architecture tests read of Swift source, through the lexer: code without its comments and the
/// text of its string literals, and the types a file declares at its top level.
enum SourceScan {
    /// The text with every comment and every string literal's text made spaces (line breaks and
    /// interpolations kept), so that lines and columns stay where they were.
    static func code(of text: String) -> String {
        let source = LexedSource(text)
        var bytes = source.bytes
        func blank(_ range: Range<Int>) {
            for offset in range where bytes[offset] != UInt8(ascii: "\n") { bytes[offset] = UInt8(ascii: " ") }
        }
        for token in source.allTokens {
            if token.isComment { blank(token.range) }
            guard token.kind == .string, let literal = token.literal else { continue }
            var start = token.range.lowerBound
            for interpolation in literal.interpolationRanges {
                blank(start..<interpolation.lowerBound)
                start = interpolation.upperBound
            }
            blank(start..<token.range.upperBound)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Types, protocols and aliases declared at the top level (not indented).
    static func declaredTypes(in code: String) -> [String] {
        let kinds: Set<Substring> = ["struct", "enum", "class", "protocol", "typealias", "actor"]
        return code.split(separator: "\n").compactMap { line in
            guard let first = line.first, first != " ", first != "\t", first != "}" else { return nil }
            let words = line.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
            guard let kind = words.firstIndex(where: { kinds.contains($0) }), kind + 1 < words.count else { return nil }
            let name = words[kind + 1]
            return name.first?.isUppercase == true ? String(name) : nil
        }
    }

    /// Every capitalised identifier of the code.
    static func identifiers(in code: String) -> Set<String> {
        Set(
            code.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
                .filter { $0.first?.isUppercase == true }.map(String.init))
    }
}

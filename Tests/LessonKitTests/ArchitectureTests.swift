import Foundation
import XCTest

/// The library's folders are layers, numbered in the order of the pipeline (`Sources/LessonKit/NN-Name`),
/// and every dependency points down: a file may name a type declared in its own folder or in a folder with
/// a lower number, never one above. The clients (check, coverage, grade, update, watch) come last.
///
/// A file "names a type" when an identifier of its code (comments and string literals left out) is the name
/// of a type, protocol or type alias declared at the top level of another folder. That is what the compiler
/// would see with one target per layer.
final class ArchitectureTests: XCTestCase {
    static let library = TestSupport.packageRoot + "/Sources/LessonKit"

    /// Each folder of the library and its number.
    func layers() throws -> [String: Int] {
        var layers: [String: Int] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.library) where !name.hasPrefix(".") {
            guard let dash = name.firstIndex(of: "-"), let number = Int(name[..<dash]) else {
                XCTFail("\(name) is not a numbered layer (NN-Name)")
                continue
            }
            layers[name] = number
        }
        return layers
    }

    func testEveryDependencyPointsDownTheLayers() throws {
        let layers = try layers()
        XCTAssertGreaterThanOrEqual(layers.count, 10)
        XCTAssertEqual(Set(layers.values).count, layers.count, "two layers share a number")
        var sources: [(layer: String, path: String, code: String)] = []
        for layer in layers.keys {
            let folder = Self.library + "/" + layer
            for relative in FileManager.default.subpaths(atPath: folder) ?? [] where relative.hasSuffix(".swift") {
                let text = try String(contentsOfFile: folder + "/" + relative, encoding: .utf8)
                sources.append((layer, layer + "/" + relative, SourceScan.code(of: text)))
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
                upward.append("\(source.path) names \(name), declared in \(layer)")
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

/// A small scanner of Swift source: enough to tell code from comments and strings, and to find the types a
/// file declares at its top level.
enum SourceScan {
    /// The text with comments removed and string literals emptied (their interpolations kept).
    static func code(of text: String) -> String {
        var result = ""
        var characters = Array(text)[...]
        var interpolationDepths: [Int] = []
        var depth = 0
        while let character = characters.first {
            if characters.starts(with: "//") {
                characters = characters.drop { $0 != "\n" }
            } else if characters.starts(with: "/*") {
                // A block comment keeps only its line breaks, so a declaration after it starts its line.
                characters = characters.dropFirst(2)
                while !characters.isEmpty && !characters.starts(with: "*/") {
                    if characters.first == "\n" { result.append("\n") }
                    characters = characters.dropFirst()
                }
                characters = characters.dropFirst(2)
            } else if character == "\"" || (character == "#" && characters.dropFirst().first == "\"") {
                result.append("\"\"")
                skipString(&characters, &interpolationDepths, depth: depth)
            } else if character == ")" && interpolationDepths.last == depth {
                // The end of an interpolation: the string goes on.
                interpolationDepths.removeLast()
                characters = characters.dropFirst()
                var rest = characters
                skipStringBody(&rest, &interpolationDepths, depth: depth, hashes: 0, multiline: false)
                characters = rest
            } else {
                if character == "(" { depth += 1 }
                if character == ")" { depth -= 1 }
                result.append(character)
                characters = characters.dropFirst()
            }
        }
        return result
    }

    private static func skipString(_ characters: inout ArraySlice<Character>, _ depths: inout [Int], depth: Int) {
        var hashes = 0
        while characters.first == "#" {
            hashes += 1
            characters = characters.dropFirst()
        }
        let multiline = characters.starts(with: "\"\"\"")
        characters = characters.dropFirst(multiline ? 3 : 1)
        skipStringBody(&characters, &depths, depth: depth, hashes: hashes, multiline: multiline)
    }

    /// Skips to the end of a string body, or to an interpolation's `(`, whose depth is then remembered.
    private static func skipStringBody(
        _ characters: inout ArraySlice<Character>, _ depths: inout [Int], depth: Int, hashes: Int, multiline: Bool
    ) {
        let escape: [Character] = ["\\"] + Array(repeating: "#", count: hashes)
        let close: [Character] = Array(repeating: "\"", count: multiline ? 3 : 1) + Array(repeating: "#", count: hashes)
        while !characters.isEmpty {
            if characters.starts(with: escape) {
                characters = characters.dropFirst(escape.count)
                if characters.first == "(" {
                    depths.append(depth)
                    characters = characters.dropFirst()
                    return
                }
                characters = characters.dropFirst()
            } else if characters.starts(with: close) {
                characters = characters.dropFirst(close.count)
                return
            } else {
                characters = characters.dropFirst()
            }
        }
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

import Foundation

/// A canonical engine: a named set of Swift files that lessons reprint or name in their front matter
/// (`engine: Sync`).
package struct Engine: Hashable, Sendable {
    package struct File: Hashable, Sendable {
        package var name: String
        package var contents: String
        /// Where the file's diagnostics point: its path on disk, or `engines/<Name>/<File>` for an engine
        /// built into the checker.
        package var path: String
        /// Its code, read once, when the catalog is made: what the merge policy asks of the engine.
        package var swift: SwiftBlock

        package init(name: String, contents: String, path: String) {
            self.name = name
            self.contents = contents
            self.path = path
            swift = SwiftBlock.of(contents)
        }

        /// The file's lines, without line endings, as a lesson reprints them.
        package var lines: [String] { OutputLines.split(contents) }
    }

    package var name: String
    package var files: [File]

    package func file(named name: String) -> File? { files.first { $0.name == name } }
}

/// The engines a check knows: the canonical ones built into the checker, plus any from `--engines DIR`,
/// a folder of `<Name>/<File>.swift` whose engines add to or replace the built-in ones.
public struct EngineCatalog: Hashable, Sendable {
    package var engines: [String: Engine]

    package init(engines: [String: Engine]) { self.engines = engines }

    public var names: [String] { engines.keys.sorted() }

    package subscript(name: String) -> Engine? { engines[name] }

    /// The engines of this project (`Sources/Engines`), carried inside the binary.
    public static let builtIn: EngineCatalog = {
        var engines: [String: Engine] = [:]
        for entry in Embedded.engineFiles {
            let contents = String(decoding: Data(base64Encoded: entry.base64) ?? Data(), as: UTF8.self)
            let file = Engine.File(name: entry.file, contents: contents, path: "engines/\(entry.engine)/\(entry.file)")
            engines[entry.engine, default: Engine(name: entry.engine, files: [])].files.append(file)
        }
        return EngineCatalog(engines: engines)
    }()

    /// The folder a course keeps its own engines in, at its root: `Engines/<Name>/<File>.swift`.
    public static let courseFolder = "Engines"

    /// The engines a course in `root` (the current folder: where `lesson` runs, where `swift test` runs the
    /// course package's tests) checks with: the built-in ones, plus its `Engines/` folder when that holds an
    /// engine. An `Engines/` folder that holds none is no course's, and adds nothing.
    public static func ofCourse(in root: String = ".") throws -> EngineCatalog {
        let folder = root == "." ? courseFolder : root + "/" + courseFolder
        guard holdsEngine(folder) else { return .builtIn }
        return try builtIn.adding(directory: folder)
    }

    /// Whether `folder` has a subfolder with a Swift file.
    private static func holdsEngine(_ folder: String) -> Bool {
        let fileManager = FileManager.default
        guard let names = try? fileManager.contentsOfDirectory(atPath: folder) else { return false }
        return names.contains { name in
            !name.hasPrefix(".")
                && ((try? fileManager.contentsOfDirectory(atPath: folder + "/" + name))?.contains {
                    $0.hasSuffix(".swift")
                } ?? false)
        }
    }

    /// This catalog with the engines of `directory` added; an engine of the same name is replaced.
    public func adding(directory: String) throws -> EngineCatalog {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw LessonError(.input, "--engines: \(directory) is not a folder")
        }
        var result = self
        var found = 0
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        let root = EngineFiles.root(of: base)
        for name in try fileManager.contentsOfDirectory(atPath: directory).sorted() where !name.hasPrefix(".") {
            let folder = base + "/" + name
            guard EngineFiles.isFolder(folder, inside: root) else { continue }
            var engine = Engine(name: name, files: [])
            for file in try fileManager.contentsOfDirectory(atPath: folder).sorted() where file.hasSuffix(".swift") {
                let path = folder + "/" + file
                let text = try EngineFiles.text(of: path, inside: root)
                engine.files.append(Engine.File(name: file, contents: text, path: path))
            }
            if !engine.files.isEmpty {
                result.engines[name] = engine
                found += 1
            }
        }
        guard found > 0 else {
            throw LessonError(.input, "--engines: \(directory) holds no engine (expected <Name>/<File>.swift)")
        }
        return result
    }
}

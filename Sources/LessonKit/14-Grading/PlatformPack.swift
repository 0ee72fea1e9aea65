import Foundation

/// The platforms an exercise can be packed for, each with the files its adapter is made of (`Adapters/`,
/// embedded in the checker).
package enum Platform: String, CaseIterable, Sendable {
    case classroom50, gradescope, prairielearn, exercism, codegrade

    /// The format its adapter grades in.
    var format: GradeFormat {
        switch self {
        case .classroom50: .classroom50
        case .gradescope: .gradescope
        case .prairielearn: .prairielearn
        case .exercism: .exercism
        case .codegrade: .junit
        }
    }

    /// Whether its adapter is a shell script, which sources the adapters' shared functions.
    var usesShellAdapter: Bool { self != .classroom50 }
}

/// What an instructor hands a platform to grade one exercise of a course, written once into a folder: the
/// platform's entry point (its adapter), the lesson, the course's own engines, the hidden tests, the checker
/// itself, and `exercise.conf`, which says where each is. Nothing else: no reference solution, no other
/// lesson. The adapters grade with exactly these, whatever the student's files hold (a student's
/// `Engines/` never stands in for the course's).
package struct PlatformPack {
    package var platform: Platform
    package var exercise: Exercise
    package var hiddenPath: String?
    package var catalog: EngineCatalog
    /// The checker executable to pack (`bin/lesson`), and the containment launcher beside it if there is one.
    package var checker: String?
    /// The Swift toolchain's version (`6.3.1`): the one a set-up installs, and the image's tag.
    package var swiftVersion: String
    /// The checker's package, packed as `checker-source/` for Classroom 50, whose runner builds the checker
    /// from it when the packed one does not run with the runner's Swift.
    package var checkerSource: String?

    package init(
        platform: Platform, exercise: Exercise, hiddenPath: String?, catalog: EngineCatalog, checker: String?,
        swiftVersion: String, checkerSource: String? = nil
    ) {
        self.checkerSource = checkerSource
        self.platform = platform
        self.exercise = exercise
        self.hiddenPath = hiddenPath
        self.catalog = catalog
        self.checker = checker
        self.swiftVersion = swiftVersion
    }

    /// Writes the pack into `folder` (new, or empty), and returns what the instructor should know about it.
    package func write(to folder: String) throws -> [String] {
        let manager = FileManager.default
        if let entries = try? manager.contentsOfDirectory(atPath: folder), !entries.isEmpty {
            throw LessonError(.usage, "\(folder) is not empty: a pack is written into a new or empty folder")
        }
        try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var notes: [String] = []
        for (path, file) in adapterFiles() {
            try write(file.bytes, to: folder + "/" + path, executable: file.executable)
        }
        let lessonName = (exercise.plan.path as NSString).lastPathComponent
        try copy(exercise.plan.path, to: folder + "/course/Lessons/" + lessonName)
        var conf = ["EXERCISE=\(exercise.id)", "LESSON=course/Lessons/\(lessonName)"]
        if let hiddenPath {
            try copy(hiddenPath, to: folder + "/course/hidden/\(exercise.id).md")
            conf.append("HIDDEN=course/hidden/\(exercise.id).md")
        }
        if let engine = courseEngine {
            for file in engine.files {
                try write(Data(file.contents.utf8), to: folder + "/course/Engines/\(engine.name)/\(file.name)")
            }
            conf.append("ENGINES=course/Engines")
        }
        conf.append("SWIFT_VERSION=\(swiftVersion)")
        try write(Data((conf.joined(separator: "\n") + "\n").utf8), to: folder + "/exercise.conf")
        if let checker {
            notes += try packChecker(checker, into: folder + "/bin")
        } else {
            notes.append("no checker packed (--no-checker): the platform must have lesson on PATH, or set LESSON_BIN")
        }
        if platform == .classroom50 {
            if let checkerSource {
                try copyCheckerSource(checkerSource, to: folder + "/checker-source")
            } else {
                notes.append(
                    "no checker source packed (this lesson binary does not know its package): a runner whose Swift "
                        + "the packed checker does not run with cannot grade")
            }
        }
        if platform == .classroom50, let size = Self.compressedSize(of: folder) {
            let megabytes = String(format: "%.1f", Double(size) / Double(1 << 20))
            notes.append(
                size > 10 << 20
                    ? "the bundle compresses to \(megabytes) MiB, more than the 10 MiB Classroom 50 fetches: pack a "
                        + "release build of the checker (swift build -c release --product lesson)"
                    : "the bundle compresses to \(megabytes) MiB (Classroom 50 fetches at most 10 MiB)")
        }
        if platform == .prairielearn {
            try write(Data(gradingOptions(folder).utf8), to: folder + "/externalGradingOptions.json")
        }
        try write(
            Data(
                PlatformPackGuide.text(platform, exercise: exercise.id, folder: folder, swiftVersion: swiftVersion).utf8
            ), to: folder + "/README.md")
        return notes
    }

    /// The engine the lesson names when the course has it in its own `Engines/` folder (a built-in engine is
    /// inside the checker).
    var courseEngine: Engine? {
        guard let name = exercise.plan.namedEngine?.name, let engine = catalog[name],
            engine != EngineCatalog.builtIn[name]
        else { return nil }
        return engine
    }

    /// The platform's adapter files by their paths in the pack, the toolchain's version written in.
    func adapterFiles() -> [(String, (bytes: Data, executable: Bool))] {
        let prefix = platform.rawValue + "/"
        var files: [(String, (bytes: Data, executable: Bool))] = []
        for entry in Embedded.adapterFiles {
            let path: String
            if entry.path.hasPrefix(prefix) {
                path = String(entry.path.dropFirst(prefix.count))
            } else if entry.path == "common/lesson-adapter.sh", platform.usesShellAdapter {
                path = "lesson-adapter.sh"
            } else {
                continue
            }
            let text = String(decoding: Data(base64Encoded: entry.base64) ?? Data(), as: UTF8.self)
                .replacingOccurrences(of: "@SWIFT_VERSION@", with: swiftVersion)
            files.append((path, (Data(text.utf8), entry.executable)))
        }
        return files
    }

    /// PrairieLearn's `externalGradingOptions` for the question's info.json: the pack is the course's
    /// `serverFilesCourse/<folder name>/`.
    func gradingOptions(_ folder: String) -> String {
        let name = (Paths.absolute(folder) as NSString).lastPathComponent
        return StableJSON.text(
            ExternalGradingOptions(
                image: "swift:\(swiftVersion)", entrypoint: "/grade/serverFilesCourse/\(name)/run.sh",
                serverFilesCourse: ["\(name)/"], timeout: 30))
    }

    struct ExternalGradingOptions: Encodable {
        var enabled = true
        var image: String
        var entrypoint: String
        var serverFilesCourse: [String]
        var timeout: Int
    }

    /// Copies the checker and its launcher; says when the checker needs the Swift runtime of its own version
    /// on the platform (a build with `--static-swift-stdlib` needs none).
    private func packChecker(_ checker: String, into bin: String) throws -> [String] {
        let manager = FileManager.default
        guard let bytes = manager.contents(atPath: checker) else {
            throw LessonError(.input, "\(checker): cannot read the checker to pack")
        }
        try write(bytes, to: bin + "/lesson", executable: true)
        let launcher = Paths.parent(checker) + "/lesson-contain"
        if let launcherBytes = manager.contents(atPath: launcher) {
            try write(launcherBytes, to: bin + "/lesson-contain", executable: true)
        }
        var notes = ["packed the checker \(checker) (\(ByteCount.describe(bytes.count)))"]
        if bytes.range(of: Data("libswiftCore.so".utf8)) != nil {
            notes.append(
                "the checker loads the Swift \(swiftVersion) runtime: it runs beside Swift \(swiftVersion) only"
                    + (platform == .classroom50
                        ? " (elsewhere autograder.py builds it from checker-source/ first)"
                        : "; a checker built with swift build -c release --static-swift-stdlib runs beside any"))
        }
        return notes
    }

    /// The size of `folder` as Classroom 50 publishes it (`tar -czf`), or nil when `tar` cannot tell.
    static func compressedSize(of folder: String) -> Int? {
        guard let scratch = try? WorkDirectory.create(prefix: "lesson-pack") else { return nil }
        defer { scratch.remove() }
        let archive = scratch.path + "/bundle.tar.gz"
        guard
            let result = try? Subprocess.run(
                "/usr/bin/env", arguments: ["tar", "-czf", archive, "-C", folder, "."],
                environment: ProcessInfo.processInfo.environment,
                limits: ProcessLimits(timeout: 120, outputLimit: 1 << 16)),
            result.termination == .exited(0),
            let attributes = try? FileManager.default.attributesOfItem(atPath: archive)
        else { return nil }
        return (attributes[.size] as? NSNumber)?.intValue
    }

    /// The files SwiftPM reads to build the checker: its manifest, and its sources, plugins, adapters and
    /// test targets (the manifest names them), without build folders.
    private func copyCheckerSource(_ package: String, to destination: String) throws {
        let manager = FileManager.default
        try manager.createDirectory(atPath: destination, withIntermediateDirectories: true)
        try manager.copyItem(atPath: package + "/Package.swift", toPath: destination + "/Package.swift")
        for folder in ["Sources", "Plugins", "Adapters", "Tests"] {
            let paths = try manager.subpathsOfDirectory(atPath: package + "/" + folder)
            for path in paths where !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
                var isFolder: ObjCBool = false
                let source = package + "/" + folder + "/" + path
                guard manager.fileExists(atPath: source, isDirectory: &isFolder), !isFolder.boolValue,
                    let bytes = manager.contents(atPath: source)
                else { continue }
                try write(
                    bytes, to: destination + "/" + folder + "/" + path,
                    executable: manager.isExecutableFile(atPath: source))
            }
        }
    }

    private func copy(_ source: String, to destination: String) throws {
        guard case .bytes(let data) = LessonFileBytes.read(source) else {
            throw LessonError(.input, "\(source): cannot read it as a regular file")
        }
        try write(data, to: destination)
    }

    private func write(_ data: Data, to path: String, executable: Bool = false) throws {
        let manager = FileManager.default
        try manager.createDirectory(
            atPath: Paths.parent(path), withIntermediateDirectories: true)
        guard
            manager.createFile(
                atPath: path, contents: data, attributes: [.posixPermissions: executable ? 0o755 : 0o644])
        else { throw LessonError(.system, "\(path): cannot write it") }
    }
}

import Foundation

/// The result of one `swiftc` run.
public struct CompileResult: Sendable, Codable {
    public var succeeded: Bool
    public var diagnostics: [CompilerDiagnostic]
    /// Everything the compiler printed, for failures no diagnostic explains (a link error, a crash).
    public var output: String
    public var seconds: Double
    public var timedOut: Bool

    public var errors: [CompilerDiagnostic] { diagnostics.filter { $0.severity == .error } }
}

/// Runs `swiftc` on program files written to a directory. Every program is compiled the same way:
/// module `main`, a fixed language mode, no optimisation, LLVM-style diagnostics (one line per diagnostic).
public struct SwiftCompiler: Sendable {
    public var toolchain: Toolchain
    /// Wall-clock limit of one compiler run.
    public var timeout: Double

    public init(toolchain: Toolchain, timeout: Double = 300) {
        self.toolchain = toolchain
        self.timeout = timeout
    }

    public static func arguments(swiftVersion: String) -> [String] {
        ["-module-name", "main", "-swift-version", swiftVersion, "-Onone", "-wmo", "-diagnostic-style", "llvm"]
    }

    /// Writes `files` into `directory` and links them into `directory/output`. A program of many files is
    /// compiled as a whole module: one frontend process instead of one per file.
    public func build(
        _ files: [ProgramFile], swiftVersion: String, in directory: String, output: String,
        existingSources: [String] = [], extraArguments: [String] = []
    ) throws -> CompileResult {
        var paths: [String] = []
        for file in files {
            let path = directory + "/" + file.name
            try ScratchFile.save(file.contents, to: path)
            paths.append(path)
        }
        let arguments =
            Self.arguments(swiftVersion: swiftVersion) + extraArguments + ["-o", directory + "/" + output]
            + existingSources + paths
        return try run(toolchain.swiftc, arguments, in: directory)
    }

    /// Parses files without type-checking them (swift-frontend's parse-only mode), in one process: each file
    /// is parsed on its own and its diagnostics name it as given (relative to `directory`). Bare-slash regex
    /// literals are on, as in Swift 6 and in packages that enable them.
    public func parse(_ files: [ProgramFile], swiftVersion: String, in directory: String) throws -> CompileResult {
        for file in files {
            try ScratchFile.save(file.contents, to: directory + "/" + file.name)
        }
        let arguments =
            ["-parse", "-swift-version", swiftVersion, "-enable-bare-slash-regex", "-diagnostic-style", "llvm"]
            + files.map(\.name)
        return try run(toolchain.swiftFrontend ?? toolchain.swiftc, arguments, in: directory)
    }

    private func run(_ executable: String, _ arguments: [String], in directory: String) throws -> CompileResult {
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = directory
        let result = try Subprocess.run(
            executable, arguments: arguments, environment: environment, workingDirectory: directory,
            limits: ProcessLimits(timeout: timeout, outputLimit: 16 << 20))
        let output = String(decoding: result.standardError + result.standardOutput, as: UTF8.self)
        return CompileResult(
            succeeded: result.termination == .exited(0), diagnostics: CompilerDiagnostic.parse(output),
            output: output, seconds: result.seconds, timedOut: result.termination == .timedOut)
    }
}

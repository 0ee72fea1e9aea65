import Foundation

/// The result of one `swiftc` run.
package struct CompileResult: Sendable, Codable {
    package var succeeded: Bool
    package var diagnostics: [CompilerDiagnostic]
    /// Everything the compiler printed, for failures no diagnostic explains (a link error, a crash).
    package var output: String
    package var seconds: Double
    package var timedOut: Bool
    /// The limit that stopped the compiler, when one did (its wall clock is `timedOut`).
    package var stoppedBy: ResourceLimit?

    /// The compiler's exit status when it exited by itself; nil when a signal (its own crash, or the memory
    /// killer), the clock, the output cap or a limit ended it.
    package var exitStatus: Int32? = nil

    package var errors: [CompilerDiagnostic] { diagnostics.filter { $0.severity == .error } }

    /// Whether the compiler ended by itself, with no crash report: not killed by a signal, nor stopped by
    /// the clock, the output cap or a limit, and no driver or frontend saying it crashed. Only such a
    /// failure may be had again from the same sources.
    var endedByItself: Bool {
        exitStatus != nil && !timedOut && stoppedBy == nil && !Self.crashMarks.contains(where: output.contains)
    }

    /// What the driver (`compile command failed due to signal 11`) and the frontend (its stack dump) print
    /// when the compiler crashed.
    static let crashMarks = ["due to signal", "Stack dump:"]

    /// This step, then `next`: one build made of both.
    func followed(by next: CompileResult) -> CompileResult {
        CompileResult(
            succeeded: succeeded && next.succeeded, diagnostics: diagnostics + next.diagnostics,
            output: output + next.output, seconds: seconds + next.seconds, timedOut: timedOut || next.timedOut,
            stoppedBy: stoppedBy ?? next.stoppedBy, exitStatus: exitStatus == 0 ? next.exitStatus : exitStatus)
    }
}

/// Runs `swiftc` on program files written to a directory. Every program is compiled the same way:
/// module `main`, a fixed language mode, no optimisation, LLVM-style diagnostics (one line per diagnostic).
package struct SwiftCompiler: Sendable {
    package var toolchain: Toolchain
    /// Wall-clock limit of one compiler run.
    package var timeout: Double
    /// Address space of one compiler run (where `prlimit` exists); its CPU time is bounded by the timeout.
    package var memoryLimit: Int?
    /// The `lesson` executable that holds the containment launcher (`lesson __contain`); nil runs the
    /// compiler directly.
    package var launcher: String?
    /// The launcher every compiler uses unless told otherwise. Compilers started through it end, their
    /// whole process tree with them, when the checker dies, even by SIGKILL. The command line sets it once,
    /// at start, before any thread runs (it knows where its executable is); a library user may leave it nil.
    nonisolated(unsafe) package static var defaultLauncher: String?
    /// The user the compiler runs as (through the launcher, which needs the right to switch), with its own
    /// module cache: a student's code is compiled without the grader's rights. Nil: the grader's user.
    package var builder: Builder?

    package struct Builder: Sendable {
        package var uid: Int
        /// A folder of that user's, kept between builds, for the compiler's module cache.
        package var moduleCache: String

        package init(uid: Int, moduleCache: String) {
            self.uid = uid
            self.moduleCache = moduleCache
        }
    }

    /// Whether the build folder is out of what the program can see (`#filePath`, `#file` name its files
    /// relative to it): a student's program must not learn the grader's paths. (Not for coverage, whose
    /// mapping needs them.)
    package var hidesBuildFolder = false
    /// Whether diagnostics carry the compiler's name for them (`-debug-diagnostic-names`), which the grader
    /// explains to a student by (`DiagnosticExplanation`); `CompilerDiagnostic` reads messages without it.
    package var namesDiagnostics = false
    /// A moment (uptime seconds) no compiler run may outlast: a grading budget.
    package var deadline: Double?
    /// The library lists of the programs built whole, by their objects' autolink entries.
    var libraryLists = LibraryListMemo.shared

    /// This compiler with its runs from now on bounded together by one timeout (and by its deadline): the
    /// steps of one build share a build's time, as the driver's run does.
    var withinOneTimeout: SwiftCompiler {
        var limited = self
        limited.deadline = min(deadline ?? .infinity, Uptime.now + timeout)
        return limited
    }

    package init(toolchain: Toolchain, timeout: Double = 300, memoryLimit: Int? = nil) {
        self.toolchain = toolchain
        self.timeout = timeout
        self.memoryLimit = memoryLimit
    }

    package static func arguments(languageMode: LanguageMode) -> [String] {
        ["-module-name", "main", "-swift-version", languageMode.version, "-Onone", "-wmo", "-diagnostic-style", "llvm"]
    }

    /// Writes `files` into `directory` and links them into `directory/output`, as `swiftc` does with
    /// `arguments(languageMode:)`: a program of many files is compiled as a whole module, one frontend
    /// process. Its C files (the runtime support, `NativeSupport`) are compiled with `clang` first, and their
    /// objects linked with it.
    ///
    /// The driver's own commands for these arguments (`swiftc -###`, learnt once a process: `DriverRecipe`)
    /// are run without the driver: the same frontend, library extraction and link, without the driver's
    /// start (about 0.1 s of a core a build). Where the driver prints commands of another shape, or cannot
    /// be asked, `swiftc` builds.
    package func build(
        _ files: [ProgramFile], languageMode: LanguageMode, in directory: String, output: String,
        extraArguments: [String] = []
    ) throws -> CompileResult {
        var paths: [String] = []
        var compiledC: CompileResult?
        for file in files {
            if let existing = file.existingPath {
                paths.append(existing)
                continue
            }
            // This user's own builds share one object of the support; a builder's compile their own.
            if file.name.hasSuffix(".c"), builder == nil, !hidesBuildFolder,
                let shared = NativeSupport.sharedObject(of: file, compiler: self)
            {
                paths.append(shared)
                continue
            }
            let path = directory + "/" + file.name
            try ScratchFile.save(file.contents, to: path)
            if file.name.hasSuffix(".c") {
                let object = SeparateCompilation.object(for: path)
                let clang = toolchain.tool("clang") ?? "clang"
                let compiled =
                    file.contents == NativeSupport.source.contents
                    ? try NativeSupport.compile(into: object, clang: clang, compiler: self, in: directory)
                    : try compileC(path, into: object, with: clang, in: directory)
                guard compiled.succeeded else { return compiled }
                compiledC = compiledC.map { $0.followed(by: compiled) } ?? compiled
                paths.append(hidesBuildFolder ? SeparateCompilation.object(for: file.name) : object)
                continue
            }
            // Named relative to the build folder, where the compiler runs: `#filePath` is then `main.swift`,
            // and the program holds no path of the grader's. (A `-file-prefix-map` of the folder would do
            // the same, but it enters the hash of the clang modules, which every build then rebuilds.)
            paths.append(hidesBuildFolder ? file.name : path)
        }
        let driverArguments = Self.arguments(languageMode: languageMode) + extraArguments
        let built: CompileResult
        if let recipe = try? DriverRecipe.shared.learn(toolchain: toolchain, arguments: driverArguments) {
            built = try replay(recipe, paths, in: directory, output: output)
        } else {
            let arguments =
                driverArguments + builderArguments(for: directory) + diagnosticNameArguments
                + ["-o", directory + "/" + output] + paths
            built = try run(toolchain.swiftc, arguments, in: directory)
        }
        return compiledC.map { $0.followed(by: built) } ?? built
    }

    /// What the driver would run to build `paths` (Swift files and objects, in order) into `output`: the
    /// Swift files compiled as one module into one object, the libraries of every object listed, the link,
    /// by one builder (`ProgramBuilder`), whose steps share one timeout as the driver's run does.
    private func replay(_ recipe: SeparateCompilation, _ paths: [String], in directory: String, output: String)
        throws -> CompileResult
    {
        let builder = ProgramBuilder(compiler: self, recipe: recipe, directory: directory)
        // An absolute path, as the driver's own (the object's name is not in the program).
        let object = directory + "/" + output + ".o"
        let compiled = try builder.compile(
            .wholeModule(inputs: paths.filter { $0.hasSuffix(".swift") }, object: object))
        guard compiled.build.succeeded else { return compiled.build }
        let objects = compiled.objects + paths.filter { !$0.hasSuffix(".swift") }
        return compiled.build.followed(by: try builder.link(objects, into: directory + "/" + output).build)
    }

    /// Parses files without type-checking them (swift-frontend's parse-only mode), in one process: each file
    /// is parsed on its own and its diagnostics name it as given (relative to `directory`). Bare-slash regex
    /// literals are on, as in Swift 6 and in packages that enable them.
    package func parse(_ files: [ProgramFile], languageMode: LanguageMode, in directory: String) throws -> CompileResult
    {
        for file in files {
            try ScratchFile.save(file.contents, to: directory + "/" + file.name)
        }
        let arguments =
            ["-parse", "-swift-version", languageMode.version, "-enable-bare-slash-regex", "-diagnostic-style", "llvm"]
            + files.map(\.name)
        return try run(toolchain.swiftFrontend ?? toolchain.swiftc, arguments, in: directory)
    }

    func run(_ executable: String, _ arguments: [String], in directory: String) throws -> CompileResult {
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = directory
        var command = [executable] + arguments
        let cpu = Int(timeout.rounded(.up)) + 1
        if let launcher {
            // A reaper ends the driver's whole tree with it (the driver starts `swift-frontend` in a process
            // group of its own), and ends it when the checker dies.
            let limits = memoryLimit.map { ["--as", "\($0)", "--cpu", "\(cpu)", "--core", "0"] } ?? []
            let user = builder.map { ["--uid", "\($0.uid)"] } ?? []
            command = [launcher, "__contain", "--reap", "--pdeathsig"] + limits + user + ["--"] + command
        } else if let memoryLimit, let prlimit = Self.prlimit {
            command = [prlimit, "--as=\(memoryLimit)", "--cpu=\(cpu):\(cpu + 1)", "--core=0", "--"] + command
        }
        let result = try Subprocess.run(
            command[0], arguments: Array(command.dropFirst()), environment: environment, workingDirectory: directory,
            limits: ProcessLimits(timeout: timeout, outputLimit: 16 << 20, deadline: deadline))
        let output = String(decoding: result.standardError + result.standardOutput, as: UTF8.self)
        var compiled = CompileResult(
            succeeded: result.termination == .exited(0), diagnostics: CompilerDiagnostic.parse(output),
            output: output, seconds: result.seconds, timedOut: result.termination == .timedOut)
        if case .exited(let status) = result.termination { compiled.exitStatus = status }
        if !compiled.succeeded, !compiled.timedOut, let memoryLimit, launcher != nil || Self.prlimit != nil,
            Self.memoryWords.contains(where: output.contains) || Self.diedSilently(result)
        {
            compiled.stoppedBy = .memory(bytes: memoryLimit)
        }
        return compiled
    }

    /// Whether a compiler died of a signal without a word: what the frontend does when its address space
    /// runs out before it could even say so (a crash of its own prints a stack dump).
    private static func diedSilently(_ result: ProcessResult) -> Bool {
        let signaled: Bool
        switch result.termination {
        case .signaled: signaled = true
        case .exited(let status): signaled = status > 128  // the launcher's report of a signal
        default: signaled = false
        }
        return signaled && result.standardOutput.isEmpty && result.standardError.isEmpty
    }

    /// Compiles the C file `source` into `object` with `clang`, position-independent as the Swift objects it
    /// is linked with.
    func compileC(_ source: String, into object: String, with clang: String, in directory: String) throws
        -> CompileResult
    {
        handOver(directory)
        return try run(clang, ["-c", "-O0", "-fPIC", "-w", source, "-o", object], in: directory)
    }

    var diagnosticNameArguments: [String] { namesDiagnostics ? ["-debug-diagnostic-names"] : [] }

    /// With a builder, the build folder becomes the builder's (to write the program in), and the builder's
    /// module cache is named; without one, a module cache this user can write, where the default is not.
    func builderArguments(for directory: String) -> [String] {
        guard let builder, launcher != nil else {
            return ModuleCacheFolder.fallback.map { ["-module-cache-path", $0] } ?? []
        }
        handOver(directory)
        return ["-module-cache-path", builder.moduleCache]
    }

    /// Makes the build folder the builder's, where there is one, to write its output in.
    private func handOver(_ directory: String) {
        guard let builder, launcher != nil else { return }
        chown(directory, uid_t(builder.uid), gid_t(builder.uid))
    }

    /// What the compiler says when its address space runs out.
    static let memoryWords = [
        "out of memory", "Cannot allocate memory", "bad_alloc", "failed to allocate", "failed to map segment",
    ]

    /// util-linux's `prlimit`, which bounds the compiler's memory and CPU time.
    static let prlimit: String? = ["/usr/bin/prlimit", "/bin/prlimit"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
}

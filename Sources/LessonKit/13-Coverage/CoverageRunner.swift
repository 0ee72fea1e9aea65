import Foundation

/// `lesson coverage`: which engine code the lessons' scenarios reach.
///
/// Every scenario is built with the toolchain's coverage instrumentation and run, through the executor that
/// checks lessons (merged builds included). Engines are written once per content to a fixed path, so that
/// every program using one engine shares its coverage mapping, and `llvm-profdata` and `llvm-cov` (from the
/// toolchain) merge and read the profiles. llvm-cov ignores `#sourceLocation`, so the engine files are
/// compiled as they are and each line is mapped back here: to the engine's own file for a canonical engine,
/// to the lesson's line for a reprinted one. This never touches a normal check: its builds, runs and cache
/// are separate.
package struct CoverageRunner: Sendable {
    package var options: ExecutionOptions
    package var toolchain: Toolchain
    package var catalog: EngineCatalog
    /// Where the catalog engines' sources are, as `<folder>/<Engine>/<File>` (`Sources/Engines` in this
    /// repository): a report then points at them rather than at the catalog's names.
    package var engineSources: String?

    package init(
        options: ExecutionOptions, toolchain: Toolchain, catalog: EngineCatalog = .builtIn, engineSources: String? = nil
    ) {
        self.options = options
        self.toolchain = toolchain
        self.catalog = catalog
        self.engineSources = engineSources
    }

    static let instrumentation = ["-profile-generate", "-profile-coverage-mapping"]

    package func measure(files: [String], byLesson: Bool) throws -> CoverageReport {
        guard let profdata = toolchain.tool("llvm-profdata"), let cov = toolchain.tool("llvm-cov") else {
            throw LessonError(.toolchain, "llvm-profdata and llvm-cov are not beside \(toolchain.swiftc)")
        }
        let llvm = LLVMCoverage(profdata: profdata, cov: cov)
        let folder = try WorkDirectory.create(prefix: "lesson-coverage")
        defer { folder.remove() }
        let plans = files.map { LessonPlanner.plan(Lesson.read(path: $0)) }
        let work = try CoverageWork(
            plans: plans, catalog: catalog, folder: folder.path + "/engines", engineSources: engineSources)
        let (programs, problems) = try execute(work, in: folder.path)

        let profiles = Self.profileFiles(under: folder.path + "/profiles")
        let merged = folder.path + "/all.profdata"
        if !profiles.isEmpty { try llvm.merge(profiles, into: merged) }
        let measurement = Measurement(
            work: work, programs: programs, plans: plans, folder: folder.path, llvm: llvm,
            profile: profiles.isEmpty ? nil : merged)
        let engines = try work.order.map { try measurement.engine($0, byLesson: byLesson) }
        return CoverageReport(engines: engines, skipped: work.skipped + problems)
    }

    /// Builds and runs every job, instrumented, each run writing its profile under `profiles/<lesson>/`.
    /// Returns the program each job ran in (nil when it did not build or did not end normally), and what
    /// was left out.
    private func execute(_ work: CoverageWork, in folder: String) throws -> ([String?], [String]) {
        let lessons = work.jobs.map(\.plan)
        for lesson in Set(lessons) {
            try FileManager.default.createDirectory(
                atPath: folder + "/profiles/\(lesson)", withIntermediateDirectories: true)
        }
        try FileManager.default.createDirectory(atPath: folder + "/programs", withIntermediateDirectories: true)
        let instrumentation = Instrumentation(
            compilerArguments: Self.instrumentation, programFolder: folder + "/programs",
            runEnvironment: { ["LLVM_PROFILE_FILE": folder + "/profiles/\(lessons[$0])/\($0).profraw"] })
        let executor = Executor(
            compiler: options.compiler(toolchain),
            runner: ScenarioRunner(limits: options.processLimits),
            strategy: options.strategy, jobs: options.jobs, instrumentation: instrumentation)
        let executions = executor.execute(work.jobs.map(\.program))
        var programs: [String?] = []
        var problems: [String] = []
        for (job, execution) in zip(work.jobs, executions) {
            if let problem = Self.problem(execution) {
                problems.append("\(job.location): \(problem)")
                programs.append(nil)
            } else {
                programs.append(execution.program)
            }
        }
        return (programs, problems)
    }

    /// Why a scenario's coverage is not counted, if it is not.
    static func problem(_ execution: ScenarioExecution) -> String? {
        if let toolError = execution.toolError { return toolError }
        guard execution.build?.succeeded == true else { return "the scenario does not build (run lesson check)" }
        guard case .exited = execution.run?.termination else {
            return "the scenario did not exit normally; its coverage is not counted"
        }
        return nil
    }

    static func profileFiles(under folder: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder)
        var files: [String] = []
        while let relative = enumerator?.nextObject() as? String {
            if relative.hasSuffix(".profraw") { files.append(folder + "/" + relative) }
        }
        return files.sorted()
    }
}

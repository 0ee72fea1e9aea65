import Foundation

/// `lesson coverage`: which engine code the lessons' scenarios reach.
///
/// Every scenario is built with the toolchain's coverage instrumentation and run; engines are written once
/// per content to a fixed path, so that every program using one engine shares its coverage mapping, and
/// `llvm-profdata` and `llvm-cov` (from the toolchain) merge and read the profiles. llvm-cov ignores
/// `#sourceLocation`, so the engine files are compiled as they are and each line is mapped back here: to
/// the engine's own file for a canonical engine, to the lesson's line for a reprinted one. This never touches
/// a normal check: its builds, runs and cache are separate.
public struct CoverageRunner: Sendable {
    public var options: CheckOptions
    public var toolchain: Toolchain
    public var catalog: EngineCatalog

    public init(options: CheckOptions, toolchain: Toolchain, catalog: EngineCatalog = .builtIn) {
        self.options = options
        self.toolchain = toolchain
        self.catalog = catalog
    }

    static let instrumentation = ["-profile-generate", "-profile-coverage-mapping"]

    /// An engine as lessons use it, with where each of its files' lines are reported.
    struct EngineGroup {
        var name: String
        var directory: String
        var sources: [ProgramFile]
        var display: [String: (path: String, firstLine: Int)]
        var lessons: [String] = []
    }

    struct Job: Sendable {
        var plan: Int
        var group: String
        var scenario: FencedBlock
        var location: String
    }

    public func measure(files: [String], byLesson: Bool) throws -> CoverageReport {
        guard let profdata = toolchain.tool("llvm-profdata"), let cov = toolchain.tool("llvm-cov") else {
            throw LLVMCoverage.Failure(description: "llvm-profdata and llvm-cov are not beside \(toolchain.swiftc)")
        }
        let llvm = LLVMCoverage(profdata: profdata, cov: cov)
        let work = try WorkDirectory.create(prefix: "lesson-coverage")
        defer { work.remove() }
        let plans = files.map { LessonPlanner.plan(Lesson.read(path: $0)) }
        var skipped: [String] = []
        var groups: [String: EngineGroup] = [:]
        var order: [String] = []
        var jobs: [Job] = []
        for (index, plan) in plans.enumerated() {
            guard plan.namedEngine != nil || !plan.engineFiles.isEmpty else { continue }  // no engine to measure
            guard plan.readingFindings.isEmpty else {
                skipped.append("\(plan.path): the lesson is malformed (run lesson check)")
                continue
            }
            let resolved: ResolvedEngine
            switch EngineResolution.resolve(plan, catalog: catalog, markdownPath: LessonChecker.absolutePath(plan.path))
            {
            case .success(let engine): resolved = engine
            case .failure(let finding):
                skipped.append("\(finding.location.description): \(finding.message)")
                continue
            }
            // One engine whatever the lesson's language mode: its coverage is counted once.
            let identity = String(resolved.identity(swiftVersion: "any").prefix(16))
            if groups[identity] == nil {
                groups[identity] = try makeGroup(plan, resolved, directory: work.path + "/engines/" + identity)
                order.append(identity)
            } else if plan.namedEngine != nil, groups[identity]!.name.hasPrefix("as reprinted") {
                // Reprints identical to a canonical engine are that engine: report at its own file.
                var group = try makeGroup(plan, resolved, directory: work.path + "/engines/" + identity)
                group.lessons = groups[identity]!.lessons
                groups[identity] = group
            }
            groups[identity]!.lessons.append(plan.path)
            for scenario in plan.scenarios
            where scenario.options.runs && !scenario.options.ignored && scenario.attributeFindings.isEmpty {
                jobs.append(
                    Job(
                        plan: index, group: identity, scenario: scenario.block,
                        location: "\(plan.path):\(scenario.block.openingLine)"))
            }
        }

        let compiler = SwiftCompiler(toolchain: toolchain, options: options)
        let runner = ScenarioRunner(limits: ProcessLimits(timeout: options.timeout, outputLimit: options.outputLimit))
        let frozenGroups = groups
        let outcomes = ParallelMap.map(Array(jobs.enumerated()), jobs: options.jobs) { number, job -> String? in
            let group = frozenGroups[job.group]!
            let directory = work.path + "/builds/\(number)"
            let profiles = work.path + "/profiles/\(job.plan)"
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                try FileManager.default.createDirectory(atPath: profiles, withIntermediateDirectories: true)
                let main = ProgramFile(
                    name: "main.swift",
                    contents: ProgramSource.mainPrologue
                        + ProgramSource.mapped(job.scenario, to: LessonChecker.absolutePath(plans[job.plan].path)))
                let build = try compiler.build(
                    [ProgramSource.runtimeSupport, main], swiftVersion: plans[job.plan].swiftVersion, in: directory,
                    output: "scenario", existingSources: group.sources.map { group.directory + "/" + $0.name },
                    extraArguments: Self.instrumentation)
                guard build.succeeded else { return "\(job.location): the scenario does not build (run lesson check)" }
                let run = try runner.run(
                    directory + "/scenario", environment: ["LLVM_PROFILE_FILE": profiles + "/\(number).profraw"])
                guard case .exited = run.termination else {
                    return "\(job.location): the scenario did not exit normally; its coverage is not counted"
                }
                return nil
            } catch {
                return "\(job.location): \(error)"
            }
        }
        skipped += outcomes.compactMap { $0 }

        let built = jobs.indices.filter {
            FileManager.default.fileExists(atPath: work.path + "/builds/\($0)/scenario")
        }
        let allProfiles = profileFiles(under: work.path + "/profiles")
        var engines: [EngineCoverage] = []
        let merged = work.path + "/all.profdata"
        if !allProfiles.isEmpty { try llvm.merge(allProfiles, into: merged) }
        for identity in order {
            let group = groups[identity]!
            let objects = built.filter { jobs[$0].group == identity }.map { work.path + "/builds/\($0)/scenario" }
            let sourcePaths = Set(group.sources.map { group.directory + "/" + $0.name })
            var lines: [String: [Int: Int]] = [:]
            var regions: [String: LLVMCoverage.Regions] = [:]
            if !objects.isEmpty && !allProfiles.isEmpty {
                lines = try llvm.lineCounts(of: sourcePaths, objects: objects, profile: merged)
                regions = try llvm.regions(of: sourcePaths, objects: objects, profile: merged)
            }
            var lessonsByLine: [String: [Int: [String]]] = [:]
            if byLesson {
                for planIndex in Set(jobs.filter { $0.group == identity }.map(\.plan)).sorted() {
                    let profiles = profileFiles(under: work.path + "/profiles/\(planIndex)")
                    let planObjects = built.filter { jobs[$0].plan == planIndex }.map {
                        work.path + "/builds/\($0)/scenario"
                    }
                    guard !profiles.isEmpty, !planObjects.isEmpty else { continue }
                    let profile = work.path + "/lesson-\(planIndex).profdata"
                    try llvm.merge(profiles, into: profile)
                    for (file, counts) in try llvm.lineCounts(of: sourcePaths, objects: planObjects, profile: profile) {
                        for (line, count) in counts where count > 0 {
                            lessonsByLine[file, default: [:]][line, default: []].append(plans[planIndex].path)
                        }
                    }
                }
            }
            let files = group.sources.map { source -> FileCoverage in
                let path = group.directory + "/" + source.name
                let display = group.display[source.name] ?? (path, 1)
                let fileRegions = regions[path] ?? LLVMCoverage.Regions()
                var counts = lines[path] ?? [:]
                if counts.isEmpty && objects.isEmpty {
                    // No scenario ran against this engine: every line with code is unreached; without a
                    // program there is no mapping, so count the lines that are not blank or comments.
                    counts = Self.codeLines(source.contents)
                }
                return FileCoverage(
                    fileName: source.name, displayPath: display.path, firstLine: display.firstLine,
                    source: Engine.File(name: source.name, contents: source.contents, path: path).lines,
                    lineCounts: counts, regionCount: fileRegions.total, regionsCovered: fileRegions.covered,
                    unreached: fileRegions.unreached, lessonsByLine: lessonsByLine[path] ?? [:])
            }
            engines.append(EngineCoverage(name: group.name, files: files, lessons: group.lessons))
        }
        return CoverageReport(engines: engines, skipped: skipped)
    }

    /// Writes the engine's sources to their fixed folder and decides where their lines are reported.
    private func makeGroup(_ plan: LessonPlan, _ resolved: ResolvedEngine, directory: String) throws -> EngineGroup {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for source in resolved.sources {
            try Data(source.contents.utf8).write(to: URL(fileURLWithPath: directory + "/" + source.name))
        }
        var display: [String: (String, Int)] = [:]
        for file in plan.engineFiles { display[file.fileName] = (plan.path, file.block.firstContentLine) }
        var name = "as reprinted by \(plan.path)"
        if let named = plan.namedEngine, let engine = catalog[named.name] {
            name = named.name
            for file in engine.files { display[file.name] = (Self.repositoryPath(of: named.name, file), 1) }
        }
        return EngineGroup(name: name, directory: directory, sources: resolved.sources, display: display)
    }

    /// A built-in engine's file in this repository (`Sources/Engines/Sync/Sync.swift`) when it is there with
    /// the same bytes, so editors can jump to it; otherwise the catalog's path.
    static func repositoryPath(of engine: String, _ file: Engine.File) -> String {
        let candidate = "Sources/Engines/\(engine)/\(file.name)"
        if let data = FileManager.default.contents(atPath: candidate),
            String(decoding: data, as: UTF8.self) == file.contents
        {
            return candidate
        }
        return file.path
    }

    static func codeLines(_ source: String) -> [Int: Int] {
        var lines: [Int: Int] = [:]
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = String(line).trimmingSpaces()
            if !text.isEmpty && !text.hasPrefix("//") && text != "}" { lines[index + 1] = 0 }
        }
        return lines
    }

    private func profileFiles(under folder: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder)
        var files: [String] = []
        while let relative = enumerator?.nextObject() as? String {
            if relative.hasSuffix(".profraw") { files.append(folder + "/" + relative) }
        }
        return files.sorted()
    }
}

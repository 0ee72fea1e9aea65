import Foundation

/// Grades a student's submission for an exercise: builds it against the engine, runs every test (the
/// lesson's scenarios for an engine exercise, plus hidden ones; the exercise's own expected output for a
/// scenario exercise) and gives each a specific result in the student's language.
package struct Grader: Sendable {
    package var toolchain: Toolchain
    package var options: GradingOptions
    package var catalog: EngineCatalog
    /// Contains the student's programs; nil runs them like lesson scenarios (trusted code only).
    package var sandbox: Sandbox?

    package init(
        toolchain: Toolchain, options: GradingOptions, catalog: EngineCatalog = .builtIn, sandbox: Sandbox? = nil
    ) {
        self.toolchain = toolchain
        self.options = options
        self.catalog = catalog
        self.sandbox = sandbox
    }

    /// One test to run: a scenario with its expected output (its expected block, or its output comments),
    /// where it comes from, and what it is worth.
    struct GradingTest: Sendable {
        var name: String
        var scenario: Scenario
        /// The path the scenario's `#sourceLocation` names (the lesson, the hidden file, or `main.swift`).
        var sourcePath: String
        var expectedLines: [String]?
        var hidden: Bool
        var testCode: String?
        /// Its name and verdict alone reach the student (`visibility=name-only`).
        var nameOnly = false

        /// The test as its block's `visibility` and `reveal` show it on `today`: hidden (the one fixed
        /// message, no code), name-only, or as it is.
        func shown(on today: String) -> GradingTest {
            var test = self
            switch scenario.options.visibility(on: today) {
            case .visible: break
            case .nameOnly:
                test.nameOnly = true
                test.testCode = nil
            case .hidden:
                test.hidden = true
                test.testCode = nil
            }
            return test
        }
    }

    /// The grading of `submission`; on a failed attempt `options.attempt`, with the exercise's first
    /// attempt − 1 hints (`Exercise.hints`).
    package func grade(_ exercise: Exercise, submission: String, hidden: LessonPlan? = nil) throws -> GradeResult {
        var result = try gradeOnce(exercise, submission: submission, hidden: hidden)
        if let attempt = options.attempt, result.status != .pass {
            result.hints = Array(exercise.hints.prefix(max(0, attempt - 1)))
            result.hintCount = exercise.hints.count
        }
        return result
    }

    private func gradeOnce(_ exercise: Exercise, submission: String, hidden: LessonPlan?) throws -> GradeResult {
        let start = Uptime.now
        let feedback = Feedback(lessonLanguage: exercise.plan.lesson.frontMatter.text("language"))
        if hidden != nil, exercise.kind == .scenario {
            throw LessonError(
                .usage,
                "--hidden is for engine exercises: '\(exercise.id)' is a scenario exercise, "
                    + "graded by its own expected output")
        }
        if let reason = Self.refusal(of: submission) {
            return ungraded(exercise, hidden: hidden, reason: reason)
        }
        let (engine, studentFile) = try engineFiles(for: exercise, submission: submission)
        let tests = try self.tests(for: exercise, submission: submission, hidden: hidden)
        // A budget (a platform's time window) bounds every build and run: what it cuts short is said so.
        let deadline = options.budget.map { start + $0 }
        let limits = ProcessLimits(timeout: options.timeout, outputLimit: options.outputLimit, deadline: deadline)
        var evaluation = GradeEvaluation(
            feedback: feedback, studentFile: studentFile, limits: limits, buildTimeout: options.buildTimeout,
            budget: options.budget)
        evaluation.shownFiles = shownFiles(exercise, tests: tests)
        evaluation.submissionLines = OutputLines.split(submission).count
        var executor = self.executor(limits: limits, tests: tests.count)
        // A program that fails in the student's own file fails so for every test: it is not built again
        // test by test, and it is the submission's build error.
        if let studentFile {
            executor.failedMergeStands = { build in build.errors.contains { $0.file == studentFile } }
        }
        let jobs = Self.jobs(tests, engine: engine, languageMode: exercise.plan.languageMode)
        // The student's code compiled once for the visible and the hidden tests, where it can be.
        if let studentFile {
            switch runFromOneCompile(jobs, tests: tests, studentFile: studentFile, executor: executor, start: start) {
            case .studentFileFails(let failed):
                return notBuilt(
                    exercise, evaluation.judge.verdict(failed, .builtOnly), tests: tests, evaluation: evaluation,
                    feedback: feedback, start: start)
            case .ran(let executions, let visibleSeconds):
                return graded(
                    exercise, zip(tests, executions).map { evaluation.evaluate($0, $1) },
                    visibleSeconds: visibleSeconds, start: start)
            case nil:
                break
            }
        }
        return gradeTestByTest(
            exercise, jobs: jobs, tests: tests, studentFile: studentFile, executor: executor, evaluation: evaluation,
            feedback: feedback, start: start)
    }

    /// The tests built and run by the executor: the visible ones first, then the hidden ones.
    private func gradeTestByTest(
        _ exercise: Exercise, jobs: [ScenarioJob], tests: [GradingTest], studentFile: String?, executor: Executor,
        evaluation: GradeEvaluation, feedback: Feedback, start: Double
    ) -> GradeResult {
        let visible = executor.execute(tests.indices.filter { !tests[$0].hidden }.map { jobs[$0] })
        // When the student's file does not build, no test can run, and the first build says so (the build
        // of the visible tests, or of the hidden ones when there is no other): the rest is not built.
        func failedInStudentFile(_ execution: ScenarioExecution) -> Bool {
            execution.build.map { !$0.succeeded && $0.errors.contains { $0.file == studentFile } } ?? false
        }
        if studentFile != nil, let failed = visible.first(where: failedInStudentFile) {
            return notBuilt(
                exercise, evaluation.judge.verdict(failed, .builtOnly), tests: tests, evaluation: evaluation,
                feedback: feedback, start: start)
        }
        let (executions, visibleSeconds) = run(jobs, of: tests, on: executor, since: start, visible: visible)
        if studentFile != nil, visible.isEmpty, let failed = executions.first(where: failedInStudentFile) {
            return notBuilt(
                exercise, evaluation.judge.verdict(failed, .builtOnly), tests: tests, evaluation: evaluation,
                feedback: feedback, start: start)
        }
        return graded(
            exercise, zip(tests, executions).map { evaluation.evaluate($0, $1) }, visibleSeconds: visibleSeconds,
            start: start)
    }

    /// The result of a grading whose tests ran: pass when all passed, error when none could run.
    private func graded(_ exercise: Exercise, _ outcomes: [TestOutcome], visibleSeconds: Double, start: Double)
        -> GradeResult
    {
        let status: GradeResult.Status
        var message: String?
        if outcomes.allSatisfy({ $0.status == .passed }) {
            status = .pass
        } else if outcomes.allSatisfy({ $0.status == .error }) {
            status = .error
            message = outcomes.first?.message
        } else {
            status = .fail
        }
        var result = GradeResult(
            exercise: exercise.id, status: status, message: message, tests: outcomes, seconds: visibleSeconds,
            protections: protections)
        result.instructorSeconds = elapsed(since: start)
        result.language = exercise.plan.lesson.frontMatter.text("language")
        return result
    }

    /// The visible tests' executions (run first), then the hidden ones': no hidden program is alive while a
    /// visible one runs and could observe it (a process count, the load, the memory in use), and the time a
    /// student is shown ends before the hidden tests start. Returns the executions in the tests' order, and
    /// that time.
    private func run(
        _ jobs: [ScenarioJob], of tests: [GradingTest], on executor: Executor, since start: Double,
        visible: [ScenarioExecution]
    ) -> ([ScenarioExecution], Double) {
        var executions = [ScenarioExecution?](repeating: nil, count: tests.count)
        for (index, execution) in zip(tests.indices.filter { !tests[$0].hidden }, visible) {
            executions[index] = execution
        }
        let visibleSeconds = elapsed(since: start)
        let hidden = tests.indices.filter { tests[$0].hidden }
        if !hidden.isEmpty {
            for (index, execution) in zip(hidden, executor.execute(hidden.map { jobs[$0] })) {
                executions[index] = execution
            }
        }
        return (executions.map { $0! }, visibleSeconds)
    }

    /// The executor of a grading: the student's code compiled as the sandbox's builder, its build folder
    /// hidden from it, its programs run contained. Within a budget, every test runs at once, so that one
    /// slow test cannot leave the others unrun.
    private func executor(limits: ProcessLimits, tests: Int) -> Executor {
        var compiler = options.execution.compiler(toolchain)
        compiler.deadline = limits.deadline
        compiler.hidesBuildFolder = true
        compiler.namesDiagnostics = true
        compiler.builder = sandbox?.builder()
        let parallel = options.budget == nil ? options.jobs : max(options.jobs, min(tests, 8))
        // The student's share of the cores is divided among the runs they have at once: however many
        // processes a test starts, in however many sessions, the student's runs together keep to it.
        var sandbox = self.sandbox
        if let cpus = options.cpus { sandbox?.policy.cpuShare = cpus / Double(parallel) }
        return Executor(compiler: compiler, runner: ScenarioRunner(limits: limits, sandbox: sandbox), jobs: parallel)
    }

    /// One program per test; hidden and visible tests never share one.
    private static func jobs(_ tests: [GradingTest], engine: [ProgramFile], languageMode: LanguageMode) -> [ScenarioJob]
    {
        let sources = engine.map { SwiftBlock.of($0.contents) }
        return tests.map { test in
            let plan = MergePolicy.plan(
                forScenario: test.scenario.swift, engine: sources,
                group: test.hidden ? .hiddenTests : .visibleTests, standalone: test.scenario.options.standalone,
                languageMode: languageMode)
            return ScenarioJob(
                engine: engine, scenario: test.scenario.planned, plan: plan, markdownPath: test.sourcePath,
                languageMode: languageMode)
        }
    }

    /// What a result says protected the student's programs.
    private var protections: [String] {
        sandbox?.protections(timeout: options.timeout, outputLimit: options.outputLimit) ?? [
            "time: wall-clock limit \(Seconds.describe(options.timeout)) s",
            "output: cap \(ByteCount.describe(options.outputLimit))", "containment: none (--no-sandbox)",
        ]
    }

    /// The result of a submission whose own file does not build: the build errors once, at the top; each
    /// test says why it did not run.
    private func notBuilt(
        _ exercise: Exercise, _ verdict: Verdict, tests: [GradingTest], evaluation: GradeEvaluation,
        feedback: Feedback, start: Double
    ) -> GradeResult {
        let message = evaluation.buildMessage(verdict, hidden: false, test: nil)
        var result: GradeResult
        // A build the budget cut short says so, never that the code does not build: it may well build.
        if case .buildTimedOut(.budget) = verdict {
            result = GradeResult(
                exercise: exercise.id, status: .error, message: message,
                tests: tests.map { evaluation.errored($0, message: message, failure: .budget) },
                seconds: elapsed(since: start), protections: protections)
        } else {
            var diagnostic: String?
            if case .buildFailed(let build) = verdict {
                diagnostic = evaluation.explainedDiagnostic(build, test: nil)?.key
            }
            let outcomes = tests.map {
                var outcome = evaluation.errored($0, message: feedback.notRunBecauseItDoesNotBuild(), failure: .build)
                outcome.diagnostic = diagnostic
                return outcome
            }
            let lines = message.split(separator: "\n").map(String.init).filter { $0 != feedback.doesNotBuild() }
            result = GradeResult(
                exercise: exercise.id, status: .error,
                message: ([feedback.nothingRan()] + lines).joined(separator: "\n"), tests: outcomes,
                seconds: elapsed(since: start), protections: protections)
        }
        result.language = exercise.plan.lesson.frontMatter.text("language")
        return result
    }

    /// Why a submission's directives make its diagnostics untrustworthy, if they do: `#sourceLocation` moves
    /// the student's errors into the tests' files (and the tests' into theirs), and the message of `#error`
    /// or `#warning` can hold a newline and a forged `path:line:column: error:` line.
    static func refusal(of submission: String) -> UngradableReason? { SubmissionRules.refusal(of: submission) }

    /// Whether an `@available(…)` attribute's arguments hold a line break: an escape (`\n`, `\r`, `\u{…}`) or
    /// a multi-line string, which the compiler would print as lines of its own.
    static func availabilityMessageBreaksLines(_ source: String) -> Bool {
        SubmissionRules.scan(LexedSource(source)).availabilityBreaksLines
    }

    /// The result of a submission that could not be graded at all (no file, two files, a link, an
    /// interrupted batch): every test errored at its full worth, the reason in the lesson's language.
    /// `detail` says more for the instructor (`instructor.json`: each test's reason), never for the student.
    package func ungraded(_ exercise: Exercise, hidden: LessonPlan?, reason: UngradableReason, detail: String? = nil)
        -> GradeResult
    {
        let language = exercise.plan.lesson.frontMatter.text("language")
        let feedback = Feedback(lessonLanguage: language)
        let message = feedback.submissionMissing(reason.text(language: language))
        let tests = (try? self.tests(for: exercise, submission: "", hidden: hidden)) ?? []
        let outcomes = tests.map { test in
            TestOutcome(
                name: test.name, status: .error, message: feedback.notRunWithoutSubmission(), output: "", points: 0,
                maxPoints: test.scenario.options.points, task: test.scenario.options.task, hidden: test.hidden,
                testCode: test.testCode, seconds: 0, reason: detail,
                failure: .ungraded)
        }
        var result = GradeResult(exercise: exercise.id, status: .error, message: message, tests: outcomes, seconds: 0)
        result.language = exercise.plan.lesson.frontMatter.text("language")
        return result
    }

    private func elapsed(since start: Double) -> Double { Uptime.seconds(since: start) }

    /// The files a student has, by the paths diagnostics name: the visible tests' lesson, and the files of the
    /// engine it names (a course ships its engine), each under its own name. Hidden tests are not among them.
    private func shownFiles(_ exercise: Exercise, tests: [GradingTest]) -> [String: String] {
        var shown: [String: String] = [:]
        for test in tests where !test.hidden && test.sourcePath != "main.swift" {
            shown[test.sourcePath] = (test.sourcePath as NSString).lastPathComponent
        }
        for file in exercise.plan.namedEngine.flatMap({ catalog[$0.name] })?.files ?? [] {
            shown[file.path] = file.name
        }
        return shown
    }

    /// The engine the tests build with, the student's file in place of the exercise's, and that file's name.
    private func engineFiles(for exercise: Exercise, submission: String) throws -> ([ProgramFile], String?) {
        let markdownPath = Paths.absolute(exercise.plan.path)
        let resolved: ResolvedEngine
        switch EngineResolution.resolve(exercise.plan, catalog: catalog, markdownPath: markdownPath) {
        case .resolved(let engine): resolved = engine
        case .unresolved(let finding): throw LessonError(.usage, "\(finding.location.description): \(finding.message)")
        }
        guard case .engineFile(let fileName) = exercise.kind else { return (resolved.files, nil) }
        let student = ProgramFile(
            name: fileName, contents: ProgramSource.mapped(submission, firstLine: 1, to: fileName))
        return (resolved.files.filter { $0.name != fileName } + [student], fileName)
    }

    private func tests(for exercise: Exercise, submission: String, hidden: LessonPlan?) throws -> [GradingTest] {
        let feedback = Feedback(lessonLanguage: exercise.plan.lesson.frontMatter.text("language"))
        switch exercise.kind {
        case .scenario:
            guard let target = exercise.scenario else {
                throw LessonError(.usage, "exercise '\(exercise.id)' has no scenario")
            }
            var scenario = target
            scenario.block = Self.block(holding: submission)
            // The student's code is what is planned and built, not the lesson's scenario it takes the place of.
            scenario.swift = SwiftBlock(scenario.block.text)
            let expected = target.expectedLines
            return [
                GradingTest(
                    name: target.description.isEmpty ? exercise.id : target.description, scenario: scenario,
                    sourcePath: "main.swift", expectedLines: expected, hidden: false,
                    testCode: expected.map { "// expected output\n" + $0.map { $0 + "\n" }.joined() }
                ).shown(on: options.today)
            ]
        case .engineFile:
            let lessonPath = Paths.absolute(exercise.plan.path)
            var tests = Self.gradable(exercise.plan).map { scenario in
                GradingTest(
                    name: scenario.description.isEmpty
                        ? feedback.testAtLine(scenario.block.openingLine) : scenario.description,
                    scenario: scenario, sourcePath: lessonPath, expectedLines: scenario.expectedLines, hidden: false,
                    testCode: scenario.block.text
                ).shown(on: options.today)
            }
            if let hidden {
                let hiddenPath = Paths.absolute(hidden.path)
                tests += Self.gradable(hidden).enumerated().map { index, scenario in
                    GradingTest(
                        name: feedback.hiddenTestName(index + 1), scenario: scenario, sourcePath: hiddenPath,
                        expectedLines: scenario.expectedLines, hidden: true, testCode: nil)
                }
            }
            guard !tests.isEmpty else { throw LessonError(.usage, "exercise '\(exercise.id)' has no test to run") }
            return tests
        }
    }

    /// The scenarios of a lesson that grade an engine: run, with an expected output (a block, or output
    /// comments), not exercises.
    package static func gradable(_ plan: LessonPlan) -> [Scenario] {
        plan.scenarios.filter { $0.options.runs && !$0.options.ignored && $0.expectedLines != nil }
    }

    /// A block holding the student's scenario, numbered from line 1 of `main.swift`.
    static func block(holding text: String) -> FencedBlock {
        let lines = OutputComparison.lines(of: text)
        return FencedBlock(
            fence: Fence(character: "`", length: 3, indentation: 0), info: InfoString("swift"), openingLine: 0,
            closingLine: lines.count + 1,
            content: lines.enumerated().map { SourceLine(number: $0.offset + 1, text: $0.element, ending: "\n") })
    }
}

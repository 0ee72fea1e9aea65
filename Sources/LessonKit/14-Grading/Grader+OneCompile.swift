import Foundation

extension Grader {
    /// What one compile of a submission gave (`TwoProgramBuild`).
    enum OneCompile {
        /// Every test's execution, in the tests' order, and the seconds until the visible ones had run.
        case ran([ScenarioExecution], visibleSeconds: Double)
        /// The student's file does not build: this execution says how.
        case studentFileFails(ScenarioExecution)
    }

    /// The visible and the hidden tests from one compile of the submission, the visible ones run first;
    /// nil where that does not apply (no hidden or no visible test, a test that must be built alone or must
    /// exit at its end, Swift 6 mode, a driver whose commands are not understood) or where the compile failed
    /// outside the student's file: the tests are then built as programs of their own, which places each error
    /// at its test.
    func runFromOneCompile(
        _ jobs: [ScenarioJob], tests: [GradingTest], studentFile: String, executor: Executor, start: Double
    ) -> OneCompile? {
        let visible = tests.indices.filter { !tests[$0].hidden }
        let hidden = tests.indices.filter { tests[$0].hidden }
        guard !visible.isEmpty, !hidden.isEmpty, let engine = jobs.first?.engine,
            jobs.allSatisfy({
                $0.buildAloneReason == nil && $0.languageMode == .swift5 && $0.scenario != nil && !$0.exitsAtEnd
            }),
            let recipe = options.driverCommands.flatMap(TwoProgramBuild.readRecipe)
                ?? TwoProgramBuild.recipe(toolchain: toolchain),
            let folder = try? WorkDirectory.create(prefix: "lesson-build")
        else { return nil }
        defer { folder.remove() }
        let build = TwoProgramBuild(compiler: executor.compiler, recipe: recipe)
        func blocks(_ indices: [Int]) -> TwoProgramBuild.Tests {
            indices.map { (jobs[$0].scenario!, jobs[$0].markdownPath) }
        }
        let outcome: TwoProgramBuild.Outcome
        do {
            outcome = try build.build(engine: engine, visible: blocks(visible), hidden: blocks(hidden), in: folder)
        } catch {
            return nil
        }
        switch outcome {
        case .failed(let compiled):
            guard compiled.errors.contains(where: { $0.file == studentFile }) else { return nil }
            return .studentFileFails(ScenarioExecution(build: compiled, run: nil))
        case .built(let visibleProgram, let hiddenProgram, let compiled, _):
            var divided = compiled
            divided.seconds = compiled.seconds / Double(tests.count)
            let share = divided
            var executions = [ScenarioExecution?](repeating: nil, count: tests.count)
            func run(_ indices: [Int], _ program: String) {
                let ran = ParallelMap.map(Array(indices.enumerated()), jobs: executor.jobs) { selection, _ in
                    do {
                        return ScenarioExecution(
                            build: share, run: try executor.runner.run(program, scenario: selection))
                    } catch {
                        return ScenarioExecution(build: nil, run: nil, toolError: "\(error)")
                    }
                }
                for (index, execution) in zip(indices, ran) { executions[index] = execution }
            }
            run(visible, visibleProgram)
            let visibleSeconds = Uptime.seconds(since: start)
            run(hidden, hiddenProgram)
            return .ran(executions.map { $0! }, visibleSeconds: visibleSeconds)
        }
    }
}

import Foundation

extension Executor {
    /// What building a submission's two programs from one compile gave.
    enum TwoProgramOutcome {
        /// Each program's tests run, in their order, and the moment (uptime seconds) the visible ones ended.
        case ran(visible: [ScenarioExecution], hidden: [ScenarioExecution], visibleEnded: Double)
        /// The compile or a link failed.
        case failed(CompileResult)
    }

    /// Builds the visible and the hidden tests into two programs from one compile (`TwoProgramBuild`), then
    /// runs the visible program's tests and, after them, the hidden one's, `jobs` at a time; each execution
    /// carries an equal share of the build. Nil when the build could not be tried (no folder, a tool that
    /// cannot be started).
    func buildAndRunTwoPrograms(
        engine: [ProgramFile], visible: TwoProgramBuild.Tests, hidden: TwoProgramBuild.Tests,
        recipe: SeparateCompilation
    ) -> TwoProgramOutcome? {
        guard let folder = try? WorkDirectory.create(prefix: "lesson-build") else { return nil }
        defer { folder.remove() }
        let outcome: TwoProgramBuild.Outcome
        do {
            outcome = try TwoProgramBuild(compiler: compiler, recipe: recipe).build(
                engine: engine, visible: visible, hidden: hidden, in: folder)
        } catch {
            return nil
        }
        switch outcome {
        case .failed(let compiled):
            return .failed(compiled)
        case .built(let visibleProgram, let hiddenProgram, let compiled):
            var share = compiled
            share.seconds = compiled.seconds / Double(visible.count + hidden.count)
            let visibleRuns = runEach(visible.count, of: visibleProgram, build: share)
            let visibleEnded = Uptime.now
            return .ran(
                visible: visibleRuns, hidden: runEach(hidden.count, of: hiddenProgram, build: share),
                visibleEnded: visibleEnded)
        }
    }

    /// Runs each of the `count` scenarios of `program`, `jobs` at a time.
    private func runEach(_ count: Int, of program: String, build: CompileResult) -> [ScenarioExecution] {
        ParallelMap.map(Array(0..<count), jobs: jobs) { selection in
            do {
                return ScenarioExecution(build: build, run: try runner.run(program, scenario: selection))
            } catch {
                return ScenarioExecution(build: nil, run: nil, toolError: "\(error)")
            }
        }
    }
}

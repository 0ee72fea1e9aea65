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
            jobs.allSatisfy({ $0.plan.fitsTwoProgramBuild && $0.languageMode == .swift5 && $0.scenario != nil }),
            let recipe = options.driverCommands.flatMap(TwoProgramBuild.readRecipe)
                ?? TwoProgramBuild.recipe(toolchain: toolchain)
        else { return nil }
        func blocks(_ indices: [Int]) -> TwoProgramBuild.Tests {
            indices.map { (jobs[$0].scenario!, jobs[$0].markdownPath) }
        }
        switch executor.buildAndRunTwoPrograms(
            engine: engine, visible: blocks(visible), hidden: blocks(hidden), recipe: recipe)
        {
        case nil:
            return nil
        case .failed(let compiled):
            guard compiled.errors.contains(where: { $0.file == studentFile }) else { return nil }
            return .studentFileFails(ScenarioExecution(build: compiled, run: nil))
        case .ran(let visibleRuns, let hiddenRuns, let visibleEnded):
            var executions = [ScenarioExecution?](repeating: nil, count: tests.count)
            for (index, execution) in zip(visible + hidden, visibleRuns + hiddenRuns) { executions[index] = execution }
            return .ran(executions.map { $0! }, visibleSeconds: visibleEnded - start)
        }
    }
}

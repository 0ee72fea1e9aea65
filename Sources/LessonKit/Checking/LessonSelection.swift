/// `--filter TEXT`: the lessons whose path contains TEXT, and elsewhere the scenarios whose description
/// contains it. Engine drift is still judged against every lesson of a course folder, but reported only for
/// lessons selected whole.
public struct LessonSelection: Sendable {
    public enum Scope: Equatable, Sendable {
        case whole
        case scenarios
        case none
    }

    public var filter: String?

    public init(filter: String?) { self.filter = filter }

    public func scope(of plan: LessonPlan) -> Scope {
        guard let filter else { return .whole }
        if plan.path.contains(filter) { return .whole }
        return plan.scenarios.contains { $0.description.contains(filter) } ? .scenarios : .none
    }

    /// The part of `plan` to check under `scope`.
    public func narrowed(_ plan: LessonPlan, to scope: Scope) -> LessonPlan {
        guard scope != .whole, let filter else { return plan }
        var narrowed = plan
        narrowed.scenarios = scope == .none ? [] : plan.scenarios.filter { $0.description.contains(filter) }
        narrowed.snippets = []
        narrowed.blockFindings = [:]
        return narrowed
    }
}

@testable import LessonKit

/// The policy's questions asked of text, as the tests write their blocks: each text read as planning reads
/// a block (`SwiftBlock`).
extension MergePolicy {
    static func scenario(
        _ scenario: String, engine: [String], standalone: Bool = false, compileFail: Bool = false,
        languageMode: LanguageMode
    ) -> Decision {
        self.scenario(
            SwiftBlock(scenario), engine: engine.map(SwiftBlock.init), standalone: standalone,
            compileFail: compileFail, languageMode: languageMode)
    }

    static func reasonToBuildListingAlone(_ text: String) -> BuildAloneReason? {
        reasonToBuildListingAlone(SwiftBlock(text))
    }

    static func movableBlock(_ text: String) -> MovableBlock? { movableBlock(SwiftBlock(text)) }

    static func mayMoveDeclarations(_ texts: [String]) -> Bool { mayMoveDeclarations(texts.map(SwiftBlock.init)) }
}

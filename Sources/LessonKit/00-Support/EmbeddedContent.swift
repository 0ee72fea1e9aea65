/// What the `EmbedEngines` plugin carries into LessonKit: the canonical engines' files, the platforms'
/// adapters and the folder of the package the checker is built from, byte for byte, base64-encoded.
package protocol EmbeddedContent {
    static var engineFiles: [(engine: String, file: String, base64: String)] { get }
    static var adapterFiles: [(path: String, executable: Bool, base64: String)] { get }
    static var packageDirectory: String { get }
}

/// The plugin's content, found by its type's name at run time rather than named in the code, so that
/// LessonKit also builds where the plugin does not run: SwiftPM builds the tool of a course's build plugin
/// (`lesson` for `LessonTestCases`, which writes test sources and needs no engine) without running the
/// plugins of that tool's own targets. There, the content is empty.
package enum Embedded {
    /// The mangled name of the type the plugin writes, `LessonKit.GeneratedEmbeddedContent` (a type, read only).
    nonisolated(unsafe) static let content =
        _typeByName("9LessonKit24GeneratedEmbeddedContentO") as? EmbeddedContent.Type

    package static var engineFiles: [(engine: String, file: String, base64: String)] { content?.engineFiles ?? [] }
    package static var adapterFiles: [(path: String, executable: Bool, base64: String)] {
        content?.adapterFiles ?? []
    }
    package static var packageDirectory: String { content?.packageDirectory ?? "" }
}

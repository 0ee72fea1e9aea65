import Foundation

/// What the `EmbedEngines` plugin carries into LessonKit: the canonical engines' files, the platforms'
/// adapters, the programs' runtime support and the folder of the package the checker is built from, byte for
/// byte, base64-encoded.
package protocol EmbeddedContent {
    static var engineFiles: [(engine: String, file: String, base64: String)] { get }
    static var adapterFiles: [(path: String, executable: Bool, base64: String)] { get }
    static var packageDirectory: String { get }
    static var runtimeSupport: String { get }
}

/// The plugin's content, written into the `LessonEmbedded` module and found by its type's name at run time:
/// LessonKit cannot name a module that depends on it. A program that does not link `LessonEmbedded` (the
/// `LessonTestCases` plugin's tool, which writes test sources and needs no engine) sees no content.
package enum Embedded {
    /// The mangled name of the type the plugin writes, `LessonEmbedded.GeneratedEmbeddedContent` (a type, read only).
    package nonisolated(unsafe) static let content =
        _typeByName("14LessonEmbedded24GeneratedEmbeddedContentO") as? EmbeddedContent.Type

    package static var engineFiles: [(engine: String, file: String, base64: String)] { content?.engineFiles ?? [] }
    package static var adapterFiles: [(path: String, executable: Bool, base64: String)] {
        content?.adapterFiles ?? []
    }
    package static var packageDirectory: String { content?.packageDirectory ?? "" }
    /// The C text of the programs' runtime support; empty in a program that does not link `LessonEmbedded`.
    package static var runtimeSupport: String {
        String(decoding: Data(base64Encoded: content?.runtimeSupport ?? "") ?? Data(), as: UTF8.self)
    }
}

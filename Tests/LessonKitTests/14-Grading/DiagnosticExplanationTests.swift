import Foundation
import Testing

@testable import LessonKit

/// The compiler errors a beginner meets, each explained by the compiler's own name for it: every
/// explanation is reached by a program that makes that error, compiled by this toolchain as the grader
/// compiles (`-debug-diagnostic-names`), so a renamed diagnostic fails here, not in a student's feedback.
@Suite struct DiagnosticExplanationTests {
    /// A program with one error, and the explanation it must get.
    static let mistakes: [(key: String, source: String)] = [
        ("not-in-scope", "print(toplam)\n"),
        ("type-not-in-scope", "let sayac: Sayac = 1\n"),
        ("type-mismatch", "let adet: Int = \"5\"\n"),
        ("type-mismatch", "func kare(_ n: Int) -> Int { n * n }\nprint(kare(\"3\"))\n"),
        ("return-type", "func ad() -> Int { return \"Ali\" }\n"),
        ("missing-return", "func isaret(_ n: Int) -> Int {\n    if n > 0 { return 1 }\n}\n"),
        ("return-in-void", "func yaz() { return 1 }\n"),
        ("assign-to-let", "let toplam = 1\ntoplam = 2\n"),
        ("immutable-property", "struct Sayac {\n    var n = 0\n    func artir() { n = n + 1 }\n}\n"),
        (
            "mutating-on-let",
            "struct S {\n    var n = 0\n    mutating func artir() { n += 1 }\n}\nlet s = S()\ns.artir()\n"
        ),
        ("argument-label", "func selamla(ad: String) {}\nselamla(\"Ali\")\n"),
        ("argument-label", "func selamla(ad: String) {}\nselamla(isim: \"Ali\")\n"),
        ("missing-argument", "func topla(a: Int, b: Int) -> Int { a + b }\nprint(topla(a: 1))\n"),
        ("extra-argument", "func kare(n: Int) -> Int { n * n }\nprint(kare(n: 1, m: 2))\n"),
        ("optional-unwrapped", "let yas: Int? = 3\nprint(yas + 1)\n"),
        ("missing-try", "func oku() throws -> Int { 1 }\nprint(oku())\n"),
        ("switch-not-exhaustive", "enum Renk { case kirmizi, yesil }\nswitch Renk.kirmizi { case .kirmizi: break }\n"),
        ("no-member", "let n = 1\nprint(n.uzunluk)\n"),
        ("redeclared", "func f() {\n    let a = 1\n    let a = 2\n    print(a)\n}\n"),
        ("operator-types", "let a = 1\nlet b = 2.5\nprint(a + b)\n"),
        ("not-conforming", "protocol Ciz { func ciz() }\nstruct Kare: Ciz {}\n"),
        ("used-before-initialized", "func f() {\n    var x: Int\n    print(x)\n}\n"),
        ("missing-brace", "func f() {\n    print(1)\n"),
        ("not-a-function", "let n = 1\nn()\n"),
        ("explicit-self", "class C {\n    var n = 0\n    func f() { let c = { n += 1 }; c() }\n}\n"),
    ]

    @Test(arguments: mistakes.indices)
    func eachCommonErrorIsExplainedByItsName(index: Int) throws {
        let (key, source) = Self.mistakes[index]
        let folder = try WorkDirectory.create(prefix: "lesson-test")
        defer { folder.remove() }
        try ScratchFile.save(source, to: folder.path + "/main.swift")
        let result = try Subprocess.run(
            try TestSupport.toolchain().swiftc,
            arguments: [
                "-emit-sil", "-debug-diagnostic-names", "-diagnostic-style", "llvm", "-o", "/dev/null", "main.swift",
            ],
            environment: ProcessInfo.processInfo.environment, workingDirectory: folder.path,
            limits: ProcessLimits(timeout: 120, outputLimit: 1 << 20))
        let errors = CompilerDiagnostic.parse(String(decoding: result.standardError, as: UTF8.self)).filter {
            $0.severity == .error
        }
        let first = try #require(errors.first, "no error from \(source)")
        #expect(DiagnosticExplanation.of(id: first.id)?.key == key, "\(first.message) [\(first.id ?? "no name")]")
        #expect(!first.message.hasSuffix("]"), "the message is read without the name: \(first.message)")
    }

    /// An unclosed `{` the compiler finds where the grader's wrapping of the student's file ends is shown at
    /// the file's last line, not past its end, with its explanation.
    @Test func anErrorPastTheEndOfTheStudentsFileIsShownAtItsLastLine() throws {
        let path = TestSupport.packageRoot + "/Fixtures/grading/feedback/dem-nguoc.md"
        let exercise = try Exercise.find("dem-nguoc", in: LessonPlanner.plan(Lesson.read(path: path)))
        var options = GradingOptions()
        options.timeout = 5
        let result = try Grader(toolchain: try TestSupport.toolchain(), options: options).grade(
            exercise, submission: "var n = 3\nwhile n > 0 {\n    print(n)\n    n -= 1\nprint(\"xong\")\n")
        let message = try #require(result.message)
        #expect(message.contains("\nmain.swift:5:1: error: expected '}' at end of brace statement\n  → Có một `{`"))
        #expect(result.tests.map(\.diagnostic) == ["missing-brace"])
    }

    /// At least fifteen explanations, each in English, Turkish and Vietnamese, each key once.
    @Test func everyExplanationIsSaidInEachLanguage() {
        let keys = DiagnosticExplanation.all.map(\.explanation.key)
        #expect(keys.count >= 15)
        #expect(Set(keys).count == keys.count)
        #expect(Set(Self.mistakes.map(\.key)) == Set(keys), "every explanation has a mistake that reaches it")
        for (_, explanation) in DiagnosticExplanation.all {
            let texts = [Feedback.Language.en, .tr, .vi].map { explanation.text($0) }
            #expect(Set(texts).count == 3 && texts.allSatisfy { !$0.isEmpty }, "\(explanation.key)")
        }
    }

    /// The name the compiler puts at a message's end is read apart from the message; a group name and a
    /// message that only ends in brackets stay as they are.
    @Test func theCompilersNameIsReadApartFromTheMessage() {
        let named = CompilerDiagnostic.parse("main.swift:2:7: error: cannot find 'x' in scope [cannot_find_in_scope]\n")
        #expect(named.first?.message == "cannot find 'x' in scope")
        #expect(named.first?.id == "cannot_find_in_scope")
        for message in ["'f()' is deprecated [#DeprecatedDeclaration]", "expected type [Int]", "a [b c]"] {
            let diagnostic = CompilerDiagnostic.parse("main.swift:1:1: warning: \(message)\n").first
            #expect(diagnostic?.message == message)
            #expect(diagnostic?.id == nil)
        }
    }
}

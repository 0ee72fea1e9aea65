import LessonKit

/// The files of a new course package, as `lesson init` writes them: the same package manifest, test and
/// workflow as the course package of the docs (`Fixtures/course-package`), and a sample lesson in the
/// course's language.
enum CourseTemplate {
    /// The languages a sample lesson is written in.
    enum Language: String, CaseIterable, Sendable {
        case tr, vi, en
    }

    /// `Package.swift`, depending on the checker at `dependency` (a URL or a path), whose package identity is
    /// `identity` (the last component of the URL or path, as SwiftPM names it).
    static func manifest(dependency: CheckerDependency, name: String) -> String {
        return """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: \(CheckerDependency.literal(name)),
                dependencies: [\(dependency.packageEntry)],
                targets: [
                    .testTarget(
                        name: "LessonTests",
                        dependencies: [.product(name: "LessonTesting", package: \(CheckerDependency.literal(dependency.identity)))],
                        plugins: [.plugin(name: "LessonTestCases", package: \(CheckerDependency.literal(dependency.identity)))]),
                ]
            )

            """
    }

    /// What a course's repository does not commit: SwiftPM's build folder and its editor state.
    static let gitignore = """
        .build/
        .swiftpm/
        /Packages
        DerivedData/
        xcuserdata/
        *.xcodeproj

        """

    /// The test target's one file: its tests are the plugin's, a test per scenario, written at each build.
    static let test = """
        // The tests of this target are written from the lessons under Lessons/ at each build, by the
        // LessonTestCases plugin (Package.swift): a Swift Testing test per scenario, listing and book test,
        // declared at its Markdown line. This file gives the target its folder.

        """

    /// The GitHub Actions workflow: `swift test`, and the findings on the pull request's lines when it fails.
    static let workflow = """
        name: lessons
        on: [push, pull_request]
        jobs:
          lessons:
            runs-on: ubuntu-latest
            container: swift:6.3
            env:
              # Signs the checker's result cache, so that runs reuse each other's results (docs/ci.md).
              LESSON_CACHE_KEY: ${{ secrets.LESSON_CACHE_KEY }}
            steps:
              - uses: actions/checkout@v5
              # The checker, built once per toolchain and checker version, is saved before the lessons are
              # checked: a failing lesson never costs the next run its build.
              - uses: actions/cache/restore@v5
                id: build
                with:
                  path: .build
                  key: lessons-swift-6.3-${{ hashFiles('Package.swift', 'Package.resolved') }}
              - run: swift build --build-tests
              - uses: actions/cache/save@v5
                if: steps.build.outputs.cache-hit != 'true'
                with:
                  path: .build
                  key: lessons-swift-6.3-${{ hashFiles('Package.swift', 'Package.resolved') }}
              # The tests the build wrote, without building again: `swift test` builds the plugin's tool
              # otherwise than `swift build` does, and would link that tool again.
              - run: swift test --skip-build --disable-xctest
              - if: failure()
                run: swift run lesson check --format github Lessons

        """

    /// Where the sample lesson goes, below the package.
    static func lessonPath(_ language: Language) -> String {
        switch language {
        case .tr: "Lessons/01-sayac.md"
        case .vi: "Lessons/01-bo-dem.md"
        case .en: "Lessons/01-counter.md"
        }
    }

    /// The sample lesson: front matter, an engine file, a scenario and its expected output.
    static func lesson(_ language: Language) -> String {
        let words = SampleWords(language)
        return """
            ---
            title: \(words.title)
            language: \(language.rawValue)
            ---

            # \(words.title)

            \(words.intro)

            ```swift
            // Counter.swift — \(words.engine)
            struct Counter {
                var count = 0

                mutating func tap(_ label: String) {
                    count += 1
                    print("\\(label): \\(count)")
                }
            }
            ```

            \(words.scenarioIntro)

            ```swift
            // main.swift — \(words.scenario)
            var counter = Counter()
            counter.tap("\(words.labels[0])")
            counter.tap("\(words.labels[1])")
            counter.tap("\(words.labels[2])")
            ```

            ```output
            \(words.labels[0]): 1
            \(words.labels[1]): 2
            \(words.labels[2]): 3
            ```

            """
    }

    /// The README of the new course, titled with its package's name (on one line, whatever the folder's
    /// name holds).
    static func readme(name: String, lesson: String) -> String {
        let title = name.split(whereSeparator: \.isNewline).joined(separator: " ")
        return """
            # \(title)

            """ + readmeBody(lesson: lesson)
    }

    private static func readmeBody(lesson: String) -> String {
        """

        Lessons written in Markdown, each checked by `swift test`: every scenario (a `// main.swift — …`
        block) is built with the lesson's engine files, run, and what it prints is compared with the
        `output` block after it. A wrong line fails the test at the lesson's own file and line.

        - `swift test --disable-xctest` checks every lesson under `Lessons/`: each scenario is a test of its own,
          named by its title (`swift test --filter "the title"` runs one).
        - `swift package check-lessons` checks them from the command line (`Lessons/01.md:12` checks the
          block that holds line 12), and `swift package --allow-writing-to-package-directory update-lessons`
          accepts what the scenarios print into the lessons.
        - The first lesson is `\(lesson)`. Add a lesson by adding a Markdown file under `Lessons/`.

        """
    }
}

/// The words of the sample lesson in each language.
private struct SampleWords {
    var title: String
    var intro: String
    var engine: String
    var scenarioIntro: String
    var scenario: String
    var labels: [String]

    init(_ language: CourseTemplate.Language) {
        switch language {
        case .tr:
            title = "Sayaç"
            intro = "Bu dersin çekirdeği bir sayaçtır: her dokunuşu sayar ve yazar."
            engine = "her dokunuşu sayan sayaç"
            scenarioIntro = "Senaryo üç kez dokunur; altındaki blok yazması gerekeni gösterir."
            scenario = "üç dokunuş"
            labels = ["bir", "iki", "üç"]
        case .vi:
            title = "Bộ đếm"
            intro = "Lõi của bài học này là một bộ đếm: nó đếm và in ra mỗi lần chạm."
            engine = "bộ đếm mỗi lần chạm"
            scenarioIntro = "Kịch bản chạm ba lần; khối bên dưới là những gì nó phải in ra."
            scenario = "ba lần chạm"
            labels = ["một", "hai", "ba"]
        case .en:
            title = "A counter"
            intro = "This lesson's engine is a counter: it counts each tap and prints it."
            engine = "a counter that prints each tap"
            scenarioIntro = "The scenario taps three times; the block under it is what it must print."
            scenario = "three taps"
            labels = ["one", "two", "three"]
        }
    }
}

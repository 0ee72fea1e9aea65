import LessonKit

/// The version and the overview of every command; each command's own page is its `HelpPage`, rendered from
/// its option declarations.
enum Help {
    static let version = "lesson " + LessonKitVersion.current

    static let main = """
        OVERVIEW: Checks Swift lessons written in Markdown: builds and runs every scenario against its
        engine, compares what it prints with the lesson's expected output, and parses every platform snippet.

        USAGE: lesson <command> [options] [PATH ...]

        COMMANDS:
          check    Check lessons and report every finding at its Markdown line (default command)
          list     Show how the checker reads lessons: every block, its lines and its role
          grade    Grade a student's submission for an exercise
          coverage Show which engine code no lesson reaches
          merge    Merge the reports of the shards of a run (--shard) into one
          pack     Pack an exercise for a platform: its adapter, the lesson, the course's engines, hidden tests
          eject    Write one scenario (PATH:LINE) as a Swift package that swift run runs
          init     Write a course package whose swift test checks its lessons
          test-cases Write a course package's tests: a Swift Testing test per scenario (its build plugin's)
          lsp      A language server for lesson Markdown
          help     This page; help --markdown writes every command's page (docs/commands.md)

        OPTIONS:
          -h, --help     Show help (also: lesson <command> --help)
          --version      Show the version

        A PATH is a lesson file or a folder (every Markdown file below it). Without a path: ./Lessons.
        Shards (--shard INDEX/COUNT) are counted from 1: INDEX is 1 to COUNT.
        """
}

import LessonKit

/// The help texts; every option is documented here and in the README.
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

        OPTIONS:
          -h, --help     Show help (also: lesson <command> --help)
          --version      Show the version

        A PATH is a lesson file or a folder (every *.md below it). Without a path: ./Lessons.
        Shards (--shard INDEX/COUNT) are counted from 1: INDEX is 1 to COUNT.
        """

    static let check = """
        OVERVIEW: Builds and runs every scenario of the lessons, compares its output with the expected block,
        parses every platform snippet, compares engine reprints, and reports each finding as
        `path:line:column: error: message`. Checking a folder adds a summary line per course folder.

        USAGE: lesson check [--update | --watch] [options] [PATH ...]

        OPTIONS:
          --update              Accept what the scenarios print: rewrite each expected block that differs,
                                insert missing ones, refresh drifted engine reprints (in place, atomically;
                                a lesson with a scenario that does not build, traps or times out is left
                                untouched)
          --watch               Check, then re-check each time a lesson or engine file is saved, until
                                interrupted (fast with the result cache)
          --filter TEXT         Check only the lessons whose path contains TEXT, and elsewhere the
                                scenarios whose description contains it (none selected: exit 2)
          --format FORMAT       text (default), json, junit, github (workflow commands) or html (one
                                self-contained page); with a machine format stdout holds only that format
                                and the summary goes to stderr
          --output FILE         Write the report to FILE (any format); the summary goes to stderr. A
                                report that cannot be written exits 2
          --junit-file-attributes
                                With --format junit: add file and line attributes to each test case
                                (GitLab reads file; the Jenkins and Surefire schemas have neither)
          --shard INDEX/COUNT   Check only shard INDEX of COUNT (counted from 1, e.g. 2/4): each lesson
                                is in exactly one shard; drift is still judged against the whole course
          --durations FILE      With --shard: balance the shards by the durations of an earlier JSON
                                report (longest lessons first, each to the least loaded shard)
          --timeout SECONDS     Wall-clock limit of one scenario run (default: 10)
          --max-output SIZE     Output a scenario may print before it is stopped, e.g. 65536, 512K, 1M
                                (default: 1M)
          --jobs N              Builds and runs at once (default: the number of cores)
          --build-timeout S     Wall-clock limit of one build (default: 300)
          --build-memory-limit SIZE
                                Address space of one compiler run (default: 4G)
          --engines DIR         Add or replace engines: DIR/<Name>/<File>.swift (built in: Invalidation, Sync)
          --strategy NAME       merged: scenarios of one engine share a build (default); isolated: one
                                build per scenario (the reference; same findings, slower)
          --cache-dir DIR       Where results are cached (default: .build/lesson-cache)
          --no-cache            Check everything anew; read and write no cache
          --stats               Print the wall time and the checker's peak memory to stderr
          --color WHEN          Colour the report: auto, always or never (default: auto: only on a terminal,
                                never when NO_COLOR is set)
          -h, --help            Show this help

        ENVIRONMENT:
          SWIFTC                The Swift compiler to use (default: swiftc on PATH)
          NO_COLOR              Never colour the report

        EXIT STATUS:
          0 every check passed; 1 a check failed; 2 usage error, unreadable path, or no lesson found.
        """

    static let list = """
        OVERVIEW: Prints every fenced block of the lessons (in block quotes and list items too) with its line
        range and role (engine file, scenario with the lines of its expected output, expected output, snippet,
        other), then how many blocks each lesson has by role, then any reading finding. Nothing is built or
        run.

        USAGE: lesson list [PATH ...]

        OPTIONS:
          -h, --help            Show this help

        EXIT STATUS:
          0 every lesson was read; 1 a lesson is malformed; 2 usage error or no lesson found.
        """

    static let grade = """
        OVERVIEW: Grades a student's submission for an exercise of a lesson (a block marked exercise=ID):
        builds it against the engine, runs every test, and reports each test passed, failed or errored with
        a specific reason, in the lesson's language.

        USAGE: lesson grade --exercise ID --submission FILE [--lesson PATH] [--hidden PATH]
                            [--format text|exercism|gradescope] [--output DIR]
               lesson grade --exercise ID --submissions DIR --output OUT [--lesson PATH] [--hidden PATH]

        OPTIONS:
          --exercise ID         The exercise (exercise=ID in the lesson)
          --submission PATH     The student's file: main.swift for a scenario exercise, the engine file
                                (e.g. Sync.swift) for an engine exercise; or a folder holding that file
                                or exactly one .swift file
          --lesson PATH         The lesson that holds the exercise (default: found under --lessons)
          --lessons DIR         Where to look for the exercise without --lesson (default: Lessons)
          --hidden PATH         More tests for an engine exercise, in a lesson-format file students never
                                see; their source and expected output never appear in a result
          --format FORMAT       text (default), exercism (results.json v3) or gradescope
          --output DIR          Write DIR/results.json (default format then: exercism)
          --timeout SECONDS     Wall-clock limit of one test run (default: 10)
          --max-output SIZE     Output one test may print (default: 1M)
          --jobs N              Builds and runs at once (default: the number of cores)
          --engines DIR         Add or replace engines, as for check
          --submissions DIR     Grade a class: each subfolder of DIR is one student; writes
                                OUT/<student>/results.json and OUT/summary.csv (needs --output OUT)
          --budget S            Wall-clock limit of the whole grading (a platform's window): tests run at
                                once, and those it cuts short are errors that say so (default: none)
          --max-submission-size SIZE
                                Largest submission file graded (default: 1M)
          --check-sandbox       Print what a contained run gets on this machine, and why not, then exit
          --shard INDEX/COUNT   With --submissions: grade only shard INDEX of COUNT of the students
                                (counted from 1); lesson merge joins the shards' summary.csv files
          --durations FILE      With --shard: balance by the seconds column of an earlier summary.csv

        CONTAINMENT (Linux: each mechanism is tried, and what works is used; see --check-sandbox):
          --build-timeout S     Wall-clock limit of building the submission (default: 60)
          --build-memory-limit SIZE
                                Address space of one compiler run (default: 4G)
          --cpu-limit S         CPU seconds a test may use (default: the --timeout)
          --memory-limit SIZE   Address space of a test (default: 512M)
          --process-limit N     Processes and threads of the sandbox user (default: 64)
          --file-size-limit SIZE
                                Largest file a test may write (default: 16M)
          --hide DIR            One more folder the submission must not see
          --uid-base UID        First user ID of the sandbox users (default: 61000)
          --uid-count N         How many sandbox users (default: 64)
          --no-sandbox          Run the tests uncontained (trusted code only)
          -h, --help            Show this help

        Each test is worth 1 point unless its block says points=N.

        EXIT STATUS:
          0 grading completed, whatever the score; 2 the grader could not run (usage, unreadable files,
          unknown exercise); 128 + the signal when interrupted (a class batch after writing its summary).
        """

    static let coverage = """
        OVERVIEW: Builds every scenario with the toolchain's coverage instrumentation, runs it, and reports per
        engine its line and region coverage and every region no lesson reaches, as
        `path:line: note: no lesson reaches this (…)` at the engine's own file (a canonical engine) or at the
        lesson line (a reprinted engine). A normal check is never affected.

        USAGE: lesson coverage [options] [PATH ...]

        OPTIONS:
          --by-lesson           Also list, for each engine line, the lessons whose scenarios reach it
          --min-lines PERCENT   Exit 1 when an engine's line coverage is below PERCENT (for CI)
          --format FORMAT       text (default) or html (one self-contained page, with the engines' sources
                                and their unreached lines marked)
          --output FILE         With --format html: write the page to FILE
          --engines DIR         Add or replace engines, as for check
          --jobs N              Builds and runs at once (default: the number of cores)
          --timeout SECONDS     Wall-clock limit of one scenario run (default: 10)
          --shard INDEX/COUNT   Measure only the lessons of shard INDEX of COUNT (counted from 1)
          --durations FILE      With --shard: balance the shards by an earlier JSON report of lesson check
          -h, --help            Show this help

        EXIT STATUS:
          0 measured (and above --min-lines); 1 below --min-lines; 2 usage error or no lesson found.
        """

    static let merge = """
        OVERVIEW: Merges the reports of the shards of one run. The JSON reports of lesson check --shard
        (every shard of the run, once) become one report in any format, with the totals of the whole course
        and the exit status the unsharded check would have. The summary.csv files of lesson grade
        --submissions --shard become one summary.csv, every student once, sorted.

        USAGE: lesson merge [--format FORMAT] [--output FILE] REPORT.json ...
               lesson merge [--output FILE] SUMMARY.csv ...

        OPTIONS:
          --format FORMAT       text (default), json, junit, github or html, as for check
          --output FILE         Write the merged report to FILE (stdout without it); the summary goes to
                                stderr. A report that cannot be written exits 2
          --junit-file-attributes
                                With --format junit: add file and line attributes to each test case
          --color WHEN          Colour the text report: auto, always or never (default: auto)
          -h, --help            Show this help

        EXIT STATUS:
          0 every check passed (a merged summary.csv: merged); 1 a check failed; 2 usage error, an
          unreadable or malformed report, a shard missing or given twice, reports of different runs.
        """
}

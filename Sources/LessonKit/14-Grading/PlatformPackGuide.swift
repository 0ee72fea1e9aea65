/// The README of a pack: where it goes on its platform and how the platform runs it, for the instructor.
enum PlatformPackGuide {
    static func text(_ platform: Platform, exercise: String, folder: String, swiftVersion: String) -> String {
        let common = """
            This folder grades exercise `\(exercise)` on \(name(platform)). It was written by `lesson pack \
            \(platform.rawValue)` and holds the lesson (`course/Lessons/`), the course's own engines \
            (`course/Engines/`, where the course has its own), the hidden tests (`course/hidden/`, when there \
            are some), the checker (`bin/`) and `exercise.conf`, which says where each is. Students never see \
            this folder: it holds the hidden tests. Pack the exercise again after changing any of them.

            The checker compiles the student's code with the Swift toolchain on the platform (`swiftc` on \
            `PATH`): Swift \(swiftVersion) was used to pack it.


            """
        return "# Grading `\(exercise)` on \(name(platform))\n\n" + common + steps(platform, exercise: exercise) + "\n"
    }

    static func name(_ platform: Platform) -> String {
        switch platform {
        case .classroom50: "Classroom 50"
        case .gradescope: "Gradescope"
        case .prairielearn: "PrairieLearn"
        case .exercism: "Exercism"
        case .codegrade: "CodeGrade"
        }
    }

    private static func steps(_ platform: Platform, exercise: String) -> String {
        switch platform {
        case .classroom50:
            """
            1. Copy this folder to `<classroom>/autograders/<assignment>/` in the classroom's config repository \
            (the assignment's slug, which need not be `\(exercise)`). Classroom 50 publishes it as the \
            assignment's bundle, at most 10 MiB compressed: set a `secret` in `classroom.json`, so that the \
            bundle's address, which holds the hidden tests, cannot be guessed.
            2. Its runner runs `autograder.py` in the student's checkout on `ubuntu-latest`, whose image has the \
            newest Swift. When the packed checker does not run with that Swift (it was built with another), \
            `autograder.py` builds one from `checker-source/` first, on every run: pack with the runner's Swift.
            3. The checker grades the exercise's file in the repository's top folder, writes `result.json` (with \
            the submission's identity from the runner's environment) and `release-body.md`, the submission's \
            Release description, in the student's language.
            """
        case .gradescope:
            """
            1. Zip the contents of this folder (`cd` into it, then `zip -r ../autograder.zip .`): `setup.sh` and \
            `run_autograder` must be at the zip's top.
            2. Upload it as the assignment's autograder (Ubuntu 22.04 base image). `setup.sh` installs the Swift \
            toolchain once, when Gradescope builds the image.
            3. Students hand in the exercise's file. Hidden tests are `after_published`: each shows once you \
            publish the grades, and every student sees their total at once.
            """
        case .prairielearn:
            """
            1. Copy this folder into the course's `serverFilesCourse/` (its name is in \
            `externalGradingOptions.json`).
            2. Put the contents of `externalGradingOptions.json` in the question's `info.json` as \
            `externalGradingOptions`, with `"gradingMethod": "External"`; the question's `tests/` folder may stay \
            empty.
            3. Students hand in the exercise's file (a `pl-file-upload` or `pl-file-editor` element that names it).
            """
        case .exercism:
            """
            1. This folder is the test runner's repository: `docker build -t <track>-test-runner .` builds its image \
            (the `swift` image of the toolchain's version, and the checker).
            2. Exercism runs `bin/run.sh \(exercise) INPUT_DIR OUTPUT_DIR` with no network: the exercise's slug \
            must be `\(exercise)`.
            """
        case .codegrade:
            """
            1. Upload this folder's contents as the assignment's fixtures.
            2. Add a Unit Test step whose command runs `run.sh` from the fixtures folder \
            (`$FIXTURES/run.sh`): it writes JUnit XML to `$CG_JUNIT_XML_LOCATION`.
            """
        }
    }
}

/* The runtime support of every program the checker builds (06-Building/NativeSupport): unbuffered output,
   the scenario's selection, a listing's segments, and a batch of scenarios run in one process. The checker
   compiles this file with the toolchain's `clang` at run time (its text is embedded in the binary by the
   EmbedEngines plugin); the package compiles it too, as the target LessonRuntimeSupport, so that every build
   checks it, against its declarations in include/lesson_support.h. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#include <sys/syscall.h>
#endif

/* The libraries the C library's Swift module links (its module map's `link` lines), listed in this
   object as a Swift object lists what it links, so that every program that links it links them.
   `Double.rounded()` at -Onone calls libm's `round`, which `ld.lld` finds nowhere else. */
#if defined(__ELF__) && defined(__GLIBC__)
__asm__(".section .swift1_autolink_entries,\"e\"\n"
        ".asciz \"-lm\"\n.asciz \"-lpthread\"\n.asciz \"-lutil\"\n.asciz \"-ldl\"\n"
        ".previous\n");
#endif

#ifdef SWIFT_PACKAGE
#include "lesson_support.h"
#endif

#define LESSON_SWIFT __attribute__((swiftcall))

#ifdef __linux__
/* Landlock (Linux 5.13) as the containment launcher declares it: a system's headers may predate it. */
#include "../CContainment/contain_linux_abi.h"
/* Removing and making files, folders, links, FIFOs, sockets and devices; renaming across folders. */
#define LESSON_FOLDER_WRITES (0x1FF0ULL | CONTAIN_FS_REFER)

/* Lets the program write beneath `path` (only write to it, when it is a file such as /dev/null). */
static void lesson_allow(int ruleset, const char *path, uint64_t rights) {
    if (path != NULL && *path != 0) (void)contain_allow_beneath(ruleset, path, rights);
}

/* The folder of the file `path` names (`LLVM_PROFILE_FILE`), in `folder`; NULL without one. */
static const char *lesson_folder_of(const char *path, char *folder, size_t size) {
    const char *slash = path ? strrchr(path, '/') : NULL;
    if (slash == NULL || slash == path || (size_t)(slash - path) >= size) return NULL;
    memcpy(folder, path, (size_t)(slash - path));
    folder[slash - path] = 0;
    return folder;
}

/* A lesson's program writes only in its own folders: where it runs (its HOME and TMPDIR), its
   batch's folder (until each scenario's child restricts itself to its own) and a coverage run's
   profile folder, and /dev/null. Everything else it may read,
   not change: another lesson, the result cache, the course's files. Without Landlock the program
   runs unrestricted (docs/grading.md). Nothing of the lesson's code has run yet. */
static void lesson_restrict_writes(void) {
    long abi = syscall(SYS_landlock_create_ruleset, NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);
    if (abi < 1) return;
    uint64_t folderWrites = LESSON_FOLDER_WRITES & (abi >= 2 ? ~0ULL : ~CONTAIN_FS_REFER);
    uint64_t handled = CONTAIN_FS_WRITE_FILE | folderWrites | (abi >= 3 ? CONTAIN_FS_TRUNCATE : 0);
    /* Where the kernel knows signal scopes, the program cannot signal its checker (or any process it
       did not start): `kill(getppid(), SIGTERM)` ended the check. An older kernel reads the first
       field alone. */
    struct contain_ruleset_attr attributes = {handled, 0, abi >= 6 ? CONTAIN_SCOPE_SIGNAL : 0};
    size_t size = abi >= 6 ? sizeof attributes : sizeof attributes.handled_access_fs;
    int ruleset = (int)syscall(SYS_landlock_create_ruleset, &attributes, size, 0);
    if (ruleset < 0) return;
    char here[4096], profiles[4096];
    lesson_allow(ruleset, getcwd(here, sizeof here), handled);
    lesson_allow(ruleset, getenv("HOME"), handled);
    lesson_allow(ruleset, getenv("TMPDIR"), handled);
    lesson_allow(ruleset, getenv("LESSON_BATCH"), handled);
    lesson_allow(ruleset, lesson_folder_of(getenv("LLVM_PROFILE_FILE"), profiles, sizeof profiles), handled);
    lesson_allow(ruleset, "/dev/null", handled);
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0) syscall(SYS_landlock_restrict_self, ruleset, 0);
    close(ruleset);
}
#endif

/* What `main.swift` does first: stdout unbuffered, so that what a program prints before a trap is
   not lost in the stdio buffer, and writes kept to the program's own folders. */
LESSON_SWIFT void _lessonStartProgram(void) {
    setvbuf(stdout, NULL, _IONBF, 0);
#ifdef __linux__
    lesson_restrict_writes();
#endif
}

/* What Swift's `Int(text)` accepts: a sign, then decimal digits only, within Int's range. */
static int lesson_integer(const char *text, intptr_t *value) {
    int negative = *text == '-';
    if (*text == '-' || *text == '+') text++;
    if (*text == 0) return 0;
    intptr_t result = 0;
    for (; *text; text++) {
        if (*text < '0' || *text > '9') return 0;
        intptr_t digit = *text - '0';
        if (__builtin_mul_overflow(result, 10, &result)) return 0;
        if (negative ? __builtin_sub_overflow(result, digit, &result)
                     : __builtin_add_overflow(result, digit, &result)) return 0;
    }
    *value = result;
    return 1;
}

/* The scenario a merged program runs: `LESSON_SCENARIO` in its environment, -1 without one. The
   variable is removed before the scenario runs, whose environment is then a program's built alone. */
LESSON_SWIFT intptr_t _lessonSelectedScenario(void) {
    const char *text = getenv("LESSON_SCENARIO");
    intptr_t selected;
    int found = text && lesson_integer(text, &selected);
    unsetenv("LESSON_SCENARIO");
    return found ? selected : -1;
}

LESSON_SWIFT __attribute__((noreturn)) void _lessonUnknownScenario(void) {
    fputs("no scenario selected: set LESSON_SCENARIO\n", stderr);
    exit(64);
}

LESSON_SWIFT __attribute__((noreturn)) void _lessonExit(int32_t status) {
    exit(status);
}

/* Standard output while a listing's context runs: what the earlier listings print is discarded. */
static int lesson_saved_output = -1;

LESSON_SWIFT void _lessonSilenceStandardOutput(void) {
    lesson_saved_output = dup(1);
    int discard = open("/dev/null", O_WRONLY);
    if (discard >= 0) {
        dup2(discard, 1);
        close(discard);
    }
}

LESSON_SWIFT void _lessonRestoreStandardOutput(void) {
    if (lesson_saved_output < 0) return;
    dup2(lesson_saved_output, 1);
    close(lesson_saved_output);
    lesson_saved_output = -1;
}

/* Where the output of a listing checked within this run begins (see `SharedRuns.swift`). */
LESSON_SWIFT void _lessonBeginSegment(intptr_t segment) {
    _lessonRestoreStandardOutput();
    fprintf(stdout, "\001begin %" PRIdPTR "\001", segment);
}

/* Where it ends, on both streams; its output is discarded again until the next begins. */
LESSON_SWIFT void _lessonEndSegment(intptr_t segment) {
    fprintf(stdout, "\001end %" PRIdPTR "\001", segment);
    fprintf(stderr, "\001end %" PRIdPTR "\001", segment);
    _lessonSilenceStandardOutput();
}

static double lesson_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

static double lesson_number(const char *name, double fallback) {
    const char *text = getenv(name);
    if (text == NULL || *text == 0) return fallback;
    char *end;
    double value = strtod(text, &end);
    return *end == 0 ? value : fallback;
}

/* A scenario's output file, made empty; exits the batch when it cannot be. */
static int lesson_output_file(const char *home, const char *suffix) {
    char path[4200];
    snprintf(path, sizeof path, "%s.%s", home, suffix);
    int file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (file < 0) exit(70);
    return file;
}

/* One output stream of a scenario's child: the pipe it writes, and the file it is copied into. */
struct lesson_stream { int pipe, file; };

/* Copies what the pipes hold into their files, waiting at most `milliseconds`; adds what it copied
   to `*copied` (and stops copying past `limit`). Returns how many pipes are still open. */
static int lesson_copy(struct lesson_stream *streams, long long *copied, long long limit,
                       int milliseconds) {
    struct pollfd ready[2];
    int open = 0;
    for (int index = 0; index < 2; index++) {
        ready[index] = (struct pollfd){streams[index].pipe, POLLIN, 0};
        open += streams[index].pipe >= 0;
    }
    if (open == 0 || poll(ready, 2, milliseconds) <= 0) return open;
    char buffer[65536];
    for (int index = 0; index < 2; index++) {
        if (streams[index].pipe < 0 || ready[index].revents == 0) continue;
        ssize_t count = read(streams[index].pipe, buffer, sizeof buffer);
        if (count <= 0) {
            close(streams[index].pipe);
            streams[index].pipe = -1;
            continue;
        }
        if (*copied <= limit) {
            ssize_t kept = count;
            if (*copied + kept > limit + 1) kept = (ssize_t)(limit + 1 - *copied);
            if (write(streams[index].file, buffer, (size_t)kept) != kept) exit(70);
        }
        *copied += count;
    }
    return open;
}

/* In a scenario's child: its own process group, folder, output pipes and environment, as a run alone's. */
static void lesson_enter_scenario(const char *home, int out, int err) {
    setpgid(0, 0);
    signal(SIGPIPE, SIG_DFL);
    mkdir(home, 0700);
    if (chdir(home) != 0 || dup2(out, 1) != 1 || dup2(err, 2) != 2) exit(70);
    struct rlimit core = {0, 0};
    setrlimit(RLIMIT_CORE, &core);
    unsetenv("LESSON_BATCH");
    unsetenv("LESSON_BATCH_SCENARIOS");
    unsetenv("LESSON_BATCH_TIMEOUT");
    unsetenv("LESSON_BATCH_OUTPUT_LIMIT");
    setenv("HOME", home, 1);
    setenv("TMPDIR", home, 1);
#ifdef __linux__
    /* Restricted again, to its own folder: the batch's parent may write the whole batch,
       where another scenario's folder and output are. */
    lesson_restrict_writes();
#endif
}

/* Copies a scenario's child's output into its files until it ends, killing it (with its group) at the
   time or output limit; returns its wait status, -1 when killed at the time limit, -2 at the output limit. */
static int lesson_supervise(pid_t child, int out, int err, const char *home, double start, double timeout,
                            long long limit) {
    struct lesson_stream streams[2] = {
        {out, lesson_output_file(home, "out")}, {err, lesson_output_file(home, "err")}};
    long long copied = 0;
    int status = 0, ended = 0;
    while (!ended) {
        lesson_copy(streams, &copied, limit, 1);
        ended = waitpid(child, &status, WNOHANG) == child;
        int stop = ended ? 0 : lesson_seconds() - start > timeout ? -1 : copied > limit ? -2 : 0;
        if (stop != 0) {
            kill(-child, SIGKILL);
            kill(child, SIGKILL);
            waitpid(child, &status, 0);
            status = stop;
            ended = 1;
        }
    }
    /* What is still in the pipes, briefly: a descendant that outlived it is not waited for. */
    kill(-child, SIGKILL);
    double drained = lesson_seconds();
    while (lesson_copy(streams, &copied, limit, 5) > 0 && lesson_seconds() - drained < 0.05) {}
    if (status == 0 && copied > limit) status = -2;
    for (int index = 0; index < 2; index++) {
        if (streams[index].pipe >= 0) close(streams[index].pipe);
        close(streams[index].file);
    }
    return status;
}

/* Runs each scenario `LESSON_BATCH_SCENARIOS` lists (`0,3,4`) in a child forked before any scenario
   code ran, one at a time, as if started alone: in an empty folder `LESSON_BATCH/N` that is its HOME
   and TMPDIR, in a process group of its own, with the environment of a run alone. What it writes
   to stdout and stderr goes through pipes, copied into `N.out` and `N.err` beside its folder at
   most `LESSON_BATCH_OUTPUT_LIMIT` bytes in all (a file size limit would cut the files the scenario
   writes as well, which a run alone writes whole). It is killed, with its group, after
   `LESSON_BATCH_TIMEOUT` seconds or once it wrote past the limit; when it ends, its group goes
   too, and what it left holding the pipes is cut off, as a run alone's is. Writes a line
   `N STATUS SECONDS` a scenario (STATUS: the wait status, -1 when killed at the time limit, -2 at
   the output limit) to `LESSON_BATCH/status`, then exits; the child returns N. */
static intptr_t lesson_run_batch(const char *batch) {
    double timeout = lesson_number("LESSON_BATCH_TIMEOUT", 10);
    long long limit = (long long)lesson_number("LESSON_BATCH_OUTPUT_LIMIT", 1048576);
    const char *listed = getenv("LESSON_BATCH_SCENARIOS");
    /* Copies: the environment they come from changes in each child. */
    char *folder = strdup(batch), *list = strdup(listed ? listed : "");
    size_t capacity = 64 * (strlen(list) + 1), used = 0;
    char *report = malloc(capacity), *rest = list, *item;
    if (folder == NULL || list == NULL || report == NULL) exit(70);
    signal(SIGPIPE, SIG_IGN);
    while ((item = strsep(&rest, ",")) != NULL) {
        intptr_t selection;
        if (!lesson_integer(item, &selection)) continue;
        double start = lesson_seconds();
        char home[4096];
        snprintf(home, sizeof home, "%s/%" PRIdPTR, folder, selection);
        int out[2], err[2];
        if (pipe2(out, O_CLOEXEC) != 0 || pipe2(err, O_CLOEXEC) != 0) exit(70);
        pid_t child = fork();
        if (child == 0) {
            lesson_enter_scenario(home, out[1], err[1]);
            return selection;
        }
        close(out[1]);
        close(err[1]);
        if (child < 0) break;
        int status = lesson_supervise(child, out[0], err[0], home, start, timeout, limit);
        used += snprintf(report + used, capacity - used, "%" PRIdPTR " %d %.9f\n", selection, status,
                         lesson_seconds() - start);
    }
    char path[4200];
    snprintf(path, sizeof path, "%s/status", folder);
    int file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (file < 0 || write(file, report, used) != (ssize_t)used) exit(70);
    close(file);
    exit(0);
}

/* The scenario a merged program runs (`_lessonSelectedScenario`). With `LESSON_BATCH`, the process
   runs a batch of scenarios instead (`lesson_run_batch`), and only its children return. */
LESSON_SWIFT intptr_t _lessonBatchSelectedScenario(void) {
    const char *batch = getenv("LESSON_BATCH");
    return batch ? lesson_run_batch(batch) : _lessonSelectedScenario();
}

/* A module batch's programs (08-Executing/ModuleBatch): each one's top-level code is the function
   `_lessonProgram<N>` its compile named (`-entry-point-function-name`), a C `main` of its own. A batch holds
   at most LESSON_LINKED_PROGRAMS (`Executor.maximumChunk`). The references are weak: every other program
   links without them. */
#define LESSON_LINKED_PROGRAMS 128
#define LESSON_DECLARE(n) extern int _lessonProgram##n(int, char **) __attribute__((weak));
#define LESSON_ENTRY(n) _lessonProgram##n,
#define LESSON_TEN(each, tens) \
    each(tens##0) each(tens##1) each(tens##2) each(tens##3) each(tens##4) \
    each(tens##5) each(tens##6) each(tens##7) each(tens##8) each(tens##9)
#define LESSON_ALL(each) \
    each(0) each(1) each(2) each(3) each(4) each(5) each(6) each(7) each(8) each(9) \
    LESSON_TEN(each, 1) LESSON_TEN(each, 2) LESSON_TEN(each, 3) LESSON_TEN(each, 4) LESSON_TEN(each, 5) \
    LESSON_TEN(each, 6) LESSON_TEN(each, 7) LESSON_TEN(each, 8) LESSON_TEN(each, 9) LESSON_TEN(each, 10) \
    LESSON_TEN(each, 11) each(120) each(121) each(122) each(123) each(124) each(125) each(126) each(127)

LESSON_ALL(LESSON_DECLARE)

static int (*const lesson_linked_programs[LESSON_LINKED_PROGRAMS])(int, char **) = {LESSON_ALL(LESSON_ENTRY)};

/* A module batch's `main`: runs the program `LESSON_SCENARIO` selects, and exits with its status. Weak: the
   `main` of a Swift `main.swift` is every other program's. */
__attribute__((weak)) int main(int argc, char **argv) {
    intptr_t index = _lessonSelectedScenario();
    if (index < 0 || index >= LESSON_LINKED_PROGRAMS || lesson_linked_programs[index] == NULL) {
        _lessonUnknownScenario();
    }
    _lessonExit(lesson_linked_programs[index](argc, argv));
}

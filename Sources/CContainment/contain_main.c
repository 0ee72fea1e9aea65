#ifdef __linux__
#define _GNU_SOURCE
#endif

#include "CContainment.h"

#ifdef __linux__

#include "contain_internal.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int contain_execute(const struct contain_options *options) {
    if (options->working_directory != NULL && chdir(options->working_directory) != 0)
        return contain_fail("change to the working folder");
    execvp(options->program[0], options->program);
    return contain_fail("execute the program");
}

int lesson_contain_main(int argc, char **argv) {
    struct contain_options options;
    pid_t parent_at_start = getppid();
    if (contain_parse(argc, argv, &options) != 0) return CONTAIN_SETUP_FAILURE;
    if (options.probe) return contain_probe();
    if (contain_new_session() != 0) return CONTAIN_SETUP_FAILURE;
    // Without a reaper, nothing reports the end: the status descriptor is not kept.
    if (contain_close_inherited_descriptors(options.reap ? options.status_fd : -1) != 0)
        return CONTAIN_SETUP_FAILURE;
    if (options.namespaces) {
        // The process outside the namespaces dies with the grader; the namespace's first process dies with
        // it (and the kernel then ends every process of the namespace).
        if (options.pdeathsig && contain_watch_parent(parent_at_start, SIGKILL) != 0) return CONTAIN_SETUP_FAILURE;
        options.pdeathsig = 0;
        if (contain_enter_namespaces(&options) != 0) return CONTAIN_SETUP_FAILURE;
    }
    if (contain_set_limits(&options) != 0) return CONTAIN_SETUP_FAILURE;
    if (contain_change_credentials(&options) != 0) return CONTAIN_SETUP_FAILURE;
    // A reaper is told with SIGTERM, which it catches to end everything below it; anything else dies at once.
    if (options.pdeathsig && contain_watch_parent(parent_at_start, options.reap ? SIGTERM : SIGKILL) != 0)
        return CONTAIN_SETUP_FAILURE;
    if (!options.reap && contain_accounting_enabled(&options.accounting)) {
        fprintf(stderr, "lesson sandbox: cannot read the command line: --tree-memory, --tree-cpu and --cpu-share need --reap\n");
        return CONTAIN_SETUP_FAILURE;
    }
    if (options.reap && contain_become_reaper(options.status_fd, &options.accounting) != 0)
        return CONTAIN_SETUP_FAILURE;
    if (contain_forbid_new_privileges() != 0) return CONTAIN_SETUP_FAILURE;
    if (options.landlock && contain_apply_landlock(&options) != 0) return CONTAIN_SETUP_FAILURE;
    if (options.seccomp && contain_apply_seccomp() != 0) return CONTAIN_SETUP_FAILURE;
    contain_execute(&options);
    return CONTAIN_SETUP_FAILURE;
}

#else

#include <stdio.h>

int lesson_contain_main(int argc, char **argv) {
    (void)argc;
    (void)argv;
    fprintf(stderr, "lesson sandbox: cannot contain: containment is Linux-only\n");
    return 125;
}

#endif

#ifdef __linux__

#define _GNU_SOURCE

#include "contain_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int usage_error(const char *reason, const char *argument) {
    fprintf(stderr, "lesson sandbox: cannot read the command line: %s%s\n", reason, argument);
    return -1;
}

/// A decimal number without sign, spaces or suffix; anything else is refused.
static int parse_number(const char *text, unsigned long long maximum, unsigned long long *value) {
    char *end = NULL;
    if (text == NULL || text[0] < '0' || text[0] > '9') return -1;
    errno = 0;
    unsigned long long number = strtoull(text, &end, 10);
    if (errno != 0 || *end != '\0' || number > maximum) return -1;
    *value = number;
    return 0;
}

static int parse_limit(const char *text, struct contain_limit *limit) {
    unsigned long long value;
    if (parse_number(text, RLIM_INFINITY - 2, &value) != 0) return -1;
    limit->is_set = 1;
    limit->value = (rlim_t)value;
    return 0;
}

static struct contain_limit *limit_named(struct contain_options *options, const char *name) {
    if (strcmp(name, "--as") == 0) return &options->address_space;
    if (strcmp(name, "--cpu") == 0) return &options->cpu_seconds;
    if (strcmp(name, "--nproc") == 0) return &options->processes;
    if (strcmp(name, "--fsize") == 0) return &options->file_size;
    if (strcmp(name, "--core") == 0) return &options->core_size;
    if (strcmp(name, "--nofile") == 0) return &options->open_files;
    return NULL;
}

/// How many values a file-system step of --namespaces takes, or 0 when `name` is none.
static int step_arity(const char *name, enum contain_mount_kind *kind) {
    if (strcmp(name, "--ns-tmpfs") == 0) return *kind = CONTAIN_TMPFS, 3;
    if (strcmp(name, "--ns-bind") == 0) return *kind = CONTAIN_BIND, 2;
    if (strcmp(name, "--ns-mkdir") == 0) return *kind = CONTAIN_MKDIR, 1;
    if (strcmp(name, "--ns-copy") == 0) return *kind = CONTAIN_COPY, 2;
    if (strcmp(name, "--ns-move") == 0) return *kind = CONTAIN_MOVE, 2;
    return 0;
}

/// Reads the step at `argv[index]` with its values; returns how many arguments it took, or -1.
static int parse_step(struct contain_options *options, int argc, char **argv, int index) {
    enum contain_mount_kind kind;
    int arity = step_arity(argv[index], &kind);
    if (index + arity >= argc) return usage_error("missing value after ", argv[index]);
    struct contain_mount_step *step = &options->steps[options->step_count++];
    memset(step, 0, sizeof *step);
    step->kind = kind;
    char **values = argv + index + 1;
    if (kind == CONTAIN_TMPFS) step->name = values[0], step->options = values[1], step->target = values[2];
    else if (kind == CONTAIN_MKDIR) step->target = values[0];
    else step->source = values[0], step->target = values[1];
    return arity + 1;
}

static int *flag_named(struct contain_options *options, const char *name) {
    if (strcmp(name, "--landlock") == 0) return &options->landlock;
    if (strcmp(name, "--seccomp") == 0) return &options->seccomp;
    if (strcmp(name, "--pdeathsig") == 0) return &options->pdeathsig;
    if (strcmp(name, "--reap") == 0) return &options->reap;
    if (strcmp(name, "--namespaces") == 0) return &options->namespaces;
    return NULL;
}

/// An option that takes a value; `value` is the next argument (NULL when there is none).
static int parse_valued(struct contain_options *options, const char *name, const char *value) {
    unsigned long long id;
    struct contain_limit *limit = limit_named(options, name);
    if (value == NULL) return usage_error("missing value after ", name);
    if (limit != NULL) return parse_limit(value, limit) == 0 ? 0 : usage_error("not a number: ", value);
    if (strcmp(name, "--uid") == 0 || strcmp(name, "--gid") == 0) {
        if (parse_number(value, 0xFFFFFFFEull, &id) != 0) return usage_error("not an ID: ", value);
        if (name[2] == 'u') options->has_uid = 1, options->uid = (uid_t)id;
        else options->has_gid = 1, options->gid = (gid_t)id;
        return 0;
    }
    if (strcmp(name, "--read") == 0) return options->read_paths[options->read_count++] = value, 0;
    if (strcmp(name, "--write") == 0) return options->write_paths[options->write_count++] = value, 0;
    if (strcmp(name, "--chdir") == 0) return options->working_directory = value, 0;
    if (strcmp(name, "--ns-owner") == 0) {
        if (parse_number(value, 0xFFFFFFFEull, &id) != 0) return usage_error("not an ID: ", value);
        return options->owner = (uid_t)id, 0;
    }
    if (strcmp(name, "--tree-memory") == 0 || strcmp(name, "--tree-cpu") == 0) {
        if (parse_number(value, 1ull << 50, &id) != 0 || id == 0) return usage_error("not a positive number: ", value);
        if (name[7] == 'm') options->accounting.memory_bytes = id;
        else options->accounting.cpu_seconds = id;
        return 0;
    }
    if (strcmp(name, "--cpu-share") == 0) {
        if (parse_number(value, 100000, &id) != 0 || id == 0) return usage_error("not a percentage above 0: ", value);
        return options->accounting.share_percent = (unsigned)id, 0;
    }
    if (strcmp(name, "--status-fd") == 0) {
        if (parse_number(value, 1024, &id) != 0 || id < 3) return usage_error("not a descriptor above 2: ", value);
        return options->status_fd = (int)id, 0;
    }
    return usage_error("unknown option ", name);
}

int contain_parse(int argc, char **argv, struct contain_options *options) {
    memset(options, 0, sizeof *options);
    options->status_fd = -1;
    options->read_paths = calloc((size_t)argc + 1, sizeof(char *));
    options->write_paths = calloc((size_t)argc + 1, sizeof(char *));
    options->steps = calloc((size_t)argc + 1, sizeof(struct contain_mount_step));
    if (options->read_paths == NULL || options->write_paths == NULL || options->steps == NULL)
        return contain_fail("read the command line");
    if (argc == 2 && strcmp(argv[1], "--probe") == 0) return options->probe = 1, 0;
    int index = 1;
    for (; index < argc && strcmp(argv[index], "--") != 0; index++) {
        enum contain_mount_kind kind;
        if (step_arity(argv[index], &kind) > 0) {
            int taken = parse_step(options, argc, argv, index);
            if (taken < 0) return -1;
            index += taken - 1;
            continue;
        }
        int *flag = flag_named(options, argv[index]);
        if (flag != NULL) {
            *flag = 1;
            continue;
        }
        if (parse_valued(options, argv[index], index + 1 < argc ? argv[index + 1] : NULL) != 0) return -1;
        index++;
    }
    if (index + 1 >= argc) return usage_error("no program after ", "--");
    options->program = argv + index + 1;
    if (options->has_uid && !options->has_gid) options->gid = (gid_t)options->uid;
    if (options->step_count > 0 && !options->namespaces) return usage_error("--ns-* steps need ", "--namespaces");
    return 0;
}

#endif

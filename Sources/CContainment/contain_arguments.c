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
    return NULL;
}

static int *flag_named(struct contain_options *options, const char *name) {
    if (strcmp(name, "--landlock") == 0) return &options->landlock;
    if (strcmp(name, "--seccomp") == 0) return &options->seccomp;
    if (strcmp(name, "--pdeathsig") == 0) return &options->pdeathsig;
    if (strcmp(name, "--reap") == 0) return &options->reap;
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
    if (options->read_paths == NULL || options->write_paths == NULL) return contain_fail("read the command line");
    if (argc == 2 && strcmp(argv[1], "--probe") == 0) return options->probe = 1, 0;
    int index = 1;
    for (; index < argc && strcmp(argv[index], "--") != 0; index++) {
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
    return 0;
}

#endif

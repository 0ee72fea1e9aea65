#ifdef __linux__
#define _GNU_SOURCE
#endif

#include "CContainment.h"

#ifdef __linux__

#include "contain_internal.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

// Every step reports its failure here, the one line the launcher writes before it exits: a file of its own,
// so that no step depends on the entry point (contain_main.c).
int contain_fail(const char *step) {
    fprintf(stderr, "lesson sandbox: cannot %s: %s\n", step, strerror(errno));
    return -1;
}

#endif

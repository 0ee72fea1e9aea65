// The containment launcher on its own: `lesson __contain …` without the Swift runtime and Foundation,
// which cost `lesson` about 16 ms of dynamic loading each time it starts. `lesson` runs this executable
// when it lies beside it, and its own `__contain` otherwise.
#include <string.h>

#include "CContainment.h"

int main(int argc, char **argv) {
    // The same command line as `lesson __contain …`.
    if (argc > 1 && strcmp(argv[1], "__contain") == 0) return lesson_contain_main(argc - 1, argv + 1);
    return lesson_contain_main(argc, argv);
}

/* clock_gettime is POSIX, hidden by -std=c11 without this. */
#define _POSIX_C_SOURCE 200809L

#include "harness.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *program = "test";
static const char *current = "";
static char case_text[512];
static int current_failed, tests_run, tests_failed;
static uint64_t seed = 0x5EED0C0FFEEull;

void harness_init(int argc, char **argv) {
    (void)argc;
    const char *slash = strrchr(argv[0], '/');
    program = slash ? slash + 1 : argv[0];
    const char *env = getenv("CDIFF_TEST_SEED");
    if (env && *env) seed = strtoull(env, NULL, 0);
}

uint64_t harness_seed(void) { return seed; }

void harness_case(const char *format, ...) {
    va_list args;
    va_start(args, format);
    vsnprintf(case_text, sizeof case_text, format, args);
    va_end(args);
}

void harness_fail(const char *file, int line, const char *format, ...) {
    va_list args;
    fprintf(stderr, "FAIL %s: %s:%d: ", current, file, line);
    va_start(args, format);
    vfprintf(stderr, format, args);
    va_end(args);
    fputc('\n', stderr);
    if (case_text[0]) fprintf(stderr, "  case: %s\n", case_text);
    fprintf(stderr, "  suite seed: 0x%" PRIx64 " (rerun with CDIFF_TEST_SEED=0x%" PRIx64 ")\n", seed, seed);
    current_failed = 1;
}

int harness_failed(void) { return current_failed; }

void harness_run(const char *name, void (*test)(void)) {
    struct timespec start, end;
    current = name;
    current_failed = 0;
    case_text[0] = 0;
    clock_gettime(CLOCK_MONOTONIC, &start);
    test();
    clock_gettime(CLOCK_MONOTONIC, &end);
    double ms = (double)(end.tv_sec - start.tv_sec) * 1e3 + (double)(end.tv_nsec - start.tv_nsec) / 1e6;
    tests_run++;
    if (current_failed) tests_failed++;
    printf("%s %-64s %8.1f ms\n", current_failed ? "FAIL" : "ok  ", name, ms);
    fflush(stdout);
}

int harness_finish(void) {
    printf("%s: %d tests, %d failed\n", program, tests_run, tests_failed);
    return tests_failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

/* A tiny test harness: named tests, assertions that report file:line and the current random
 * case, a seed that can be overridden (CDIFF_TEST_SEED=...) and is printed on failure. */
#ifndef CDIFF_HARNESS_H
#define CDIFF_HARNESS_H

#include <stdint.h>
#include <stdio.h>

void harness_init(int argc, char **argv);
/* Runs one test; a test returns at its first failed REQUIRE. */
void harness_run(const char *name, void (*test)(void));
/* Prints the summary; the process exit status (0 only if every test passed). */
int harness_finish(void);

/* The suite's base seed (fixed unless CDIFF_TEST_SEED is set). */
uint64_t harness_seed(void);
/* Describes the case being run (seed, case number); printed with a failure. Cleared per test. */
void harness_case(const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
void harness_fail(const char *file, int line, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* Whether the running test has failed (for loops that should stop at the first bad case). */
int harness_failed(void);

#define RUN_TEST(test) harness_run(#test, test)

#define EXPECT(cond)                                                   \
    do {                                                               \
        if (!(cond)) harness_fail(__FILE__, __LINE__, "%s", #cond);    \
    } while (0)

#define REQUIRE(cond)                                                  \
    do {                                                               \
        if (!(cond)) {                                                 \
            harness_fail(__FILE__, __LINE__, "%s", #cond);             \
            return;                                                    \
        }                                                              \
    } while (0)

#define REQUIRE_EQ(a, b)                                                                                        \
    do {                                                                                                        \
        unsigned long long a_ = (unsigned long long)(a), b_ = (unsigned long long)(b);                          \
        if (a_ != b_) {                                                                                         \
            harness_fail(__FILE__, __LINE__, "%s == %s (%llu vs %llu)", #a, #b, a_, b_);                        \
            return;                                                                                             \
        }                                                                                                       \
    } while (0)

#define REQUIRE_STATUS(expr, want)                                                                              \
    do {                                                                                                        \
        int got_ = (int)(expr);                                                                                 \
        if (got_ != (int)(want)) {                                                                              \
            harness_fail(__FILE__, __LINE__, "%s returned %s, expected %s", #expr, cdiff_status_name(got_),     \
                         cdiff_status_name((int)(want)));                                                       \
            return;                                                                                             \
        }                                                                                                       \
    } while (0)

/* For oracle calls: NULL means fine, otherwise the message is the failure. */
#define REQUIRE_CHECK(expr)                                                                                     \
    do {                                                                                                        \
        const char *message_ = (expr);                                                                          \
        if (message_) {                                                                                         \
            harness_fail(__FILE__, __LINE__, "%s", message_);                                                   \
            return;                                                                                             \
        }                                                                                                       \
    } while (0)

#endif /* CDIFF_HARNESS_H */

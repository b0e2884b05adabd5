#!/bin/sh
# Runs each test binary (or "make:TARGET") in turn, even after a failure, then prints one
# summary line per suite and exits non-zero if any failed. Output of each suite is kept in
# build/test/logs/ and shown in full for the failures.
logs=build/test/logs
mkdir -p "$logs"
passed=0
failed=0
summary=""
for suite in "$@"; do
    name=$(basename "$suite" | sed 's/^make://')
    case "$suite" in
    */test-ownhash/*) name="$name (own hash)" ;;
    */test-tsan/*) name="$name (TSan)" ;;
    esac
    log="$logs/$(echo "$name" | tr ' ()' '___').log"
    start=$(date +%s)
    case "$suite" in
    make:*) ${MAKE:-make} --no-print-directory "${suite#make:}" >"$log" 2>&1 ;;
    *) "$suite" >"$log" 2>&1 ;;
    esac
    status=$?
    seconds=$(($(date +%s) - start))
    if [ $status -eq 0 ]; then
        passed=$((passed + 1))
        line=$(printf 'PASS  %-36s %4ss  %s' "$name" "$seconds" "$(tail -n 1 "$log")")
    else
        failed=$((failed + 1))
        echo "==== $name failed (exit $status); its output:"
        grep -v '^ok  ' "$log" | tail -n 60
        line=$(printf 'FAIL  %-36s %4ss  exit %s, log %s' "$name" "$seconds" "$status" "$log")
    fi
    summary="$summary$line
"
done
echo "==== CDiffCore test summary"
printf '%s' "$summary"
echo "==== $passed suites passed, $failed failed"
[ $failed -eq 0 ]

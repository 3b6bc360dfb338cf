// Package longtest is test support: it keeps the long runs (the kill-and-compare tests that
// SIGKILL a spacd process and compare its store with a clean run's, the 500-SPAC backfill) out
// of the README's test command, `go test ./...`, so that it answers in about a minute. CI runs
// them in a step of their own ("long tests" in .ci/run), which finds them by the call to Skip
// in their body, so a new long test is never forgotten:
//
//	SPAC_LONG_TESTS=1 go test -run '^TestName$' ./pkg
//
// A long test calls Skip first thing, in the test function itself (not in a helper), so that
// .ci/run can find it by its text.
package longtest

import (
	"os"
	"testing"
)

// Env is the environment variable that runs the long tests: SPAC_LONG_TESTS=1.
const Env = "SPAC_LONG_TESTS"

// Enabled reports whether the long tests run: SPAC_LONG_TESTS=1, and not -short.
func Enabled() bool { return os.Getenv(Env) == "1" && !testing.Short() }

// Skip skips the calling test unless SPAC_LONG_TESTS=1 (and always under -short); what says
// what makes it long.
func Skip(t testing.TB, what string) {
	t.Helper()
	if testing.Short() {
		t.Skipf("long test (%s): skipped under -short", what)
	}
	if os.Getenv(Env) != "1" {
		t.Skipf("long test (%s): runs with %s=1, in CI's long-tests step (see .ci/run)", what, Env)
	}
}

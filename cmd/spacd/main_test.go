package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// testTmp is a directory for the whole test binary (removed when it exits): the spacd binary
// that the process tests share lives there.
var testTmp string

func TestMain(m *testing.M) {
	var err error
	if testTmp, err = os.MkdirTemp("", "spacd-test"); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(testTmp)
	os.Exit(code)
}

// spacdBin builds this command once per test binary, when a test first asks for it.
var spacdBin = sync.OnceValues(func() (string, error) {
	bin := filepath.Join(testTmp, "spacd")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	return bin, nil
})

// buildSpacd returns the spacd binary built from this command (once, shared by the tests that
// run it as a process; each runs it on its own data directory).
func buildSpacd(t *testing.T) string {
	t.Helper()
	bin, err := spacdBin()
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

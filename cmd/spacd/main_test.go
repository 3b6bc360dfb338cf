package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
)

// testTmp is a directory for the whole test binary (removed when it exits): the spacd binary
// that the process tests share lives there.
var testTmp string

func TestMain(m *testing.M) {
	// The parallel tests of this package mostly wait (for timeouts, polls, retries, a process),
	// so they run four at a time rather than go test's default of GOMAXPROCS (two on a 2-core
	// machine); an explicit -parallel N wins.
	flag.Parse()
	explicit := false
	flag.Visit(func(f *flag.Flag) { explicit = explicit || f.Name == "test.parallel" })
	if !explicit && runtime.GOMAXPROCS(0) < 4 {
		if err := flag.Set("test.parallel", "4"); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
	var err error
	if testTmp, err = os.MkdirTemp("", "spacd-test"); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	closeSharedWorld()
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

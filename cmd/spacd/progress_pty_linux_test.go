package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// openPTY opens a pseudo-terminal: the terminal side a program writes to and the side that
// reads what it wrote.
func openPTY(t *testing.T) (tty, reader *os.File) {
	t.Helper()
	master, err := os.OpenFile("/dev/ptmx", os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Skip("no pseudo-terminal:", err)
	}
	t.Cleanup(func() { master.Close() })
	fd := int(master.Fd())
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		t.Skip("unlockpt:", err)
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		t.Skip("ptsname:", err)
	}
	tty, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Skip("open the terminal side:", err)
	}
	return tty, master
}

// With --progress auto (the default) ingest draws its bar when stderr is a terminal, and only
// then: the same run with stderr on a file prints lines.
func TestProgressBarOnATerminal(t *testing.T) {
	t.Parallel()
	tty, reader := openPTY(t)
	seen := make(chan string, 1)
	go func() {
		var b bytes.Buffer
		io.Copy(&b, reader) // until the terminal side is closed (EIO)
		seen <- b.String()
	}()
	env := map[string]string{"SPACD_DATA_DIR": t.TempDir(), "SPACD_FIXTURES": "false", "SPACD_LOG_LEVEL": "error"}
	if !isTerminal(tty) {
		t.Fatal("the terminal side of a pseudo-terminal is not taken for a terminal")
	}
	var out bytes.Buffer
	err := run(context.Background(), []string{"spacd", "ingest", filepath.Join("..", "..", "fixtures", "corpus", goodFirst)},
		func(k string) string { return env[k] }, &out, tty)
	tty.Close()
	if err != nil {
		t.Fatal(err)
	}
	got := <-seen
	if !strings.Contains(got, "\033[Kread     [##############################] 1/1 documents (100%)") || !strings.Contains(got, "ingest done in") {
		t.Errorf("no progress bar on the terminal:\n%q", got)
	}
	file, err := os.CreateTemp(t.TempDir(), "stderr")
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	if isTerminal(file) {
		t.Error("a regular file was taken for a terminal")
	}
	if null, err := os.Open(os.DevNull); err == nil {
		defer null.Close()
		if isTerminal(null) {
			t.Error("/dev/null (a character device) was taken for a terminal")
		}
	}
}

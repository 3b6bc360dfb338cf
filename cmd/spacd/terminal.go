package main

import (
	"io"
	"os"
	"sync"

	"golang.org/x/term"
)

// stderrGuard is stderr shared by the logger and a progress bar. A bar stays on its line
// without a newline, so a log record written while it is drawn clears the line first and
// redraws the bar after itself: a record never starts mid-bar.
type stderrGuard struct {
	mu  sync.Mutex
	w   io.Writer
	bar string // the bar on the current line; "" when none is drawn
}

// guardOf returns w itself when it is a guard, else a guard over w.
func guardOf(w io.Writer) *stderrGuard {
	if g, ok := w.(*stderrGuard); ok {
		return g
	}
	return &stderrGuard{w: w}
}

func (g *stderrGuard) Write(p []byte) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.bar == "" {
		return g.w.Write(p)
	}
	if _, err := io.WriteString(g.w, clearLine); err != nil {
		return 0, err
	}
	n, err := g.w.Write(p)
	if err == nil {
		_, err = io.WriteString(g.w, g.bar)
	}
	return n, err
}

// clearLine returns the cursor to the start of the line and clears it.
const clearLine = "\r\033[K"

// draw puts bar on the current line in place of the one drawn before.
func (g *stderrGuard) draw(bar string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	io.WriteString(g.w, clearLine+bar)
	g.bar = bar
}

// endBar leaves the drawn bar on its line and starts a new one.
func (g *stderrGuard) endBar() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.bar != "" {
		io.WriteString(g.w, "\n")
	}
	g.bar = ""
}

// isTerminal asks the terminal driver (a character device such as /dev/null is no terminal).
func isTerminal(w io.Writer) bool {
	if g, ok := w.(*stderrGuard); ok {
		w = g.w
	}
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// Command spacd is the SPAC Data API: it ingests EDGAR filings into citation-anchored facts and
// serves them over HTTP. See docs/commands.md for the commands.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

// main exits 0 on success, 2 on a command line it cannot run (see usageError) and 1 on any
// other failure.
func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args, os.Getenv, os.Stdout, os.Stderr)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "spacd:", err)
	}
	os.Exit(exitCode(err))
}

// Command spacd is the SPAC Data API: it ingests EDGAR filings into citation-anchored facts and
// serves them over HTTP. See the README for the commands.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args, os.Getenv, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "spacd:", err)
		os.Exit(1)
	}
}

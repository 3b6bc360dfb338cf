package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/spacdata/spac/config"
)

// command is one spacd subcommand.
type command struct {
	name    string
	usage   string
	summary string
	run     func(ctx context.Context, env *environment, args []string) error
}

// environment is what every subcommand receives: configuration, output and logger.
type environment struct {
	cfg    config.Config
	stdout io.Writer
	stderr io.Writer
	log    *slog.Logger
	getenv func(string) string
	flags  *pflag.FlagSet
	// now is the service's clock (alert dates, the calendar's today, yields); tests fix it.
	now func() time.Time
}

func commands() []command {
	return []command{
		{"serve", "serve", "run the HTTP API (builds from the embedded fixtures when the data directory is empty)", cmdServe},
		{"ingest", "ingest DIR|FILE...", "ingest full-submission .txt filings into the store and index", cmdIngest},
		{"backfill", "backfill [--since DATE] [--cik CIK]...", "fetch the history of the SPAC universe from EDGAR (resumable; see the README)", cmdBackfill},
		{"rebuild", "rebuild", "drop the search index and rebuild profiles and index from the store", cmdRebuild},
		{"recompute", "recompute", "refold every SPAC and scan for time-based alerts (also nightly in serve)", cmdRecompute},
		{"extract", "extract FILE", "print the facts of one filing as JSON with citations (no store needed)", cmdExtract},
		{"keys", "keys create|list|revoke|rotate|usage", "manage API keys", cmdKeys},
		{"fixtures", "fixtures --out DIR [--spacs N] [--seed S]", "generate a fictional corpus in EDGAR format", cmdFixtures},
		{"export", "export universe|calendar|alerts|news [flags]", "write every row of a list route as CSV or NDJSON, as the API exports it, from the data directory", cmdExport},
		{"errors", "errors", "list documents that were skipped at ingest, with the reason", cmdErrors},
		{"version", "version", "print version and build commit", cmdVersion},
	}
}

// run parses args (args[0] is the program name) and runs the subcommand.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	return runAt(ctx, args, getenv, stdout, stderr, time.Now)
}

// runAt is run with the clock now.
func runAt(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer, now func() time.Time) error {
	if len(args) < 2 || args[1] == "-h" || args[1] == "--help" || args[1] == "help" {
		usage(stdout)
		return nil
	}
	cmd, ok := findCommand(args[1])
	if !ok {
		usage(stderr)
		return fmt.Errorf("unknown command %q", args[1])
	}
	fs := pflag.NewFlagSet("spacd "+cmd.name, pflag.ContinueOnError)
	fs.SetOutput(stderr)
	config.Flags(fs)
	addCommandFlags(cmd.name, fs)
	if err := fs.Parse(args[2:]); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			return nil
		}
		return err
	}
	cfg, err := config.Load(fs, getenv)
	if err != nil {
		return err
	}
	env := &environment{cfg: cfg, stdout: stdout, stderr: stderr, log: newLogger(cfg.Log, stderr), getenv: getenv, flags: fs, now: now}
	return cmd.run(ctx, env, fs.Args())
}

func findCommand(name string) (command, bool) {
	for _, c := range commands() {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: spacd COMMAND [flags]\n\ncommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-45s %s\n", c.usage, c.summary)
	}
	fmt.Fprintln(w, "\ncommon flags: --config FILE --data-dir DIR --addr ADDR --log-level LEVEL (env: SPACD_*)")
}

func newLogger(c config.LogConfig, w io.Writer) *slog.Logger {
	var level slog.Level
	if err := level.UnmarshalText([]byte(c.Level)); err != nil {
		level = slog.LevelInfo
	}
	opts := &slog.HandlerOptions{Level: level}
	if strings.EqualFold(c.Format, "text") {
		return slog.New(slog.NewTextHandler(w, opts))
	}
	return slog.New(slog.NewJSONHandler(w, opts))
}

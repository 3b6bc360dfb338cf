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

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/config"
	"github.com/spacdata/spac/internal/logctx"
)

// environment is what every subcommand receives: configuration, output and logger.
type environment struct {
	cfg    config.Config
	stdout io.Writer
	stderr io.Writer
	log    *slog.Logger
	getenv func(string) string
	flags  *pflag.FlagSet
	json   bool // --json: print data as JSON instead of aligned text
	// now is the service's clock (alert dates, the calendar's today, yields); tests fix it.
	now func() time.Time
}

// usageError is a command line spacd cannot run: no or an unknown command, a bad flag, the
// wrong arguments. main exits 2 on it (1 on any other error).
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usageErrorf(format string, a ...any) error {
	return &usageError{fmt.Sprintf(format, a...)}
}

// exitCode is the process status for the error run returned.
func exitCode(err error) int {
	var ue *usageError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ue):
		return 2
	default:
		return 1
	}
}

// run parses args (args[0] is the program name) and runs the subcommand.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	return runAt(ctx, args, getenv, stdout, stderr, time.Now)
}

// runAt is run with the clock now. `spacd`, `spacd help` and `spacd --help` print the list of
// commands (the first to stderr, as an error); `spacd help CMD` and `spacd CMD --help` print
// the command's own help.
func runAt(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer, now func() time.Time) error {
	if len(args) < 2 {
		usage(stderr)
		return usageErrorf("no command given")
	}
	name := args[1]
	switch name {
	case "-h", "--help", "help":
		if len(args) > 2 {
			return helpFor(args[2], stdout)
		}
		usage(stdout)
		return nil
	}
	cmd, ok := findCommand(name)
	if !ok {
		return usageErrorf("unknown command %q (run 'spacd help' for the list)", name)
	}
	fs, err := cmd.parse(args[2:])
	if errors.Is(err, pflag.ErrHelp) {
		cmd.help(stdout)
		return nil
	}
	if err != nil {
		return err
	}
	cfg, err := config.Load(fs, getenv)
	if err != nil {
		return err
	}
	json := cmd.printsJSON(fs)
	guarded := guardOf(stderr) // the logger and a progress bar share it
	env := &environment{cfg: cfg, stdout: stdout, stderr: guarded, log: newLogger(cfg.Log, guarded),
		getenv: getenv, flags: fs, json: json, now: now}
	return cmd.run(ctx, env, fs.Args())
}

// printsJSON tells whether the command's output is JSON: --json, or a JSON-first command
// without --text.
func (c command) printsJSON(fs *pflag.FlagSet) bool {
	if c.jsonFirst {
		text, _ := fs.GetBool("text")
		return !text
	}
	json, _ := fs.GetBool("json")
	return json
}

// parse reads the command's flags and checks the number of its arguments.
func (c command) parse(args []string) (*pflag.FlagSet, error) {
	fs := c.flagSet()
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			return nil, err
		}
		return nil, usageErrorf("%s: %v (run 'spacd %s --help')", c.name, err, c.name)
	}
	if help, _ := fs.GetBool("help"); help {
		return nil, pflag.ErrHelp
	}
	if n := fs.NArg(); n < c.minArgs || (c.maxArgs >= 0 && n > c.maxArgs) {
		return nil, usageErrorf("usage: spacd %s (run 'spacd %s --help')", c.synopsis(), c.name)
	}
	return fs, nil
}

// flagSet declares the command's own flags, the configuration flags it reads, --json when it
// prints data, and --help.
func (c command) flagSet() *pflag.FlagSet {
	fs := pflag.NewFlagSet("spacd "+c.name, pflag.ContinueOnError)
	fs.SetOutput(io.Discard) // errors are returned, help is printed by command.help
	fs.Usage = func() {}
	fs.SortFlags = false
	if c.flags != nil {
		c.flags(fs)
	}
	switch {
	case c.jsonFirst:
		fs.Bool("text", false, "print aligned text instead of JSON (the default output)")
		fs.Bool("json", true, "print JSON (scripts may pass it)")
	case c.json:
		fs.Bool("json", false, "print the output as JSON instead of aligned text")
	}
	config.FlagsFor(fs, c.config...)
	fs.BoolP("help", "h", false, "show this help")
	return fs
}

func findCommand(name string) (command, bool) {
	for _, c := range commands() {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

// helpFor prints the help of the named command (`spacd help CMD`).
func helpFor(name string, w io.Writer) error {
	cmd, ok := findCommand(name)
	if !ok {
		return usageErrorf("unknown command %q (run 'spacd help' for the list)", name)
	}
	cmd.help(w)
	return nil
}

// newLogger writes slog records to w. Durations are written as strings ("1.5s"): slog's JSON
// handler would otherwise write them as nanoseconds. Records logged with a request's context
// carry its request id and trace (package logctx).
func newLogger(c config.LogConfig, w io.Writer) *slog.Logger {
	var level slog.Level
	if err := level.UnmarshalText([]byte(c.Level)); err != nil {
		level = slog.LevelInfo
	}
	opts := &slog.HandlerOptions{Level: level, ReplaceAttr: durationsAsStrings}
	if strings.EqualFold(c.Format, "text") {
		return logctx.Logger(slog.New(slog.NewTextHandler(w, opts)))
	}
	return logctx.Logger(slog.New(slog.NewJSONHandler(w, opts)))
}

func durationsAsStrings(_ []string, a slog.Attr) slog.Attr {
	if a.Value.Kind() == slog.KindDuration {
		return slog.String(a.Key, spac.Duration(a.Value.Duration()).String())
	}
	return a
}

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/spacdata/spac/config"
)

// runCLI runs spacd in-process on dataDir (fixtures off) and returns stdout, stderr and the
// exit status main would use.
func runCLI(t *testing.T, dataDir string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	env := map[string]string{"SPACD_DATA_DIR": dataDir, "SPACD_FIXTURES": "false", "SPACD_LOG_LEVEL": "error"}
	var out, errOut bytes.Buffer
	err := run(context.Background(), append([]string{"spacd"}, args...), func(k string) string { return env[k] }, &out, &errOut)
	if err != nil {
		errOut.WriteString("spacd: " + err.Error() + "\n")
	}
	return out.String(), errOut.String(), exitCode(err)
}

// helpFlags are the flags each command's --help must list, and no other (--help aside).
var helpFlags = map[string][]string{
	"serve":     {"--config", "--data-dir", "--addr", "--log-level", "--role"},
	"ingest":    {"--workers", "--progress", "--form", "--items", "--cik", "--filed", "--accession", "--name", "--json", "--config", "--data-dir", "--log-level"},
	"backfill":  {"--since", "--cik", "--no-discover", "--index", "--progress", "--json", "--config", "--data-dir", "--log-level"},
	"rebuild":   {"--progress", "--json", "--config", "--data-dir", "--log-level"},
	"recompute": {"--progress", "--json", "--config", "--data-dir", "--log-level"},
	"reextract": {"--all", "--workers", "--progress", "--json", "--config", "--data-dir", "--log-level"},
	"extract":   {"--explain", "--doc", "--form", "--items", "--cik", "--filed", "--accession", "--name", "--text", "--json"},
	"keys":      {"--name", "--tier", "--days", "--grace", "--json", "--config", "--data-dir", "--log-level"},
	"fixtures":  {"--out", "--spacs", "--seed", "--json"},
	"errors":    {"--json", "--config", "--data-dir", "--log-level"},
	"export": append([]string{"--format", "--out", "--base-url", "--config", "--data-dir", "--log-level"},
		"--status", "--sector", "--sponsor", "--min_trust", "--max_trust", "--min_trust_per_share", "--max_trust_per_share",
		"--min_redeemed_pct", "--max_redeemed_pct", "--min_ytm", "--max_ytm", "--ipo_from", "--ipo_to", "--deadline_before",
		"--q", "--sort", "--fields", "--facets", "--citations", "--from", "--to", "--type", "--symbol", "--cik", "--source",
		"--since", "--kind", "--severity"),
	"version": {"--json"},
}

// Every command has its own help: `spacd CMD --help` (and `spacd help CMD`) print its usage
// line, a description and exactly its flags, and exit 0.
func TestCommandHelp(t *testing.T) {
	t.Parallel()
	if got, want := len(commands()), len(helpFlags); got != want {
		t.Errorf("%d commands, %d in the test's table: add the new command's flags", got, want)
	}
	for _, c := range commands() {
		out, stderr, code := runCLI(t, t.TempDir(), c.name, "--help")
		if code != 0 || stderr != "" {
			t.Errorf("spacd %s --help: exit %d, stderr %q", c.name, code, stderr)
		}
		if !strings.HasPrefix(out, "usage: spacd "+c.name+" [flags]") || !strings.Contains(out, "\nflags:\n") {
			t.Errorf("spacd %s --help has no usage line or flags:\n%s", c.name, out)
		}
		if got, want := listedFlags(out), append(slices.Clone(helpFlags[c.name]), "--help"); !sameSet(got, want) {
			t.Errorf("spacd %s --help lists flags %v, want %v", c.name, got, want)
		}
		if again, _, _ := runCLI(t, t.TempDir(), "help", c.name); again != out {
			t.Errorf("spacd help %s differs from spacd %s --help", c.name, c.name)
		}
	}
}

// listedFlags are the long flags of a help's "flags:" section.
func listedFlags(help string) []string {
	_, section, _ := strings.Cut(help, "\nflags:\n")
	var flags []string
	for _, line := range strings.Split(section, "\n") {
		for _, word := range strings.Fields(line) {
			if strings.HasPrefix(word, "--") {
				flags = append(flags, strings.TrimSuffix(word, ","))
				break
			}
		}
	}
	return flags
}

func sameSet(a, b []string) bool {
	a, b = slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b))
	return slices.Equal(a, b)
}

// A command line spacd cannot run exits 2 with a message naming the problem; a command that
// fails at run time exits 1.
func TestExitCodes(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, c := range []struct {
		args   []string
		code   int
		stderr string
	}{
		{nil, 2, "usage: spacd COMMAND"},
		{[]string{"frobnicate"}, 2, `unknown command "frobnicate"`},
		{[]string{"extract", "--addr", ":1", "x.txt"}, 2, "unknown flag: --addr"},
		{[]string{"serve", "--workers", "3"}, 2, "unknown flag: --workers"},
		{[]string{"extract"}, 2, "usage: spacd extract [flags] FILE"},
		{[]string{"rebuild", "extra"}, 2, "usage: spacd rebuild [flags]"},
		{[]string{"ingest"}, 2, "usage: spacd ingest [flags] DIR|FILE..."},
		{[]string{"keys", "burn"}, 2, `unknown keys command "burn"`},
		{[]string{"keys", "revoke"}, 2, "usage: spacd keys revoke ID"},
		{[]string{"keys", "create"}, 2, "--name NAME"},
		{[]string{"fixtures"}, 2, "--out DIR"},
		{[]string{"ingest", "--workers", "many", "x"}, 2, `invalid argument "many"`},
		{[]string{"export", "everything"}, 2, `"everything" is not one of`},
		{[]string{"export", "universe", "--min_trust", "lots"}, 2, "--min_trust: "},
		{[]string{"export", "universe", "--format", "xml"}, 2, `--format: "xml" is not one of`},
		{[]string{"extract", filepath.Join(dir, "missing.txt")}, 1, "missing.txt"},
		{[]string{"keys", "revoke", "nokey"}, 1, "spacd:"},
		{[]string{"help", "nosuch"}, 2, `unknown command "nosuch"`},
		{[]string{"help"}, 0, ""},
		{[]string{"version"}, 0, ""},
	} {
		_, stderr, code := runCLI(t, dir, c.args...)
		if code != c.code || !strings.Contains(stderr, c.stderr) {
			t.Errorf("spacd %s: exit %d, stderr %q; want exit %d and %q", strings.Join(c.args, " "), code, stderr, c.code, c.stderr)
		}
	}
}

// The binary itself exits with those statuses (main maps run's error to the status).
func TestBinaryExitStatus(t *testing.T) {
	if testing.Short() {
		t.Skip("builds spacd")
	}
	// Not parallel: it starts processes, and a child holds a copy of the parent's file
	// descriptors from fork to exec, Badger's directory lock included, so a parallel test that
	// closes and reopens its store in that window finds it locked. Sequential tests run before
	// the parallel ones start.
	bin := buildSpacd(t)
	for args, want := range map[string]int{"": 2, "nosuch": 2, "version": 0, "extract --help": 0, "extract /nonexistent/x.txt": 1} {
		cmd := exec.Command(bin, strings.Fields(args)...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		code := 0
		if ee := (*exec.ExitError)(nil); errors.As(err, &ee) {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		if code != want {
			t.Errorf("spacd %s exited %d, want %d (stderr %q)", args, code, want, stderr.String())
		}
	}
}

// Every command that prints data prints JSON with --json, and readable text without it.
func TestJSONOutput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join("..", "..", "fixtures", "corpus", goodFirst)
	decode := func(args ...string) map[string]any {
		t.Helper()
		out, stderr, code := runCLI(t, dir, args...)
		var v any
		if err := json.Unmarshal([]byte(out), &v); code != 0 || err != nil {
			t.Fatalf("spacd %s: exit %d, %v\n%s%s", strings.Join(args, " "), code, err, out, stderr)
		}
		if m, ok := v.(map[string]any); ok {
			return m
		}
		return map[string]any{"list": v}
	}
	ingest := decode("ingest", "--json", file)
	if ingest["filings"] != 1.0 || !isDurationString(ingest["duration"]) {
		t.Errorf("ingest --json: %v", ingest)
	}
	for _, cmd := range []string{"rebuild", "recompute"} {
		if m := decode(cmd, "--json"); m["spacs"] != 1.0 || !isDurationString(m["duration"]) {
			t.Errorf("%s --json: %v", cmd, m)
		}
	}
	if m := decode("errors", "--json"); !isEmptyList(m["list"]) {
		t.Errorf("errors --json after a clean ingest: %v", m)
	}
	created := decode("keys", "create", "--json", "--name", "desk")
	list := decode("keys", "list", "--json")["list"].([]any)
	if len(list) != 1 || list[0].(map[string]any)["id"] != created["id"] || created["secret"] == "" {
		t.Errorf("keys create --json %v and keys list --json %v disagree", created, list)
	}
	if m := decode("keys", "usage", "--json", created["id"].(string)); m["keyId"] != created["id"] {
		t.Errorf("keys usage --json: %v", m)
	}
	// extract prints JSON by default: the extraction scorer (../shared/tools/score-extract) and
	// scripts run `spacd extract FILE` and read its "facts".
	for _, args := range [][]string{{"extract", file}, {"extract", "--json", file}} {
		if m := decode(args...); m["filing"] == nil || len(m["facts"].([]any)) == 0 {
			t.Errorf("%v: %v", args, m)
		}
	}
	if m := decode("version", "--json"); m["version"] == "" || m["commit"] == nil {
		t.Errorf("version --json: %v", m)
	}
	if m := decode("fixtures", "--json", "--out", filepath.Join(t.TempDir(), "corpus")); m["spacs"] == 0.0 {
		t.Errorf("fixtures --json: %v", m)
	}
}

func isDurationString(v any) bool {
	s, ok := v.(string)
	return ok && strings.HasSuffix(s, "s") && s != ""
}

func isEmptyList(v any) bool {
	l, ok := v.([]any)
	return ok && len(l) == 0
}

// Without --json (extract: with --text) the output is aligned text: keys create and keys list print the same key in
// the same readable form, and an ingest's summary names what it counted.
func TestTextOutput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	out, _, code := runCLI(t, dir, "ingest", filepath.Join("..", "..", "fixtures", "corpus", goodFirst))
	for _, want := range []string{"files:", "filings:", "SPACs folded:", "took:"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("ingest text summary lacks %q (exit %d):\n%s", want, code, out)
		}
	}
	facts, _, _ := runCLI(t, dir, "extract", "--text", filepath.Join("..", "..", "fixtures", "corpus", goodFirst))
	explained, _, _ := runCLI(t, dir, "extract", "--text", "--explain", filepath.Join("..", "..", "fixtures", "corpus", goodFirst))
	if !strings.Contains(facts, "FIELD ") || !regexp.MustCompile(`(?m)^ipo_gross_proceeds +200000000\.00 +54 +\$200,000,000$`).MatchString(facts) {
		t.Errorf("extract text lacks the fact table (a fact per line: field, value, line, quote):\n%s", facts)
	}
	if !strings.Contains(explained, " RULE ") || !strings.Contains(explained, "SENTENCE") {
		t.Errorf("extract --explain text lacks the rule and sentence columns:\n%s", explained)
	}
	created, stderr, _ := runCLI(t, dir, "keys", "create", "--name", "desk", "--tier", "pro")
	listed, _, _ := runCLI(t, dir, "keys", "list")
	id := fieldValue(created, "id")
	if id == "" || fieldValue(created, "secret") == "" || !strings.Contains(stderr, "shown only once") {
		t.Fatalf("keys create printed:\n%s\nstderr %q", created, stderr)
	}
	if json.Valid([]byte(listed)) || !strings.Contains(listed, "ID ") || !strings.Contains(listed, id+"  desk") {
		t.Errorf("keys list does not list the created key %s as a table:\n%s", id, listed)
	}
}

// fieldValue reads "name:  value" from aligned text.
func fieldValue(text, name string) string {
	for _, line := range strings.Split(text, "\n") {
		if v, ok := strings.CutPrefix(line, name+":"); ok {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// ingest, rebuild and recompute show their progress: a bar redrawn in place when asked for
// (or on a terminal), plain lines on a pipe.
func TestPipelineProgress(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join("..", "..", "fixtures", "corpus", goodFirst)
	_, bar, _ := runCLI(t, dir, "ingest", "--progress", "bar", file)
	for _, want := range []string{"\r\033[Kread     [##############################] 1/1 documents (100%)", "\r\033[Kfold     [", "ingest done in"} {
		if !strings.Contains(bar, want) {
			t.Errorf("ingest --progress bar lacks %q:\n%q", want, bar)
		}
	}
	_, lines, _ := runCLI(t, dir, "rebuild")
	if !strings.Contains(lines, "rebuild fold: 0/1 SPACs (0%)") || !strings.Contains(lines, "rebuild done in") || strings.Contains(lines, "\r") {
		t.Errorf("rebuild on a pipe should print progress lines, no bar:\n%q", lines)
	}
	if _, off, _ := runCLI(t, dir, "recompute", "--progress", "off"); off != "" {
		t.Errorf("recompute --progress off wrote %q", off)
	}
}

// Log records write durations as strings (slog's JSON handler would write nanoseconds).
func TestLogDurationsAreStrings(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	newLogger(config.LogConfig{Level: "info", Format: "json"}, &out).Info("edgar request failed", "wait", 2*time.Second+345*time.Millisecond)
	var rec map[string]any
	if err := json.Unmarshal(out.Bytes(), &rec); err != nil || rec["wait"] != "2.345s" {
		t.Errorf("log record %s (%v): wait should be \"2.345s\"", out.Bytes(), err)
	}
}

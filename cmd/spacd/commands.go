package main

import (
	"context"
	"time"

	"github.com/spf13/pflag"

	"github.com/spacdata/spac/config"
)

// command is one spacd subcommand: its help (synopsis, description, arguments, flags) and
// what it runs. Each command declares only the flags it reads.
type command struct {
	name    string
	args    string      // the positional arguments in the synopsis, e.g. "DIR|FILE..."
	argHelp [][2]string // each argument and what it is
	summary string      // one line in the list of commands
	about   string      // the description in the command's help
	// minArgs and maxArgs bound the number of positional arguments (maxArgs -1: no bound).
	minArgs, maxArgs int
	config           []string // the configuration flags the command reads (config.Flag*)
	json             bool     // the command prints data: --json selects JSON over aligned text
	// jsonFirst: the command prints JSON unless --text asks for aligned text. extract keeps
	// JSON as its default because scripts and the extraction scorer read `spacd extract FILE`.
	jsonFirst bool
	flags     func(fs *pflag.FlagSet)
	run       func(ctx context.Context, env *environment, args []string) error
}

// store is the configuration a command reading the data directory offers as flags.
var store = []string{config.FlagConfig, config.FlagDataDir, config.FlagLogLevel}

func commands() []command {
	return []command{
		{name: "serve", summary: "run the HTTP API (builds from the embedded fixtures when the data directory is empty)",
			about:  "Serves the API until interrupted, then shuts down gracefully. On an empty data directory it first builds the store and index from the embedded fixtures (config key fixtures).",
			config: []string{config.FlagConfig, config.FlagDataDir, config.FlagAddr, config.FlagLogLevel, config.FlagRole}, run: cmdServe},
		{name: "ingest", args: "DIR|FILE...", argHelp: [][2]string{{"DIR|FILE...", "directories (read recursively for .txt full submissions) or files, whatever their extension"}},
			summary: "ingest filings into the store and index: extract, fold, alerts, filing news",
			about:   "Ingests full-submission filings (idempotent per accession), or with --form bare documents, through the stages serve, backfill and the poller run: extract, fold, alerts and filing news (recorded as history, nothing pushed), index; prints a summary. A bad document is recorded with its reason and skipped (see spacd errors); it never stops the run. Exits 1 when a path does not exist or nothing was ingested.",
			minArgs: 1, maxArgs: -1, config: store, json: true, flags: ingestFlags, run: cmdIngest},
		{name: "backfill", summary: "fetch the history of the SPAC universe from EDGAR (resumable; see docs/operating.md)",
			about:  "Discovers the SPACs that filed on EDGAR since --since (and the --cik companies), fetches their filings and folds them as history. Killed, it resumes where it stopped when run again. Requests go at edgar.rate_per_sec with edgar.user_agent.",
			config: store, json: true, flags: backfillFlags, run: cmdBackfill},
		{name: "rebuild", summary: "drop the search index and rebuild profiles and index from the store",
			about:  "Drops the search index and rebuilds every profile and index row from the facts in the store. It records, as history, the alerts and filing articles the store lacks (a store ingested before spacd ingest ran those stages).",
			config: store, json: true, flags: progressFlag, run: cmdRebuild},
		{name: "recompute", summary: "refold every SPAC and scan for time-based alerts (also nightly in serve)",
			about:  "Refolds every SPAC from its stored facts (deadlines, trust size) and scans for time-based alerts (lockup expiries, YTM from the latest quotes). serve runs it nightly at 00:00 UTC. It also records, as history, the alerts and filing articles the store lacks; the changes it finds are pushed as serve pushes them.",
			config: store, json: true, flags: progressFlag, run: cmdRecompute},
		{name: "reextract", summary: "derive again the facts of filings stored by an older extractor, from their kept sources",
			about:  "Derives again, from the source the store kept, the facts of every filing an older extractor derived (every filing with --all), refolds their SPACs and records alerts and filing news as history (nothing is pushed). Killed, the next run (or serve) completes it. serve runs it in the background at start.",
			config: store, json: true, flags: reextractFlags, run: cmdReextract},
		{name: "extract", args: "FILE", argHelp: [][2]string{{"FILE", "a full submission (.txt), or with --form a bare primary document (.htm or .txt)"}},
			summary: "print the facts of one filing with citations (no store needed)",
			about:   "Prints the facts of one filing, each with its citation (line and quote). It needs no data directory.",
			minArgs: 1, maxArgs: 1, json: true, jsonFirst: true, flags: extractFlags, run: cmdExtract},
		{name: "keys", args: "create | list | revoke ID | rotate ID | usage ID", argHelp: keysArgHelp,
			summary: "manage API keys", minArgs: 1, maxArgs: 2,
			about:  "Manages API keys in the store. The store admits one process at a time: while serve runs, use the admin API instead (see docs/api.md).",
			config: store, json: true, flags: keysFlags, run: cmdKeys},
		{name: "fixtures", summary: "generate a fictional corpus in EDGAR format",
			about: "Writes a fictional corpus of full submissions: the committed scenarios, or --spacs N generated lifecycles (thousands for benchmarks; never committed).",
			json:  true, flags: fixturesFlags, run: cmdFixtures},
		{name: "export", args: "universe|calendar|alerts|news", argHelp: exportArgHelp,
			summary: "write every row of a list route as CSV or NDJSON from the data directory, as the API exports it",
			about: "Writes every row of GET /v1/ROUTE that the filter flags select (all pages) as CSV or NDJSON, the bytes the API's format=csv|ndjson export sends for the same query, " +
				"read from the data directory by the API's own handler in process (stop serve first). Source links point at --base-url. The output is CSV or NDJSON by --format, so there is no --json.",
			minArgs: 1, maxArgs: 1, config: store, flags: addExportFlags, run: cmdExport},
		{name: "errors", summary: "list documents that were skipped at ingest, with the reason",
			about:  "Lists the documents skipped at ingest, with the reason each was skipped.",
			config: store, json: true, run: cmdErrors},
		{name: "version", summary: "print version and build commit", about: "Prints the version and the build commit.",
			json: true, run: cmdVersion},
	}
}

var exportArgHelp = [][2]string{{"universe|calendar|alerts|news", "the list route to export (its filters are the flags of the same name; see docs/api.md, Export)"}}

var keysArgHelp = [][2]string{
	{"create", "create a key (--name, --tier); its secret is shown only once"},
	{"list", "list the keys"},
	{"revoke ID", "revoke a key"},
	{"rotate ID", "replace a key's secret (its webhooks and usage go to the new key); the new one is shown only once"},
	{"usage ID", "requests per day and endpoint over the last --days days"},
}

func ingestFlags(fs *pflag.FlagSet) {
	fs.Int("workers", 2, "parallel readers")
	progressFlag(fs)
	bareFlags(fs, "read every FILE as a bare primary document (.htm or .txt) of this form")
}

// bareFlags are the header data of a bare document (extract and ingest).
func bareFlags(fs *pflag.FlagSet, form string) {
	fs.String("form", "", form)
	fs.String("items", "", "with --form: the 8-K items, comma-separated (e.g. 5.07,9.01)")
	fs.String("cik", "", "with --form: the filer's CIK")
	fs.String("filed", "", "with --form: the filing date, YYYY-MM-DD")
	fs.String("accession", "", "with --form: the accession number (default: the one in the file's name)")
	fs.String("name", "", "with --form: the company name")
}

func reextractFlags(fs *pflag.FlagSet) {
	fs.Bool("all", false, "derive every filing again, whatever extractor derived it")
	fs.Int("workers", 2, "parallel extractors")
	progressFlag(fs)
}

func backfillFlags(fs *pflag.FlagSet) {
	fs.String("since", "", "discover SPACs that filed since this date, YYYY-MM-DD (default: edgar.backfill_since)")
	fs.StringSlice("cik", nil, "also backfill this company whatever its SIC code (repeatable, or comma-separated)")
	fs.Bool("no-discover", false, "read no EDGAR index: backfill only --cik and edgar.ciks")
	fs.String("index", "form", "index layout read for discovery: form or company")
	progressFlag(fs)
}

// progressFlag is the --progress of the long-running commands.
func progressFlag(fs *pflag.FlagSet) {
	fs.String("progress", "auto", "progress on stderr: auto (a bar on a terminal, else lines), bar, lines or off")
}

func extractFlags(fs *pflag.FlagSet) {
	fs.Bool("explain", false, "name the rule behind every fact and the sentence it was read from")
	fs.Bool("doc", false, "print the document model instead of facts: sections (kind, items, lines) and each sentence as the rules see it, entities masked")
	bareFlags(fs, "read FILE as a bare primary document (.htm or .txt) of this form")
}

func keysFlags(fs *pflag.FlagSet) {
	fs.String("name", "", "key name (create)")
	fs.String("tier", "free", "tier (create)")
	fs.Int("days", 7, "days of usage to show (usage)")
	fs.Duration("grace", 0, "how long the old secret keeps working after rotate, as the new key (at most 168h)")
}

func fixturesFlags(fs *pflag.FlagSet) {
	fs.String("out", "", "output directory (required)")
	fs.Int("spacs", 0, "number of SPACs (0 = the committed scenarios)")
	fs.Uint64("seed", 1, "generator seed")
}

func flagString(fs *pflag.FlagSet, name string) string {
	v, _ := fs.GetString(name)
	return v
}

func flagStrings(fs *pflag.FlagSet, name string) []string {
	v, _ := fs.GetStringSlice(name)
	return v
}

func flagInt(fs *pflag.FlagSet, name string) int {
	v, _ := fs.GetInt(name)
	return v
}

func flagDuration(fs *pflag.FlagSet, name string) time.Duration {
	v, _ := fs.GetDuration(name)
	return v
}

func flagBool(fs *pflag.FlagSet, name string) bool {
	v, _ := fs.GetBool(name)
	return v
}

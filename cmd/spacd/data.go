package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest"
	"github.com/spacdata/spac/ingest/extract"
	"github.com/spacdata/spac/ingest/pipeline"
)

// cmdIngest ingests every full-submission .txt below the given directories (or the files), or
// with --form bare documents, through the stages every entry point runs: extract, fold, alerts,
// filing news, index. An offline run's folds are history (pipeline.WithHistorical): their
// alerts and articles are recorded, nothing is pushed. It exits 1, after the summary, when a
// path does not exist or nothing was ingested.
func cmdIngest(ctx context.Context, env *environment, args []string) error {
	missing := missingPaths(args)
	a, err := openApp(env)
	if err != nil {
		return err
	}
	defer a.Close()
	a.pipeline.Workers = flagInt(env.flags, "workers")
	if a.pipeline.Bare, err = bareHeader(env); err != nil {
		return err
	}
	if a.pipeline.OnFold, err = historyRecorder(ctx, env, a); err != nil {
		return err
	}
	a.pipeline.OnHistoricalFold = a.pipeline.OnFold
	ctx = pipeline.WithHistorical(ctx)
	progress := pipelineProgressFor(env, a.pipeline, "ingest")
	total := pipeline.Summary{Errors: []spac.IngestError{}}
	for _, arg := range args {
		sum, err := ingestPath(ctx, a.pipeline, arg)
		if err != nil {
			return err
		}
		total = addSummary(total, sum)
	}
	progress.finish()
	if err := emit(env, total, func(w io.Writer) { ingestText(w, total) }); err != nil {
		return err
	}
	return ingestFailure(total, missing, a.pipeline.Bare != nil)
}

// missingPaths lists the arguments that name nothing on disk.
func missingPaths(args []string) []string {
	var out []string
	for _, p := range args {
		if _, err := os.Stat(p); errors.Is(err, fs.ErrNotExist) {
			out = append(out, p)
		}
	}
	return out
}

// ingestFailure is the error of a run that missed a path or ingested nothing, with the
// reasons (nil when neither).
func ingestFailure(sum pipeline.Summary, missing []string, bare bool) error {
	var errs []error
	if len(missing) > 0 {
		errs = append(errs, fmt.Errorf("no such file or directory: %s", strings.Join(missing, ", ")))
	}
	if sum.Filings == 0 {
		why := skipReasons(sum.Errors)
		if !bare && strings.Contains(why, ingest.ReasonUnsupported) {
			why += " (a bare document, without its SGML envelope, is read with --form and the header flags)"
		}
		errs = append(errs, fmt.Errorf("nothing ingested: %d files, %d skipped%s", sum.Files, len(sum.Errors), why))
	}
	return errors.Join(errs...)
}

// skipReasons counts the skipped documents by reason class: ": unsupported 2, io 1".
func skipReasons(errs []spac.IngestError) string {
	counts := map[string]int{}
	var order []string
	for _, e := range errs {
		c := pipeline.ReasonClass(e.Reason)
		if counts[c] == 0 {
			order = append(order, c)
		}
		counts[c]++
	}
	parts := make([]string, 0, len(order))
	for _, c := range order {
		parts = append(parts, fmt.Sprintf("%s %d", c, counts[c]))
	}
	if len(parts) == 0 {
		return ""
	}
	return ": " + strings.Join(parts, ", ")
}

// bareHeader is the header data --form and its companions give bare documents; nil without
// --form (full submissions).
func bareHeader(env *environment) (*ingest.Sidecar, error) {
	form := flagString(env.flags, "form")
	if form == "" {
		return nil, nil
	}
	meta := sidecarFromFlags(env, form)
	return &meta, nil
}

// ingestText is the readable form of an ingest's summary.
func ingestText(w io.Writer, sum pipeline.Summary) {
	writeFields(w, [][2]string{
		{"files", fmt.Sprint(sum.Files)}, {"filings", fmt.Sprint(sum.Filings)},
		{"changed", fmt.Sprint(sum.Changed)}, {"facts", fmt.Sprint(sum.Facts)},
		{"SPACs folded", fmt.Sprint(sum.SPACs)}, {"skipped", fmt.Sprint(len(sum.Errors))},
		{"took", sum.Duration.String()},
	})
	if len(sum.Errors) > 0 {
		fmt.Fprintln(w)
		errorsTable(w, sum.Errors)
	}
}

// ingestPath ingests a directory, or one file whatever its extension. A path that cannot be
// read is one bad input like any other: recorded and skipped, so the other paths still run.
func ingestPath(ctx context.Context, p *pipeline.Pipeline, path string) (pipeline.Summary, error) {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return p.IngestFS(ctx, os.DirFS(path), ".")
	}
	return p.IngestFiles(ctx, os.DirFS(filepath.Dir(path)), []string{filepath.Base(path)})
}

func addSummary(a, b pipeline.Summary) pipeline.Summary {
	a.Files += b.Files
	a.Filings += b.Filings
	a.Changed += b.Changed
	a.Facts += b.Facts
	a.SPACs += b.SPACs
	a.Errors = append(a.Errors, b.Errors...)
	a.Duration += b.Duration
	return a
}

// refoldSummary is what rebuild and recompute print.
type refoldSummary struct {
	SPACs    int           `json:"spacs"`
	Duration spac.Duration `json:"duration"`
}

func (s refoldSummary) text(verb string) func(io.Writer) {
	return func(w io.Writer) { fmt.Fprintf(w, "%s %d SPACs in %s\n", verb, s.SPACs, s.Duration) }
}

// cmdRebuild drops the index and rebuilds profiles and index rows from the store, and records
// as history the alerts and filing articles the store lacks (a store ingested before ingest
// recorded them): every profile is replayed to the same hook `spacd ingest` runs.
func cmdRebuild(ctx context.Context, env *environment, _ []string) error {
	a, err := openApp(env)
	if err != nil {
		return err
	}
	defer a.Close()
	if a.pipeline.OnFold, err = historyRecorder(ctx, env, a); err != nil {
		return err
	}
	a.pipeline.OnHistoricalFold = a.pipeline.OnFold
	ctx = pipeline.WithReplay(pipeline.WithHistorical(ctx))
	progress := pipelineProgressFor(env, a.pipeline, "rebuild")
	start := time.Now()
	n, err := a.pipeline.Rebuild(ctx)
	if err != nil {
		return err
	}
	progress.finish()
	sum := refoldSummary{SPACs: n, Duration: spac.Duration(time.Since(start))}
	return emit(env, sum, sum.text("rebuilt"))
}

// extractOutput is what `spacd extract` prints; with --explain each fact also names its rule.
type extractOutput struct {
	Filing spac.Filing     `json:"filing"`
	Facts  []explainedFact `json:"facts"`
}

type explainedFact struct {
	spac.Fact
	Rule     string `json:"rule,omitempty"`
	Sentence string `json:"sentence,omitempty"`
}

// cmdExtract prints the facts of one filing with citations; it needs no data directory. A
// full submission is read as it is; with --form, FILE is a bare primary document (HTML or
// plain text) and the flags stand in for its SGML header.
func cmdExtract(_ context.Context, env *environment, args []string) error {
	r, err := readForExtract(env, args[0])
	if err != nil {
		return err
	}
	if flagBool(env.flags, "doc") {
		printDocModel(env.stdout, r)
		return nil
	}
	explain := flagBool(env.flags, "explain")
	out := extractOutput{Filing: r.Filing, Facts: []explainedFact{}}
	for _, f := range extract.Explain(r) {
		x := explainedFact{Fact: f.Fact}
		if explain {
			x.Rule, x.Sentence = f.Rule, spac.Excerpt(f.Sentence, f.Fact.Citation.Quote)
		}
		out.Facts = append(out.Facts, x)
	}
	return emit(env, out, func(w io.Writer) { out.text(w, explain) })
}

// text is the readable form of extract: the filing, then a fact per line with the line it
// was read from and its quote, or with --explain the rule and the sentence it was read from.
func (out extractOutput) text(w io.Writer, explain bool) {
	f := out.Filing
	fmt.Fprintf(w, "%s %s filed %s by %s (CIK %s): %d facts\n\n", f.Form, f.Accession, f.FiledAt, f.CompanyName, f.CIK, len(out.Facts))
	header := []string{"FIELD", "VALUE", "LINE", "QUOTE"}
	if explain {
		header = []string{"FIELD", "VALUE", "LINE", "RULE", "SENTENCE"}
	}
	rows := make([][]string, 0, len(out.Facts))
	for _, x := range out.Facts {
		line := "-"
		if x.Citation.Line > 0 {
			line = fmt.Sprint(x.Citation.Line)
		}
		row := []string{x.Field, x.Value, line, x.Citation.Quote}
		if explain {
			row = []string{x.Field, x.Value, line, x.Rule, x.Sentence}
		}
		rows = append(rows, row)
	}
	writeTable(w, header, rows)
}

// readForExtract reads FILE as a full submission, or as a bare document when --form is given.
func readForExtract(env *environment, path string) (*spac.RenderedFiling, error) {
	form := flagString(env.flags, "form")
	if form == "" {
		return ingest.Read(path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	meta := sidecarFromFlags(env, form)
	if meta.Accession == "" {
		meta.Accession = ingest.AccessionInName(path)
	}
	return ingest.ReadHTML(path, data, meta)
}

// sidecarFromFlags is the header data of a bare document of form, from the flags --items,
// --cik, --filed, --accession and --name (extract and ingest share them).
func sidecarFromFlags(env *environment, form string) ingest.Sidecar {
	meta := ingest.Sidecar{
		Form: form, CIK: flagString(env.flags, "cik"), FiledAt: flagString(env.flags, "filed"),
		Accession: flagString(env.flags, "accession"), CompanyName: flagString(env.flags, "name"),
	}
	for _, it := range strings.Split(flagString(env.flags, "items"), ",") {
		if it = strings.TrimSpace(it); it != "" {
			meta.Items = append(meta.Items, it)
		}
	}
	return meta
}

// cmdErrors lists the documents skipped at ingest.
func cmdErrors(ctx context.Context, env *environment, _ []string) error {
	a, err := openApp(env)
	if err != nil {
		return err
	}
	defer a.Close()
	errs, err := a.db.IngestErrors(ctx)
	if err != nil {
		return err
	}
	if errs == nil {
		errs = []spac.IngestError{} // [] rather than null: a list, even when empty
	}
	return emit(env, errs, func(w io.Writer) {
		if len(errs) == 0 {
			fmt.Fprintln(w, "no skipped documents")
			return
		}
		errorsTable(w, errs)
	})
}

// errorsTable lists skipped documents, one per line.
func errorsTable(w io.Writer, errs []spac.IngestError) {
	rows := make([][]string, 0, len(errs))
	for _, e := range errs {
		acc := e.Accession
		if acc == "" {
			acc = "-"
		}
		rows = append(rows, []string{e.Source, acc, e.Reason})
	}
	writeTable(w, []string{"SKIPPED", "ACCESSION", "REASON"}, rows)
}

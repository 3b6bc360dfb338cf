package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest"
	"github.com/spacdata/spac/ingest/extract"
	"github.com/spacdata/spac/ingest/pipeline"
)

// cmdIngest ingests every full-submission .txt below the given directories (or the files).
func cmdIngest(ctx context.Context, env *environment, args []string) error {
	if len(args) == 0 {
		return fmt.Errorf("usage: spacd ingest DIR|FILE...")
	}
	a, err := openApp(env)
	if err != nil {
		return err
	}
	defer a.Close()
	a.pipeline.Workers = flagInt(env.flags, "workers")
	total := pipeline.Summary{}
	for _, arg := range args {
		sum, err := ingestPath(ctx, a.pipeline, arg)
		if err != nil {
			return err
		}
		total = addSummary(total, sum)
	}
	return writeJSON(env, total)
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

// cmdRebuild drops the index and rebuilds profiles and index rows from the store.
func cmdRebuild(ctx context.Context, env *environment, _ []string) error {
	a, err := openApp(env)
	if err != nil {
		return err
	}
	defer a.Close()
	n, err := a.pipeline.Rebuild(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(env.stdout, "rebuilt %d SPACs\n", n)
	return nil
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
	if len(args) != 1 {
		return fmt.Errorf("usage: spacd extract [--explain] [--form FORM [--items I,J] [--cik CIK] [--filed DATE]] FILE")
	}
	r, err := readForExtract(env, args[0])
	if err != nil {
		return err
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
	return writeJSON(env, out)
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
	meta := ingest.Sidecar{
		Form: form, CIK: flagString(env.flags, "cik"), FiledAt: flagString(env.flags, "filed"),
		Accession: flagString(env.flags, "accession"), CompanyName: flagString(env.flags, "name"),
	}
	for _, it := range strings.Split(flagString(env.flags, "items"), ",") {
		if it = strings.TrimSpace(it); it != "" {
			meta.Items = append(meta.Items, it)
		}
	}
	return ingest.ReadHTML(path, data, meta)
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
	return writeJSON(env, errs)
}

func writeJSON(env *environment, v any) error {
	enc := json.NewEncoder(env.stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

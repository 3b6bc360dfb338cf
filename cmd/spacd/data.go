package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

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

func ingestPath(ctx context.Context, p *pipeline.Pipeline, path string) (pipeline.Summary, error) {
	st, err := os.Stat(path)
	if err != nil {
		return pipeline.Summary{}, err
	}
	if st.IsDir() {
		return p.IngestFS(ctx, os.DirFS(path), ".")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return pipeline.Summary{}, err
	}
	return p.IngestInputs(ctx, []pipeline.Input{{Name: filepath.Base(path), Data: data}})
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

// extractOutput is what `spacd extract` prints.
type extractOutput struct {
	Filing spac.Filing `json:"filing"`
	Facts  []spac.Fact `json:"facts"`
}

// cmdExtract prints the facts of one filing with citations; it needs no data directory.
func cmdExtract(_ context.Context, env *environment, args []string) error {
	if len(args) != 1 {
		return fmt.Errorf("usage: spacd extract FILE")
	}
	r, err := ingest.Read(args[0])
	if err != nil {
		return err
	}
	facts := extract.Facts(r)
	if facts == nil {
		facts = []spac.Fact{}
	}
	return writeJSON(env, extractOutput{Filing: r.Filing, Facts: facts})
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
	return writeJSON(env, errs)
}

func writeJSON(env *environment, v any) error {
	enc := json.NewEncoder(env.stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

package main

import (
	"context"
	"fmt"
	"io"
	"sync"

	"github.com/spacdata/spac/api"
	"github.com/spacdata/spac/ingest/extract"
	"github.com/spacdata/spac/ingest/pipeline"
)

// extractor is the extractor every command derives facts with: the project's rule book.
// Tests swap it (a rule added) to see stored facts derived again.
var extractor extract.Extractor

// cmdReextract derives again the facts of every stale filing (every filing with --all) from
// the sources kept in the store, refolds the SPACs they belong to and records alerts and
// filing news as history.
func cmdReextract(ctx context.Context, env *environment, _ []string) error {
	a, err := openApp(env)
	if err != nil {
		return err
	}
	defer a.Close()
	if a.pipeline.OnHistoricalFold, err = historyRecorder(ctx, env, a); err != nil {
		return err
	}
	a.pipeline.Workers = flagInt(env.flags, "workers")
	progress := pipelineProgressFor(env, a.pipeline, "reextract")
	sum, err := a.pipeline.Reextract(ctx, pipeline.ReextractOptions{All: flagBool(env.flags, "all")})
	if err != nil {
		return err
	}
	progress.finish()
	return emit(env, sum, func(w io.Writer) { reextractText(w, sum) })
}

// reextractText is the readable form of a reextract's summary.
func reextractText(w io.Writer, sum pipeline.ReextractSummary) {
	writeFields(w, [][2]string{
		{"extractor", sum.Version}, {"stale filings", fmt.Sprint(sum.Stale)},
		{"derived again", fmt.Sprint(sum.Done)}, {"changed", fmt.Sprint(sum.Changed)},
		{"without a source", fmt.Sprint(sum.Unsourced)}, {"SPACs folded", fmt.Sprint(sum.SPACs)},
		{"failed", fmt.Sprint(len(sum.Errors))}, {"took", sum.Duration.String()},
	})
	if sum.Unsourced > 0 {
		fmt.Fprintf(w, "\n%d filings were stored before sources were kept: ingest or backfill them again to derive their facts anew.\n", sum.Unsourced)
	}
	if len(sum.Errors) > 0 {
		fmt.Fprintln(w)
		errorsTable(w, sum.Errors)
	}
}

// backgroundReextract is serve's re-extraction of stale filings: it runs once at start
// while the old facts are served, and /health reports how far it is.
type backgroundReextract struct {
	mu    sync.Mutex
	state api.ReextractState
}

func (b *backgroundReextract) State() api.ReextractState {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.state
}

func (b *backgroundReextract) set(f func(*api.ReextractState)) {
	b.mu.Lock()
	defer b.mu.Unlock()
	f(&b.state)
}

// start counts the stale filings and, when there are any, derives them again in a goroutine
// (done is closed when it ends; serve waits for it on shutdown).
func (b *backgroundReextract) start(ctx context.Context, env *environment, a *app) (done <-chan struct{}) {
	ch := make(chan struct{})
	b.set(func(s *api.ReextractState) { s.Version = a.pipeline.Extractor.Version() })
	stale, unsourced, err := a.pipeline.Staleness(ctx)
	if err != nil {
		env.log.Error("reextract: count stale filings", "err", err)
	}
	b.set(func(s *api.ReextractState) { s.Stale, s.Unsourced, s.Running = stale, unsourced, stale > unsourced })
	if stale <= unsourced {
		close(ch)
		return ch
	}
	env.log.Info("re-extracting stale filings in the background", "stale", stale, "version", a.pipeline.Extractor.Version())
	go func() {
		defer close(ch)
		sum, err := a.pipeline.Reextract(ctx, pipeline.ReextractOptions{Progress: func(p pipeline.Progress) {
			b.set(func(s *api.ReextractState) { s.Done = p.Done })
		}})
		b.set(func(s *api.ReextractState) { s.Running, s.Stale = false, sum.Unsourced+len(sum.Errors) })
		if err != nil && ctx.Err() == nil {
			env.log.Error("reextract", "err", err)
			return
		}
		env.log.Info("re-extracted stale filings", "done", sum.Done, "changed", sum.Changed, "spacs", sum.SPACs, "took", sum.Duration.String())
	}()
	return ch
}

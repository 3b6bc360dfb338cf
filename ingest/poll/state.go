package poll

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/spacdata/spac"
)

// StateStore persists small named values across restarts (kv.DB implements it under st/).
type StateStore interface {
	// LoadState returns every value whose key starts with prefix.
	LoadState(ctx context.Context, prefix string) (map[string][]byte, error)
	// SaveState sets one value; nil deletes it.
	SaveState(ctx context.Context, key string, value []byte) error
	// DeleteState deletes every value whose key starts with prefix.
	DeleteState(ctx context.Context, prefix string) error
}

// pollerStateKey is the poller's state key.
const pollerStateKey = "poller"

// maxHandledPersisted bounds the handled accessions kept across restarts (the most recent);
// filings the store holds are found by Seen anyway, these are mostly the rejected ones.
const maxHandledPersisted = 20_000

// pollerState is what a Poller keeps across restarts: where each feed query stopped, the
// filings to retry with their failed attempts, the accessions it handled (stored, rejected or
// given up) and the SIC classification of the companies it looked up.
type pollerState struct {
	Watermarks map[string]time.Time `json:"watermarks"`
	Pending    []pendingFiling      `json:"pending,omitempty"`
	Handled    []string             `json:"handled,omitempty"` // oldest first
	SPACs      map[spac.CIK]bool    `json:"spacs,omitempty"`   // CIK -> SIC 6770 (learned)
}

type pendingFiling struct {
	Accession string     `json:"accession"`
	Form      string     `json:"form"`
	CIKs      []spac.CIK `json:"ciks"`
	Updated   time.Time  `json:"updated"`
	Attempts  int        `json:"attempts"`
}

// loadState restores the persisted state once, before the first poll. p.pollMu is held.
func (p *Poller) loadState(ctx context.Context) error {
	if p.stateLoaded || p.cfg.State == nil {
		return nil
	}
	vals, err := p.cfg.State.LoadState(ctx, pollerStateKey)
	if err != nil {
		return fmt.Errorf("poll: load state: %w", err)
	}
	p.stateLoaded = true
	raw := vals[pollerStateKey]
	if raw == nil {
		return nil
	}
	var st pollerState
	if err := json.Unmarshal(raw, &st); err != nil {
		p.log.Warn("edgar poller state unreadable; starting afresh", "err", err)
		return nil
	}
	for typ, t := range st.Watermarks {
		p.watermarks[typ] = t
	}
	for _, f := range st.Pending {
		p.pending[f.Accession] = &candidate{accession: f.Accession, form: f.Form, ciks: f.CIKs, updated: f.Updated, attempts: f.Attempts}
	}
	for _, acc := range st.Handled {
		p.handled.Add(acc)
	}
	p.spacs.restore(st.SPACs)
	p.log.Info("edgar poller state restored", "feeds", len(st.Watermarks), "pending", len(st.Pending),
		"handled", len(st.Handled), "classified", len(st.SPACs))
	return nil
}

// saveState persists the state after a poll, even a cancelled one. p.pollMu is held.
func (p *Poller) saveState(ctx context.Context) error {
	if p.cfg.State == nil || !p.stateLoaded {
		return nil
	}
	st := pollerState{Watermarks: p.watermarks, SPACs: p.spacs.learnedCopy()}
	for _, c := range p.pending {
		st.Pending = append(st.Pending, pendingFiling{Accession: c.accession, Form: c.form, CIKs: c.ciks, Updated: c.updated, Attempts: c.attempts})
	}
	handled := p.handled.list()
	st.Handled = handled[max(0, len(handled)-maxHandledPersisted):]
	data, err := json.Marshal(st)
	if err != nil {
		return err
	}
	if err := p.cfg.State.SaveState(context.WithoutCancel(ctx), pollerStateKey, data); err != nil {
		return fmt.Errorf("poll: save state: %w", err)
	}
	return nil
}

package pipeline_test

import (
	"context"
	"io/fs"
	"maps"
	"sync"
	"testing"

	"github.com/spacdata/spac/fixtures"
	"github.com/spacdata/spac/ingest"
	"github.com/spacdata/spac/ingest/pipeline"
)

// countingMetrics records what the pipeline tells pipeline.Metrics.
type countingMetrics struct {
	mu              sync.Mutex
	changed, stored int
	facts           int
	skipped         map[string]int
}

func (m *countingMetrics) FilingStored(facts int, changed bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.stored++
	m.facts += facts
	if changed {
		m.changed++
	}
}

func (m *countingMetrics) FilingSkipped(reason string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.skipped[reason]++
}

// TestMetricsCountEveryDocument: the malformed inputs are counted by reason class, the valid
// ones as stored with the summary's facts; a second run of the same inputs stores nothing new.
func TestMetricsCountEveryDocument(t *testing.T) {
	valid, err := fs.ReadFile(fixtures.Corpus, validSource)
	if err != nil {
		t.Fatal(err)
	}
	inputs := []pipeline.Input{{Name: "valid.txt", Data: valid}, {Name: "broken-html.txt", Data: brokenHTMLFiling(valid)}}
	for _, b := range malformedInputs(t, valid) {
		inputs = append(inputs, pipeline.Input{Name: b.name, Data: b.data})
	}
	e := newEnv(t)
	m := &countingMetrics{skipped: map[string]int{}}
	e.p.Metrics = m
	sum, err := e.p.IngestInputs(context.Background(), inputs)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{ingest.ReasonTruncated: 2, ingest.ReasonBinary: 1, ingest.ReasonUnsupported: 1, pipeline.ReasonNoHeader: 1}
	if !maps.Equal(m.skipped, want) || m.stored != 2 || m.changed != 2 || m.facts != sum.Facts || sum.Facts == 0 {
		t.Fatalf("told skipped %v, stored %d (changed %d), facts %d; want %v, 2 (2), %d", m.skipped, m.stored, m.changed, m.facts, want, sum.Facts)
	}
	if _, err := e.p.IngestInputs(context.Background(), inputs[:2]); err != nil {
		t.Fatal(err)
	}
	if m.stored != 4 || m.changed != 2 {
		t.Errorf("re-ingest: stored %d, changed %d; want 4 stored, still 2 changed", m.stored, m.changed)
	}
}

func TestReasonClass(t *testing.T) {
	for reason, want := range map[string]string{
		"too_large: 70000000 bytes over the limit":            ingest.ReasonTooLarge,
		"io: open x: permission denied":                       ingest.ReasonIO,
		"internal: panic while reading: boom":                 ingest.ReasonInternal,
		"no filer CIK or accession number in the header":      pipeline.ReasonNoHeader,
		"store refused it: kv: value too large":               pipeline.ReasonStoreRefused,
		"open /data/filings/0001/some-name.txt: no such file": pipeline.ReasonOther,
		"": pipeline.ReasonOther,
	} {
		if got := pipeline.ReasonClass(reason); got != want {
			t.Errorf("ReasonClass(%q) = %q, want %q", reason, got, want)
		}
	}
}

package main

import (
	"encoding/json"
	"slices"
	"testing"
	"time"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest/poll/polltest"
)

// filingsPerIteration are published, one at a time, per benchmark iteration.
const filingsPerIteration = 10

const benchPollInterval = time.Second

// BenchmarkFeedToWebhook measures the latency from a filing appearing on the (fake) EDGAR feed
// to its filing.ingested webhook arriving, with the poller at a 1 s interval: each filing is
// published, then awaited, so every measurement includes the wait for the next poll. Run with
// -benchtime 1x (one iteration = 10 filings; the server start is excluded from the timing).
// The webhook of one filing arrives just after a poll, so each publish is staggered by a tenth
// of the interval more than the previous one: the filings sample every phase of the poll cycle.
func BenchmarkFeedToWebhook(b *testing.B) {
	if testing.Short() {
		b.Skip("end-to-end: starts the server")
	}
	feed := polltest.New(b)
	env := liveEnv(feed.URL())
	env["SPACD_EDGAR_POLL_INTERVAL"] = benchPollInterval.String()
	ts := startServer(b, env)
	key := ts.createKey(b, "institutional")
	rcv := newReceiver(b, "")
	ts.registerWebhook(b, key, rcv.URL(), "filing.ingested")
	pool := benchFilings(b)
	var latencies []time.Duration
	b.ResetTimer()
	for i := range b.N {
		if (i+1)*filingsPerIteration > len(pool) {
			b.Fatalf("only %d new filings generated; run with -benchtime 1x", len(pool))
		}
		for j, f := range pool[i*filingsPerIteration : (i+1)*filingsPerIteration] {
			b.StopTimer()
			time.Sleep(time.Duration(j) * benchPollInterval / filingsPerIteration)
			b.StartTimer()
			latencies = append(latencies, publishAndAwait(b, feed, rcv, f))
		}
	}
	b.StopTimer()
	slices.Sort(latencies)
	b.ReportMetric(ms(percentile(latencies, 50)), "p50-ms")
	b.ReportMetric(ms(percentile(latencies, 99)), "p99-ms")
	b.ReportMetric(ms(latencies[len(latencies)-1]), "max-ms")
}

// benchFiling is a filing of a generated SPAC absent from the committed corpus.
type benchFiling struct {
	newFiling
	cik spac.CIK
}

// benchFilings lists the new SPACs' filings, each SPAC's oldest first.
func benchFilings(b *testing.B) []benchFiling {
	var out []benchFiling
	for _, s := range generateNewSPACs(b, 30) {
		for _, f := range s.files {
			out = append(out, benchFiling{newFiling: f, cik: spac.CIK(s.entry.CIK)})
		}
	}
	return out
}

func publishAndAwait(b *testing.B, feed *polltest.Server, rcv *receiver, f benchFiling) time.Duration {
	feed.SetSIC(f.cik, "6770")
	start := time.Now()
	feed.Publish(f.Path, f.data)
	r := waitFor(b, rcv.requests, time.After(liveTimeout), "filing.ingested "+f.Accession, func(r hookRequest) bool {
		_, _, data := r.message(b)
		var ref spac.FilingRef
		return json.Unmarshal(data, &ref) == nil && ref.Accession == f.Accession
	})
	return r.At.Sub(start)
}

// percentile of sorted durations (nearest rank).
func percentile(sorted []time.Duration, p int) time.Duration {
	i := (len(sorted)*p + 99) / 100
	return sorted[max(i-1, 0)]
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

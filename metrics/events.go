package metrics

import "time"

// FilingStored counts a filing the pipeline read and stored with its facts; changed is false
// when the store already held the same content.
func (m *Metrics) FilingStored(facts int, changed bool) {
	if m == nil {
		return
	}
	outcome := "unchanged"
	if changed {
		outcome = "changed"
	}
	m.filings.WithLabelValues(outcome).Inc()
	m.facts.Add(float64(facts))
}

// FilingSkipped counts a document skipped at ingest; reason is its stable reason class
// (ingest.Reason*, or the pipeline's own few classes).
func (m *Metrics) FilingSkipped(reason string) {
	if m == nil {
		return
	}
	m.skipped.WithLabelValues(reason).Inc()
}

// Poll is what one EDGAR poll did, in the terms the metrics count.
type Poll struct {
	Started  time.Time
	Found    int  // new filings of interest downloaded
	Ingested int  // of those, accepted by the pipeline
	Errors   int  // failed requests and filings; the poll went on past them
	Failed   bool // no feed could be read at all
}

// Polled counts one EDGAR poll. A poll that read the feed sets the last-success time, even
// when some filings failed (they are retried by the next poll).
func (m *Metrics) Polled(p Poll) {
	if m == nil {
		return
	}
	outcome := "ok"
	switch {
	case p.Failed:
		outcome = "failed"
	case p.Errors > 0:
		outcome = "partial"
	}
	m.polls.WithLabelValues(outcome).Inc()
	m.pollErrors.Add(float64(p.Errors))
	m.pollFound.Add(float64(p.Found))
	m.pollIngested.Add(float64(p.Ingested))
	if !p.Failed {
		m.pollLastSuccess.Set(float64(p.Started.UnixNano()) / 1e9)
	}
}

// SubscriberDropped counts a stream subscriber disconnected for being too slow, by topic and
// reason (the hub's two: buffer_full, write_timeout).
func (m *Metrics) SubscriberDropped(topic, reason string) {
	if m == nil {
		return
	}
	m.sseDropped.WithLabelValues(topic, reason).Inc()
}

// WebhookAttempt counts one delivery attempt by outcome (the webhook service's three:
// succeeded, retrying, failed).
func (m *Metrics) WebhookAttempt(outcome string) {
	if m == nil {
		return
	}
	m.webhookAttempts.WithLabelValues(outcome).Inc()
}

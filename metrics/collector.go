package metrics

import (
	"context"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Sources are read when Prometheus scrapes: what lives in the store, the index or the stream
// hub is asked for then instead of being mirrored in counters that could drift. Each is
// optional (nil: its series are left out) and must be cheap and bounded: a scrape waits for
// all of them, at most ScrapeTimeout.
type Sources struct {
	// StoreBytes is the Badger store's size on disk: its LSM tree (SST files) and value log.
	StoreBytes func() (lsm, vlog int64, err error)
	// Index is the search index: documents and bytes on disk.
	Index func(ctx context.Context) (docs uint64, bytes int64, err error)
	// WebhookQueue is the number of webhook deliveries waiting (due now or later).
	WebhookQueue func(ctx context.Context) (int, error)
	// Subscribers is the number of live stream subscribers of a topic, for each of Topics.
	Subscribers func(topic string) int
	Topics      []string
	// DataVersion is when the served data last changed (the watermark every response's asOf
	// carries) and the index's write generation.
	DataVersion func(ctx context.Context) (watermark time.Time, generation uint64, err error)
	// Reextract is the position of the background re-extraction of stale filings: the stale
	// filings it started with, those handled so far, and whether it runs.
	Reextract func() (stale, done int, running bool)
	// SharedCounters are a cluster node's adds to the shared JetStream counters (rate-limit
	// windows, usage) and the compare-and-sets among them another node's write beat; ok is
	// false outside a cluster.
	SharedCounters func() (adds, conflicts uint64, ok bool)
}

// ScrapeTimeout bounds the reads of one scrape.
const ScrapeTimeout = 5 * time.Second

func desc(name, help string, labels ...string) *prometheus.Desc {
	return prometheus.NewDesc(prometheus.BuildFQName(Namespace, "", name), help, labels, nil)
}

var (
	descLSM        = desc("store_lsm_bytes", "Size on disk of the Badger store's LSM tree (SST files).")
	descVlog       = desc("store_vlog_bytes", "Size on disk of the Badger store's value log files.")
	descIndexDocs  = desc("index_documents", "Documents (SPACs) in the search index.")
	descIndexBytes = desc("index_bytes", "Size on disk of the Bleve search index.")
	descQueue      = desc("webhook_queue_depth", "Webhook deliveries waiting in the persistent queue (due now or scheduled for a retry).")
	descSubs       = desc("sse_subscribers", "Live stream (Server-Sent Events) subscribers, by topic.", "topic")
	descWatermark  = desc("data_watermark_timestamp_seconds", "Unix time the served data last changed (the asOf of responses).")
	descGeneration = desc("index_generation", "Writes applied to the search index since it was opened: part of the data version.")
	descStale      = desc("reextract_stale_filings", "Stored filings whose facts an older extractor derived, when the background re-extraction started (after it: those left stale).")
	descDone       = desc("reextract_done_filings", "Stale filings the background re-extraction has handled so far.")
	descRunning    = desc("reextract_running", "1 while the background re-extraction of stale filings runs, else 0.")
	descCASAdds    = desc("shared_counter_adds_total", "Adds this node made to the cluster's shared counters (rate-limit windows, usage).")
	descCASLost    = desc("shared_counter_conflicts_total", "Compare-and-sets of those adds that lost to a newer write (each read and tried again).")
)

// sourceCollector turns Sources into series at scrape time.
type sourceCollector struct {
	src Sources
	log *slog.Logger
}

func newSourceCollector(src Sources, log *slog.Logger) *sourceCollector {
	return &sourceCollector{src: src, log: log}
}

func (c *sourceCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{descLSM, descVlog, descIndexDocs, descIndexBytes, descQueue, descSubs, descWatermark, descGeneration, descStale, descDone, descRunning, descCASAdds, descCASLost} {
		ch <- d
	}
}

func (c *sourceCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), ScrapeTimeout)
	defer cancel()
	c.collectStore(ch)
	c.collectIndex(ctx, ch)
	c.collectLive(ctx, ch)
	c.collectVersion(ctx, ch)
	c.collectReextract(ch)
	c.collectShared(ch)
}

func (c *sourceCollector) collectShared(ch chan<- prometheus.Metric) {
	if c.src.SharedCounters == nil {
		return
	}
	if adds, conflicts, ok := c.src.SharedCounters(); ok {
		ch <- prometheus.MustNewConstMetric(descCASAdds, prometheus.CounterValue, float64(adds))
		ch <- prometheus.MustNewConstMetric(descCASLost, prometheus.CounterValue, float64(conflicts))
	}
}

func (c *sourceCollector) collectReextract(ch chan<- prometheus.Metric) {
	if c.src.Reextract == nil {
		return
	}
	stale, done, running := c.src.Reextract()
	ch <- gauge(descStale, float64(stale))
	ch <- gauge(descDone, float64(done))
	run := 0.0
	if running {
		run = 1
	}
	ch <- gauge(descRunning, run)
}

// failed reports a source's error as an invalid metric (the scrape goes on without it, see
// Handler) and logs it.
func (c *sourceCollector) failed(ch chan<- prometheus.Metric, d *prometheus.Desc, what string, err error) {
	c.log.Warn("metrics: reading a source", "source", what, "err", err)
	ch <- prometheus.NewInvalidMetric(d, err)
}

func gauge(d *prometheus.Desc, v float64, labels ...string) prometheus.Metric {
	return prometheus.MustNewConstMetric(d, prometheus.GaugeValue, v, labels...)
}

func (c *sourceCollector) collectStore(ch chan<- prometheus.Metric) {
	if c.src.StoreBytes == nil {
		return
	}
	lsm, vlog, err := c.src.StoreBytes()
	if err != nil {
		c.failed(ch, descLSM, "store", err)
		return
	}
	ch <- gauge(descLSM, float64(lsm))
	ch <- gauge(descVlog, float64(vlog))
}

func (c *sourceCollector) collectIndex(ctx context.Context, ch chan<- prometheus.Metric) {
	if c.src.Index == nil {
		return
	}
	docs, size, err := c.src.Index(ctx)
	if err != nil {
		c.failed(ch, descIndexDocs, "index", err)
		return
	}
	ch <- gauge(descIndexDocs, float64(docs))
	ch <- gauge(descIndexBytes, float64(size))
}

func (c *sourceCollector) collectLive(ctx context.Context, ch chan<- prometheus.Metric) {
	if c.src.WebhookQueue != nil {
		if n, err := c.src.WebhookQueue(ctx); err != nil {
			c.failed(ch, descQueue, "webhook queue", err)
		} else {
			ch <- gauge(descQueue, float64(n))
		}
	}
	if c.src.Subscribers != nil {
		for _, topic := range c.src.Topics {
			ch <- gauge(descSubs, float64(c.src.Subscribers(topic)), topic)
		}
	}
}

func (c *sourceCollector) collectVersion(ctx context.Context, ch chan<- prometheus.Metric) {
	if c.src.DataVersion == nil {
		return
	}
	wm, gen, err := c.src.DataVersion(ctx)
	if err != nil {
		c.failed(ch, descWatermark, "data version", err)
		return
	}
	var at float64 // 0 before anything was stored
	if !wm.IsZero() {
		at = float64(wm.UnixNano()) / 1e9
	}
	ch <- gauge(descWatermark, at)
	ch <- gauge(descGeneration, float64(gen))
}

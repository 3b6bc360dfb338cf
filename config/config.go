// Package config loads the typed service configuration with viper: defaults, then a config file
// (YAML/TOML/JSON), then environment variables SPACD_* (nested keys joined by "_", e.g.
// SPACD_HTTP_ADDR), then command-line flags. Only cmd/ reads it; every other package receives
// plain values.
package config

import (
	"time"
)

// Config is the whole service configuration.
type Config struct {
	DataDir  string        `mapstructure:"data_dir"` // Badger store and Bleve index live below it
	Fixtures bool          `mapstructure:"fixtures"` // build from the embedded fixtures when the store is empty
	Log      LogConfig     `mapstructure:"log"`
	HTTP     HTTPConfig    `mapstructure:"http"`
	Access   AccessConfig  `mapstructure:"access"`
	Alerts   AlertConfig   `mapstructure:"alerts"`
	Webhooks WebhookConfig `mapstructure:"webhooks"`
	Streams  StreamsConfig `mapstructure:"streams"`
	EDGAR    EDGARConfig   `mapstructure:"edgar"`
	News     NewsConfig    `mapstructure:"news"`
	Quotes   QuotesConfig  `mapstructure:"quotes"`
	Metrics  MetricsConfig `mapstructure:"metrics"`
	Cluster  ClusterConfig `mapstructure:"cluster"`
}

// Roles of serve (cluster.role, flag --role; docs/operating.md, "Cluster").
const (
	RoleSingle  = "single"  // one process does everything (the default)
	RoleWriter  = "writer"  // ingests, folds, alerts, news, webhooks; journals and publishes every change
	RoleReplica = "replica" // serves the API from a local read model fed by the writer's stream
)

// ClusterConfig places the process in a cluster of one writer and replicas.
type ClusterConfig struct {
	Role string     `mapstructure:"role"`
	NATS NATSConfig `mapstructure:"nats"`
}

// NATSConfig reaches the JetStream stream the writer publishes to.
type NATSConfig struct {
	URL      string `mapstructure:"url"`      // comma-separated server URLs
	Stream   string `mapstructure:"stream"`   // the stream's name
	Replicas int    `mapstructure:"replicas"` // copies of the stream on the NATS cluster
	// SnapshotEvery is how often the writer snapshots what replicas hold (when something
	// changed); 0: never. KeepChanges is how many changes before its latest snapshot the
	// stream keeps (older ones are purged: a replica further behind loads the snapshot).
	SnapshotEvery time.Duration `mapstructure:"snapshot_every"`
	KeepChanges   int           `mapstructure:"keep_changes"`
}

// MetricsConfig configures the Prometheus metrics listener.
type MetricsConfig struct {
	// Addr is the metrics listener's own address (e.g. 127.0.0.1:9090); empty: no metrics are
	// served. The public API address never serves them.
	Addr string `mapstructure:"addr"`
}

// LogConfig selects the slog handler.
type LogConfig struct {
	Level  string `mapstructure:"level"`  // debug | info | warn | error
	Format string `mapstructure:"format"` // json | text
}

// HTTPConfig configures the listener and its timeouts.
type HTTPConfig struct {
	Addr              string        `mapstructure:"addr"`
	ReadHeaderTimeout time.Duration `mapstructure:"read_header_timeout"`
	ReadTimeout       time.Duration `mapstructure:"read_timeout"` // a request body must arrive within it
	IdleTimeout       time.Duration `mapstructure:"idle_timeout"`
	ShutdownTimeout   time.Duration `mapstructure:"shutdown_timeout"`
	TrustedProxies    []string      `mapstructure:"trusted_proxies"`
	CORSOrigins       []string      `mapstructure:"cors_origins"`
	BenchRoutes       bool          `mapstructure:"bench_routes"` // serve /_bench/* trivial handlers for the load script
}

// AccessConfig configures keys, tiers and the anonymous sample.
type AccessConfig struct {
	AdminToken    string                `mapstructure:"admin_token"`
	SampleSymbols []string              `mapstructure:"sample_symbols"` // empty = the fixtures' sample
	Tiers         map[string]TierConfig `mapstructure:"tiers"`          // overrides of the defaults
	// AuthFailuresPerMinute is how many failed authentications (unknown, revoked or malformed
	// key, wrong admin token) one client IP may make per clock minute before it is answered
	// 429; 0 = unlimited.
	AuthFailuresPerMinute int `mapstructure:"auth_failures_per_minute"`
}

// TierConfig overrides one tier's limits; an unset field keeps the default, 0 = unlimited.
type TierConfig struct {
	PerMinute *int `mapstructure:"per_minute"`
	PerDay    *int `mapstructure:"per_day"`
}

// TierNames are the tiers whose limits the environment can override
// (SPACD_ACCESS_TIERS_<TIER>_PER_MINUTE, ..._PER_DAY).
var TierNames = []string{"anonymous", "free", "indie", "pro", "institutional", "team", "enterprise"}

// AlertConfig holds alert thresholds (percentages as decimal strings).
type AlertConfig struct {
	HighRedemptionsWarn     string `mapstructure:"high_redemptions_warn"`
	HighRedemptionsHigh     string `mapstructure:"high_redemptions_high"`
	HighRedemptionsCritical string `mapstructure:"high_redemptions_critical"`
	TrustDrawdownPct        string `mapstructure:"trust_drawdown_pct"`
	LockupWindowDays        int    `mapstructure:"lockup_window_days"`
	YTMThresholdPct         string `mapstructure:"ytm_threshold_pct"`
	WindowDays              int    `mapstructure:"window_days"` // older events are recorded as historical
}

// WebhookConfig configures webhook delivery.
type WebhookConfig struct {
	AllowPrivateTargets bool          `mapstructure:"allow_private_targets"`
	Timeout             time.Duration `mapstructure:"timeout"`
	Workers             int           `mapstructure:"workers"`
	MaxPerKey           int           `mapstructure:"max_per_key"` // endpoints one API key may register
	// RetrySchedule is the delay before each retry (empty = the schedule of docs/decisions.md 5 s, 5 m,
	// 30 m, 2 h, 5 h, 10 h, 24 h). Tests shorten it; env: comma-separated durations.
	RetrySchedule []time.Duration `mapstructure:"retry_schedule"`
}

// StreamsConfig bounds the SSE streams open at once (each holds a connection, a goroutine and
// a subscriber buffer while its client stays).
type StreamsConfig struct {
	MaxPerKey int `mapstructure:"max_per_key"` // per API key, or per client IP for anonymous callers
	Max       int `mapstructure:"max"`         // in total
}

// EDGARConfig configures the live EDGAR poller (off by default).
type EDGARConfig struct {
	Enabled      bool          `mapstructure:"enabled"`
	BaseURL      string        `mapstructure:"base_url"`
	Submissions  string        `mapstructure:"submissions_base_url"` // data.sec.gov
	UserAgent    string        `mapstructure:"user_agent"`
	PollInterval time.Duration `mapstructure:"poll_interval"`
	RatePerSec   float64       `mapstructure:"rate_per_sec"`
	CIKs         []string      `mapstructure:"ciks"` // tracked CIKs besides SIC 6770
	// Backfill runs `spacd backfill` inside serve (resuming an interrupted one): the SPACs
	// that filed since BackfillSince, discovered from EDGAR's indexes, fetched as history.
	Backfill      bool   `mapstructure:"backfill"`
	BackfillSince string `mapstructure:"backfill_since"` // YYYY-MM-DD
}

// NewsConfig lists the news feeds (empty = the embedded fixture feed when fixtures is on, else none).
type NewsConfig struct {
	Feeds        []string      `mapstructure:"feeds"`
	PollInterval time.Duration `mapstructure:"poll_interval"`
}

// QuotesConfig names the quotes file used for YTM, CSV or NDJSON (empty = the embedded
// fixture quotes when fixtures is on, else none).
type QuotesConfig struct {
	File string `mapstructure:"file"`
}

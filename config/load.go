package config

import (
	"fmt"
	"net"
	"slices"
	"strings"
	"time"

	"github.com/spf13/pflag"
	"github.com/spf13/viper"

	"github.com/spacdata/spac/ingest/alerts"
	"github.com/spacdata/spac/internal/editdist"
)

// alertDefaults are the thresholds of docs/decisions.md, kept in one place: the alert rules'
// DefaultConfig, which also fills in a threshold that does not parse.
var alertDefaults = alerts.DefaultConfig()

// defaults are the values used when nothing else sets a key. Every key must have a default:
// the environment overlay only knows the keys listed here.
var defaults = map[string]any{
	"data_dir":                         "./data",
	"fixtures":                         true,
	"log.level":                        "info",
	"log.format":                       "json",
	"http.addr":                        ":8080",
	"http.read_header_timeout":         5 * time.Second,
	"http.read_timeout":                30 * time.Second,
	"http.idle_timeout":                120 * time.Second,
	"http.shutdown_timeout":            15 * time.Second,
	"http.trusted_proxies":             []string{},
	"http.cors_origins":                []string{"*"},
	"http.bench_routes":                false,
	"access.admin_token":               "",
	"access.sample_symbols":            []string{},
	"access.tiers":                     map[string]any{},
	"access.auth_failures_per_minute":  20,
	"alerts.high_redemptions_warn":     alertDefaults.HighRedemptionsWarn,
	"alerts.high_redemptions_high":     alertDefaults.HighRedemptionsHigh,
	"alerts.high_redemptions_critical": alertDefaults.HighRedemptionsCritical,
	"alerts.trust_drawdown_pct":        alertDefaults.TrustDrawdownPct,
	"alerts.lockup_window_days":        alertDefaults.LockupWindowDays,
	"alerts.ytm_threshold_pct":         alertDefaults.YTMThresholdPct,
	"alerts.window_days":               alertDefaults.WindowDays,
	"webhooks.allow_private_targets":   false,
	"webhooks.timeout":                 10 * time.Second,
	"webhooks.workers":                 4,
	"webhooks.max_per_key":             25,
	"webhooks.retry_schedule":          []string{},
	"streams.max_per_key":              5,
	"streams.max":                      500,
	"edgar.enabled":                    false,
	"edgar.base_url":                   "https://www.sec.gov",
	"edgar.submissions_base_url":       "https://data.sec.gov",
	"edgar.user_agent":                 "spacd/1.0 admin@example.com",
	"edgar.poll_interval":              60 * time.Second,
	"edgar.rate_per_sec":               10.0,
	"edgar.ciks":                       []string{},
	"edgar.backfill":                   false,
	"edgar.backfill_since":             "2020-01-01",
	"news.feeds":                       []string{},
	"news.poll_interval":               5 * time.Minute,
	"quotes.file":                      "",
	"metrics.addr":                     "",
	"cluster.role":                     RoleSingle,
	"cluster.nats.url":                 "nats://127.0.0.1:4222",
	"cluster.nats.stream":              "SPAC_CHANGES",
	"cluster.nats.replicas":            1,
	"cluster.nats.snapshot_every":      10 * time.Minute,
	"cluster.nats.keep_changes":        100000,
}

// Names of the configuration flags.
const (
	FlagConfig   = "config"
	FlagDataDir  = "data-dir"
	FlagAddr     = "addr"
	FlagLogLevel = "log-level"
	FlagRole     = "role"
)

// flagUsage is the help text of each configuration flag.
var flagUsage = map[string]string{
	FlagConfig:   "configuration file (YAML, TOML or JSON)",
	FlagDataDir:  "data directory (config key data_dir)",
	FlagAddr:     "listen address (config key http.addr)",
	FlagLogLevel: "log level (config key log.level)",
	FlagRole:     "single, writer or replica (config key cluster.role; see docs/operating.md)",
}

// Flags declares every command-line flag that overrides a configuration key.
func Flags(fs *pflag.FlagSet) {
	FlagsFor(fs, FlagConfig, FlagDataDir, FlagAddr, FlagLogLevel)
}

// FlagsFor declares only the named configuration flags: a command offers the flags of the
// keys it reads (--addr only where something listens). An unknown name panics: it is a
// programming error caught by any test that builds the command.
func FlagsFor(fs *pflag.FlagSet, names ...string) {
	for _, name := range names {
		usage, ok := flagUsage[name]
		if !ok {
			panic("config: no flag " + name)
		}
		fs.String(name, "", usage)
	}
}

// flagKeys maps flag names to configuration keys.
var flagKeys = map[string]string{"data-dir": "data_dir", "addr": "http.addr", "log-level": "log.level", "role": "cluster.role"}

// Load builds the configuration: defaults < file < environment (SPACD_*) < flags. getenv is
// injected so tests need not touch the process environment.
func Load(fs *pflag.FlagSet, getenv func(string) string) (Config, error) {
	v := viper.New()
	for k, val := range defaults {
		v.SetDefault(k, val)
	}
	if err := readFile(v, fs, getenv); err != nil {
		return Config{}, err
	}
	overlayEnv(v, getenv)
	overlayTierEnv(v, getenv)
	overlayFlags(v, fs)
	var c Config
	if err := v.Unmarshal(&c); err != nil {
		return Config{}, fmt.Errorf("config: %w", err)
	}
	return c, c.Validate()
}

func readFile(v *viper.Viper, fs *pflag.FlagSet, getenv func(string) string) error {
	path := getenv("SPACD_CONFIG")
	if fs != nil {
		if f := fs.Lookup("config"); f != nil && f.Changed {
			path = f.Value.String()
		}
	}
	if path == "" {
		return nil
	}
	v.SetConfigFile(path)
	if err := v.ReadInConfig(); err != nil {
		return fmt.Errorf("config file %s: %w", path, err)
	}
	return checkKeys(path)
}

// checkKeys refuses a file setting a key the configuration does not have: a misspelt key
// would otherwise be ignored and its setting silently lost. The error names the key, the
// file and the closest known key.
func checkKeys(path string) error {
	fv := viper.New()
	fv.SetConfigFile(path)
	if err := fv.ReadInConfig(); err != nil {
		return fmt.Errorf("config file %s: %w", path, err)
	}
	keys := fv.AllKeys()
	slices.Sort(keys)
	for _, k := range keys {
		if !knownKey(k) {
			return fmt.Errorf("config file %s: unknown key %q%s", path, k, suggestKey(k))
		}
	}
	return nil
}

// knownKey reports whether k is a configuration key: one with a default, or a tier limit.
func knownKey(k string) bool {
	if _, ok := defaults[k]; ok {
		return true
	}
	for _, tier := range TierNames {
		if k == "access.tiers."+tier+".per_minute" || k == "access.tiers."+tier+".per_day" {
			return true
		}
	}
	return false
}

// suggestKey names the known key closest to k (at most 3 edits away), if any.
func suggestKey(k string) string {
	best, bestDist := "", 4
	for known := range defaults {
		if d := editdist.Levenshtein(k, known); d < bestDist || (d == bestDist && known < best) {
			best, bestDist = known, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}

// overlayEnv sets every known key from SPACD_<KEY> where "." becomes "_". Lists are
// comma-separated.
func overlayEnv(v *viper.Viper, getenv func(string) string) {
	for k, def := range defaults {
		name := "SPACD_" + strings.ToUpper(strings.ReplaceAll(k, ".", "_"))
		val := getenv(name)
		if val == "" {
			continue
		}
		if _, isList := def.([]string); isList {
			v.Set(k, splitList(val))
			continue
		}
		v.Set(k, val)
	}
}

// overlayTierEnv sets tier limits from SPACD_ACCESS_TIERS_<TIER>_PER_MINUTE / _PER_DAY; the
// tiers map has no defaults for overlayEnv to find.
func overlayTierEnv(v *viper.Viper, getenv func(string) string) {
	for _, tier := range TierNames {
		for _, field := range []string{"per_minute", "per_day"} {
			key := "access.tiers." + tier + "." + field
			if val := getenv("SPACD_" + strings.ToUpper(strings.ReplaceAll(key, ".", "_"))); val != "" {
				v.Set(key, val)
			}
		}
	}
}

func overlayFlags(v *viper.Viper, fs *pflag.FlagSet) {
	if fs == nil {
		return
	}
	for flag, key := range flagKeys {
		if f := fs.Lookup(flag); f != nil && f.Changed {
			v.Set(key, f.Value.String())
		}
	}
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// Validate rejects configurations the service cannot run with.
func (c Config) Validate() error {
	if c.DataDir == "" {
		return fmt.Errorf("config: data_dir must not be empty")
	}
	if c.HTTP.Addr == "" {
		return fmt.Errorf("config: http.addr must not be empty")
	}
	switch c.Log.Format {
	case "json", "text":
	default:
		return fmt.Errorf("config: log.format must be json or text, got %q", c.Log.Format)
	}
	if c.HTTP.ReadHeaderTimeout <= 0 || c.HTTP.ReadTimeout <= 0 {
		return fmt.Errorf("config: http.read_header_timeout and http.read_timeout must be positive (an unbounded read lets slow clients hold connections)")
	}
	if err := c.Metrics.validate(c.HTTP.Addr); err != nil {
		return err
	}
	if c.Access.AuthFailuresPerMinute < 0 {
		return fmt.Errorf("config: access.auth_failures_per_minute must be >= 0 (0 = unlimited), got %d", c.Access.AuthFailuresPerMinute)
	}
	if c.Webhooks.MaxPerKey < 1 {
		return fmt.Errorf("config: webhooks.max_per_key must be at least 1, got %d", c.Webhooks.MaxPerKey)
	}
	if c.Webhooks.Workers < 1 {
		return fmt.Errorf("config: webhooks.workers must be at least 1, got %d", c.Webhooks.Workers)
	}
	if c.Streams.MaxPerKey < 1 || c.Streams.Max < c.Streams.MaxPerKey {
		return fmt.Errorf("config: streams.max_per_key must be at least 1 and streams.max at least as large, got %d and %d", c.Streams.MaxPerKey, c.Streams.Max)
	}
	for _, d := range c.Webhooks.RetrySchedule {
		if d <= 0 {
			return fmt.Errorf("config: webhooks.retry_schedule delays must be positive, got %s", d)
		}
	}
	if err := c.Cluster.validate(); err != nil {
		return err
	}
	if (c.EDGAR.Enabled || c.EDGAR.Backfill) && c.EDGAR.UserAgent == "" {
		return fmt.Errorf("config: edgar.user_agent is required when edgar.enabled or edgar.backfill (SEC fair-access policy)")
	}
	if _, err := time.Parse(time.DateOnly, c.EDGAR.BackfillSince); err != nil {
		return fmt.Errorf("config: edgar.backfill_since must be a date YYYY-MM-DD, got %q", c.EDGAR.BackfillSince)
	}
	return nil
}

// validate checks the metrics listener's address: host:port, and not the API's own address
// (the public port never serves metrics).
func (m MetricsConfig) validate(httpAddr string) error {
	if m.Addr == "" {
		return nil
	}
	if _, _, err := net.SplitHostPort(m.Addr); err != nil {
		return fmt.Errorf("config: metrics.addr %q is not host:port: %w", m.Addr, err)
	}
	if m.Addr == httpAddr && !strings.HasSuffix(m.Addr, ":0") {
		return fmt.Errorf("config: metrics.addr %q is http.addr: metrics need an address of their own", m.Addr)
	}
	return nil
}

// validate checks the role and, outside the single process, the stream's settings.
func (c ClusterConfig) validate() error {
	switch c.Role {
	case RoleSingle:
		return nil
	case RoleWriter, RoleReplica:
	default:
		return fmt.Errorf("config: cluster.role must be single, writer or replica, got %q", c.Role)
	}
	if c.NATS.URL == "" || c.NATS.Stream == "" {
		return fmt.Errorf("config: cluster.nats.url and cluster.nats.stream are needed by the %s role", c.Role)
	}
	if c.NATS.Replicas < 1 || c.NATS.Replicas > 5 {
		return fmt.Errorf("config: cluster.nats.replicas must be 1 to 5, got %d", c.NATS.Replicas)
	}
	if c.NATS.SnapshotEvery < 0 || c.NATS.KeepChanges < 0 {
		return fmt.Errorf("config: cluster.nats.snapshot_every and keep_changes must not be negative")
	}
	return nil
}

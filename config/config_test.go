package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spf13/pflag"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestDefaults(t *testing.T) {
	c, err := Load(nil, env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.HTTP.Addr != ":8080" || c.DataDir != "./data" || !c.Fixtures {
		t.Fatalf("defaults not applied: %+v", c)
	}
	if c.HTTP.ReadHeaderTimeout != 5*time.Second || c.EDGAR.Enabled {
		t.Fatalf("defaults not applied: %+v", c.HTTP)
	}
}

func TestPrecedenceFileEnvFlag(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "spacd.yaml")
	body := "data_dir: /from/file\nhttp:\n  addr: \":1111\"\naccess:\n  sample_symbols: [AAA, BBB]\n  tiers:\n    free: {per_minute: 7, per_day: 70}\n"
	if err := os.WriteFile(file, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	fs := pflag.NewFlagSet("t", pflag.ContinueOnError)
	Flags(fs)
	if err := fs.Parse([]string{"--config", file, "--addr", ":3333"}); err != nil {
		t.Fatal(err)
	}
	c, err := Load(fs, env(map[string]string{"SPACD_HTTP_ADDR": ":2222", "SPACD_DATA_DIR": "/from/env", "SPACD_EDGAR_CIKS": "1, 2"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.HTTP.Addr != ":3333" {
		t.Errorf("flag should win: addr %q", c.HTTP.Addr)
	}
	if c.DataDir != "/from/env" {
		t.Errorf("env should beat file: data_dir %q", c.DataDir)
	}
	if free := c.Access.Tiers["free"]; len(c.Access.SampleSymbols) != 2 || free.PerDay == nil || *free.PerDay != 70 {
		t.Errorf("file values lost: %+v", c.Access)
	}
	if len(c.EDGAR.CIKs) != 2 || c.EDGAR.CIKs[1] != "2" {
		t.Errorf("env list not split: %q", c.EDGAR.CIKs)
	}
}

func TestValidateRejects(t *testing.T) {
	_, err := Load(nil, env(map[string]string{"SPACD_LOG_FORMAT": "xml"}))
	if err == nil {
		t.Fatal("want error for log.format xml")
	}
	_, err = Load(nil, env(map[string]string{"SPACD_CONFIG": "/nonexistent/spacd.yaml"}))
	if err == nil {
		t.Fatal("want error for a missing config file")
	}
}

// Durations come from the environment as strings: single values and comma lists.
func TestEnvDurations(t *testing.T) {
	c, err := Load(nil, env(map[string]string{"SPACD_EDGAR_POLL_INTERVAL": "200ms", "SPACD_WEBHOOKS_RETRY_SCHEDULE": "1s, 250ms"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.EDGAR.PollInterval != 200*time.Millisecond {
		t.Errorf("edgar.poll_interval = %v, want 200ms", c.EDGAR.PollInterval)
	}
	if s := c.Webhooks.RetrySchedule; len(s) != 2 || s[0] != time.Second || s[1] != 250*time.Millisecond {
		t.Errorf("webhooks.retry_schedule = %v, want [1s 250ms]", s)
	}
	if def, _ := Load(nil, env(nil)); len(def.Webhooks.RetrySchedule) != 0 {
		t.Errorf("default retry_schedule = %v, want empty (the package default)", def.Webhooks.RetrySchedule)
	}
	if _, err := Load(nil, env(map[string]string{"SPACD_WEBHOOKS_RETRY_SCHEDULE": "1s,-2s"})); err == nil {
		t.Error("negative retry delay accepted")
	}
}

func TestTierLimitsFromEnv(t *testing.T) {
	c, err := Load(nil, env(map[string]string{"SPACD_ACCESS_TIERS_ANONYMOUS_PER_MINUTE": "1000"}))
	if err != nil {
		t.Fatal(err)
	}
	anon, ok := c.Access.Tiers["anonymous"]
	if !ok || anon.PerMinute == nil || *anon.PerMinute != 1000 {
		t.Fatalf("anonymous per_minute not set from env: %+v", c.Access.Tiers)
	}
	if anon.PerDay != nil {
		t.Errorf("per_day should stay unset (the default applies), got %d", *anon.PerDay)
	}
}

// TestHardeningKeys: the read timeout, the failed-authentication limit and the webhook cap
// have sane defaults, come from the environment, and cannot be switched off by mistake.
func TestHardeningKeys(t *testing.T) {
	c, err := Load(nil, env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.HTTP.ReadTimeout != 30*time.Second || c.Access.AuthFailuresPerMinute != 20 || c.Webhooks.MaxPerKey != 25 {
		t.Fatalf("defaults: read_timeout %v, auth_failures_per_minute %d, max_per_key %d",
			c.HTTP.ReadTimeout, c.Access.AuthFailuresPerMinute, c.Webhooks.MaxPerKey)
	}
	c, err = Load(nil, env(map[string]string{"SPACD_HTTP_READ_TIMEOUT": "2s",
		"SPACD_ACCESS_AUTH_FAILURES_PER_MINUTE": "0", "SPACD_WEBHOOKS_MAX_PER_KEY": "3"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.HTTP.ReadTimeout != 2*time.Second || c.Access.AuthFailuresPerMinute != 0 || c.Webhooks.MaxPerKey != 3 {
		t.Fatalf("from env: %v %d %d", c.HTTP.ReadTimeout, c.Access.AuthFailuresPerMinute, c.Webhooks.MaxPerKey)
	}
	for k, v := range map[string]string{"SPACD_HTTP_READ_TIMEOUT": "0s", "SPACD_HTTP_READ_HEADER_TIMEOUT": "0s",
		"SPACD_ACCESS_AUTH_FAILURES_PER_MINUTE": "-1", "SPACD_WEBHOOKS_MAX_PER_KEY": "0"} {
		if _, err := Load(nil, env(map[string]string{k: v})); err == nil {
			t.Errorf("%s=%s accepted", k, v)
		}
	}
}

// TestMetricsAddr: off by default, set from the environment, and refused when it is not
// host:port or is the API's own address.
func TestMetricsAddr(t *testing.T) {
	c, err := Load(nil, env(nil))
	if err != nil || c.Metrics.Addr != "" {
		t.Fatalf("default metrics.addr %q, %v; want empty (off)", c.Metrics.Addr, err)
	}
	if c, err = Load(nil, env(map[string]string{"SPACD_METRICS_ADDR": "127.0.0.1:9090"})); err != nil || c.Metrics.Addr != "127.0.0.1:9090" {
		t.Fatalf("SPACD_METRICS_ADDR: %q, %v", c.Metrics.Addr, err)
	}
	for _, bad := range []map[string]string{
		{"SPACD_METRICS_ADDR": "9090"},
		{"SPACD_METRICS_ADDR": ":8080"},
		{"SPACD_METRICS_ADDR": "127.0.0.1:7000", "SPACD_HTTP_ADDR": "127.0.0.1:7000"},
	} {
		if _, err := Load(nil, env(bad)); err == nil || !strings.Contains(err.Error(), "metrics.addr") {
			t.Errorf("%v: err %v, want one naming metrics.addr", bad, err)
		}
	}
}

package config

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestUnknownKeyInFileIsAnError: a misspelt key is refused with the key, the file and the
// closest known key, in each file format; a tier limit of a known tier is a key.
func TestUnknownKeyInFileIsAnError(t *testing.T) {
	for _, tc := range []struct{ name, body, key, hint string }{
		{"spacd.yaml", "http:\n  adr: \":1\"\n", "http.adr", "http.addr"},
		{"spacd.toml", "[webhooks]\nmax_per_keys = 3\n", "webhooks.max_per_keys", "webhooks.max_per_key"},
		{"spacd.json", `{"data_dri": "/x"}`, "data_dri", "data_dir"},
		{"tiers.yaml", "access:\n  tiers:\n    gold: {per_minute: 1}\n", "access.tiers.gold.per_minute", ""},
		{"nested.yaml", "log:\n  level: debug\n  colour: true\n", "log.colour", ""},
	} {
		path := filepath.Join(t.TempDir(), tc.name)
		if err := os.WriteFile(path, []byte(tc.body), 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := Load(nil, env(map[string]string{"SPACD_CONFIG": path}))
		if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), `"`+tc.key+`"`) ||
			(tc.hint != "" && !strings.Contains(err.Error(), `did you mean "`+tc.hint+`"`)) {
			t.Errorf("%s: err %v, want the file, key %q and hint %q", tc.name, err, tc.key, tc.hint)
		}
	}
	path := filepath.Join(t.TempDir(), "ok.yaml")
	body := "access:\n  tiers:\n    free: {per_minute: 7, per_day: 70}\nalerts:\n  window_days: 9\n"
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	if c, err := Load(nil, env(map[string]string{"SPACD_CONFIG": path})); err != nil || c.Alerts.WindowDays != 9 {
		t.Errorf("known keys refused: %v %+v", err, c.Alerts)
	}
}

// TestConfigurationDocListsEveryKey keeps the table of docs/configuration.md whole: a row per
// key with the SPACD_ variable that sets it.
func TestConfigurationDocListsEveryKey(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "docs", "configuration.md"))
	if err != nil {
		t.Fatal(err)
	}
	for key, def := range defaults {
		if _, isMap := def.(map[string]any); isMap {
			continue // access.tiers: its keys are access.tiers.<tier>.per_minute/per_day
		}
		envName := "SPACD_" + strings.ToUpper(strings.ReplaceAll(key, ".", "_"))
		row := regexp.MustCompile("(?m)^\\| `" + regexp.QuoteMeta(key) + "` \\| `" + envName + "` \\|")
		if !row.Match(readme) {
			t.Errorf("docs/configuration.md: no row | `%s` | `%s` |", key, envName)
		}
	}
}

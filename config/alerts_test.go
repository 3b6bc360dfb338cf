package config

import (
	"testing"

	"github.com/spacdata/spac/ingest/alerts"
)

// The configuration's alert defaults are the alert rules' own: nothing set means the thresholds
// of docs/decisions.md, exactly as alerts.DefaultConfig states them.
func TestAlertDefaultsAreTheRules(t *testing.T) {
	c, err := Load(nil, env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := alerts.Config(c.Alerts), alerts.DefaultConfig(); got != want {
		t.Errorf("alert defaults = %+v, want alerts.DefaultConfig() %+v", got, want)
	}
	c, err = Load(nil, env(map[string]string{"SPACD_ALERTS_LOCKUP_WINDOW_DAYS": "7"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.Alerts.LockupWindowDays != 7 || c.Alerts.HighRedemptionsWarn != alerts.DefaultConfig().HighRedemptionsWarn {
		t.Errorf("an overridden threshold must win and leave the others at their defaults: %+v", c.Alerts)
	}
}

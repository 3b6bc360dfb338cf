package alerts

import (
	"fmt"
	"math/big"
)

// Config holds the alert thresholds. Its fields match config.AlertConfig one for one, so the
// service converts with alerts.Config(cfg.Alerts). Percentages are decimal strings ("50").
type Config struct {
	HighRedemptionsWarn     string // redeemed / public shares before the vote, percent
	HighRedemptionsHigh     string
	HighRedemptionsCritical string
	TrustDrawdownPct        string // fall of the trust per share between two balance sheets
	LockupWindowDays        int    // lockup_expiry fires this many days ahead
	YTMThresholdPct         string // ytm_arbitrage fires at or above this annualised yield
	WindowDays              int    // an alert whose event is older than this is historical
}

// DefaultConfig returns the thresholds of docs/decisions.md and the configuration defaults.
func DefaultConfig() Config {
	return Config{
		HighRedemptionsWarn: "50", HighRedemptionsHigh: "80", HighRedemptionsCritical: "90",
		TrustDrawdownPct: "5", LockupWindowDays: 14, YTMThresholdPct: "5", WindowDays: 30,
	}
}

// rules is a Config parsed into exact numbers.
type rules struct {
	redeemWarn, redeemHigh, redeemCritical *big.Rat
	drawdown                               *big.Rat
	lockupDays, windowDays                 int
	ytm                                    *big.Rat
}

// Validate reports the first unusable threshold. Call it at startup: Evaluate and Scan fall
// back to the default for a field that does not parse.
func (c Config) Validate() error {
	_, err := c.compile()
	return err
}

func (c Config) compile() (rules, error) {
	d := DefaultConfig()
	var firstErr error
	pct := func(name, v, def string) *big.Rat {
		r, ok := parseDecimal(v)
		if !ok || r.Sign() < 0 {
			if firstErr == nil {
				firstErr = fmt.Errorf("alerts: %s = %q is not a non-negative decimal percentage", name, v)
			}
			r, _ = parseDecimal(def)
		}
		return r
	}
	r := rules{
		redeemWarn:     pct("high_redemptions_warn", c.HighRedemptionsWarn, d.HighRedemptionsWarn),
		redeemHigh:     pct("high_redemptions_high", c.HighRedemptionsHigh, d.HighRedemptionsHigh),
		redeemCritical: pct("high_redemptions_critical", c.HighRedemptionsCritical, d.HighRedemptionsCritical),
		drawdown:       pct("trust_drawdown_pct", c.TrustDrawdownPct, d.TrustDrawdownPct),
		ytm:            pct("ytm_threshold_pct", c.YTMThresholdPct, d.YTMThresholdPct),
		lockupDays:     c.LockupWindowDays,
		windowDays:     c.WindowDays,
	}
	for _, days := range []struct {
		name string
		v    *int
		def  int
	}{{"lockup_window_days", &r.lockupDays, d.LockupWindowDays}, {"window_days", &r.windowDays, d.WindowDays}} {
		if *days.v <= 0 {
			if firstErr == nil {
				firstErr = fmt.Errorf("alerts: %s = %d must be positive", days.name, *days.v)
			}
			*days.v = days.def
		}
	}
	if firstErr == nil && (r.redeemWarn.Cmp(r.redeemHigh) > 0 || r.redeemHigh.Cmp(r.redeemCritical) > 0) {
		firstErr = fmt.Errorf("alerts: high redemption thresholds must ascend (warn <= high <= critical)")
	}
	return r, firstErr
}

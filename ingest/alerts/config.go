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
	TrustDrawdownPct        string // fall of the trust beyond redemptions between two points
	LockupWindowDays        int    // lockup_expiry fires this many days ahead
	YTMThresholdPct         string // ytm_arbitrage fires at or above this annualised yield
}

// DefaultConfig returns the thresholds of DECISIONS.md and the configuration defaults.
func DefaultConfig() Config {
	return Config{
		HighRedemptionsWarn: "50", HighRedemptionsHigh: "80", HighRedemptionsCritical: "90",
		TrustDrawdownPct: "5", LockupWindowDays: 14, YTMThresholdPct: "5",
	}
}

// rules is a Config parsed into exact numbers.
type rules struct {
	redeemWarn, redeemHigh, redeemCritical *big.Rat
	drawdown                               *big.Rat
	lockupDays                             int
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
	}
	if r.lockupDays <= 0 {
		if firstErr == nil {
			firstErr = fmt.Errorf("alerts: lockup_window_days = %d must be positive", c.LockupWindowDays)
		}
		r.lockupDays = d.LockupWindowDays
	}
	if firstErr == nil && (r.redeemWarn.Cmp(r.redeemHigh) > 0 || r.redeemHigh.Cmp(r.redeemCritical) > 0) {
		firstErr = fmt.Errorf("alerts: high redemption thresholds must ascend (warn <= high <= critical)")
	}
	return r, firstErr
}

package poll

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/ingest"
)

// DefaultForms are the form types a SPAC's life runs through (docs/decisions.md, "Identity and
// lifecycle"): registration, IPO, periodic reports, proxies, merger documents (the 424B3 is
// the merger proxy once the S-4 is effective), delisting and deregistration, withdrawal. A
// backfill reaches 2004-2008 blank checks, whose reports are the small business 10-QSB and
// 10-KSB (read as the 10-Q and 10-K: spac.Filing.BaseForm).
var DefaultForms = []string{
	"S-1", "S-1/A", "424B4", "8-K", "8-K/A", "10-Q", "10-Q/A", "10-K", "10-K/A",
	"10-QSB", "10-QSB/A", "10-KSB", "10-KSB/A",
	"PRE 14A", "DEF 14A", "DEFA14A", "PREM14A", "DEFM14A",
	"S-4", "S-4/A", "F-4", "F-4/A", "424B3", "425", "25", "25-NSE", "15-12G", "15-12B", "RW",
}

// Defaults applied by New to zero fields.
const (
	DefaultBaseURL            = "https://www.sec.gov"
	DefaultSubmissionsBaseURL = "https://data.sec.gov"
	DefaultInterval           = time.Minute
	DefaultRatePerSec         = 5.0
	MaxRatePerSec             = 10.0 // SEC fair-access ceiling
	// MaxLocalRatePerSec bounds the rate against a server that is not sec.gov (a mirror, the
	// fake EDGAR of tests), where the SEC's limit does not apply.
	MaxLocalRatePerSec   = 10000.0
	DefaultMaxRetries    = 4
	DefaultBackoffBase   = 2 * time.Second
	DefaultMaxBackoff    = 2 * time.Minute
	DefaultMaxRetryAfter = 10 * time.Minute
	DefaultMaxPages      = 10
	DefaultMaxAttempts   = 5
	// DefaultMaxSubmissionBytes is the pipeline's own limit: a larger download would only be
	// read (up to 256 MiB before) to be refused by the pipeline as too_large.
	DefaultMaxSubmissionBytes = ingest.DefaultMaxBytes
	feedPageSize              = 100 // the largest count browse-edgar accepts
	maxFeedBytes              = 16 << 20
	maxSubmissionsJSONBytes   = 64 << 20
)

// Config configures a Poller. Only UserAgent is required.
type Config struct {
	// BaseURL serves /cgi-bin/browse-edgar and /Archives (default https://www.sec.gov).
	BaseURL string
	// SubmissionsBaseURL serves /submissions/CIK##########.json (default https://data.sec.gov).
	SubmissionsBaseURL string
	// UserAgent is sent on every request; the SEC's fair-access policy requires a declared
	// agent ("Company Name admin@example.com") and answers 403 without one.
	UserAgent string
	Interval  time.Duration // between polls (default 1 minute)
	// RatePerSec caps requests per second over every URL (default 5, at most 10).
	RatePerSec float64
	// CIKs are tracked whatever their SIC code; they also seed the set of known SPACs.
	CIKs []spac.CIK
	// Forms are the form types of interest (default DefaultForms), compared case-insensitively.
	Forms []string
	// FeedPerForm polls one feed per form (&type=FORM) instead of the unfiltered feed. It costs
	// more requests per poll but reaches further back for rare forms on busy days.
	FeedPerForm bool
	// MaxPages bounds the feed pages read per feed and poll (default 10).
	MaxPages int
	// MaxRetries is the number of retries after a 403/429/5xx or network error (default 4).
	MaxRetries int
	// BackoffBase is the first retry delay, doubled per retry, with jitter (default 2 s).
	BackoffBase time.Duration
	// MaxBackoff caps a computed retry delay (default 2 min).
	MaxBackoff time.Duration
	// MaxRetryAfter is the longest Retry-After honoured; longer ones fail the request (default 10 min).
	MaxRetryAfter time.Duration
	// MaxAttempts bounds how many polls retry a filing whose download or ingest failed (default 5).
	MaxAttempts int
	// MaxSubmissionBytes rejects larger full-submission files (default ingest.DefaultMaxBytes).
	MaxSubmissionBytes int64
	HTTPClient         *http.Client     // default: a client with a 5 min timeout
	Now                func() time.Time // default time.Now; stamps Result.At
	Logger             *slog.Logger     // default: discard
	// OnPoll, when set, is called after every poll the Start goroutine runs (tests hook it).
	OnPoll func(Result, error)
	// Client, when set, sends the requests instead of one built from the fields above (a
	// Client shared with a backfill keeps both under one rate limit); UserAgent, RatePerSec,
	// the retry fields and HTTPClient are then the Client's.
	Client *Client
	// State, when set, keeps the poller's paging position (feed watermarks), the filings it
	// will retry, the accessions it handled and the SIC codes it learned across restarts.
	State StateStore
}

// withDefaults returns cfg with zero fields defaulted, or an error naming the bad field.
func (cfg Config) withDefaults() (Config, error) {
	if cfg.Client != nil {
		cfg.UserAgent, cfg.RatePerSec = cfg.Client.UserAgent(), cfg.Client.RatePerSec()
	}
	if strings.TrimSpace(cfg.UserAgent) == "" {
		return cfg, errors.New("poll: UserAgent is required (SEC fair-access policy)")
	}
	var err error
	if cfg.BaseURL, err = baseURL("BaseURL", cfg.BaseURL, DefaultBaseURL); err != nil {
		return cfg, err
	}
	if cfg.SubmissionsBaseURL, err = baseURL("SubmissionsBaseURL", cfg.SubmissionsBaseURL, DefaultSubmissionsBaseURL); err != nil {
		return cfg, err
	}
	for _, u := range []string{cfg.BaseURL, cfg.SubmissionsBaseURL} {
		if err := CheckUserAgent(u, cfg.UserAgent); err != nil {
			return cfg, err
		}
	}
	if limit := RateCap(cfg.BaseURL, cfg.SubmissionsBaseURL); cfg.RatePerSec < 0 || cfg.RatePerSec > limit {
		return cfg, fmt.Errorf("poll: RatePerSec %v outside (0, %v]", cfg.RatePerSec, limit)
	}
	if cfg.Interval < 0 || cfg.MaxPages < 0 || cfg.MaxRetries < 0 || cfg.MaxAttempts < 0 {
		return cfg, errors.New("poll: Interval, MaxPages, MaxRetries and MaxAttempts must not be negative")
	}
	cfg.RatePerSec = orDefault(cfg.RatePerSec, DefaultRatePerSec)
	cfg.Interval = orDefault(cfg.Interval, DefaultInterval)
	cfg.MaxPages = orDefault(cfg.MaxPages, DefaultMaxPages)
	cfg.MaxRetries = orDefault(cfg.MaxRetries, DefaultMaxRetries)
	cfg.MaxAttempts = orDefault(cfg.MaxAttempts, DefaultMaxAttempts)
	cfg.BackoffBase = orDefault(cfg.BackoffBase, DefaultBackoffBase)
	cfg.MaxBackoff = orDefault(cfg.MaxBackoff, DefaultMaxBackoff)
	cfg.MaxRetryAfter = orDefault(cfg.MaxRetryAfter, DefaultMaxRetryAfter)
	cfg.MaxSubmissionBytes = orDefault(cfg.MaxSubmissionBytes, DefaultMaxSubmissionBytes)
	if len(cfg.Forms) == 0 {
		cfg.Forms = DefaultForms
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{Timeout: 5 * time.Minute} // large submissions take a while
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	return cfg, nil
}

func orDefault[T int | int64 | float64 | time.Duration](v, def T) T {
	if v == 0 {
		return def
	}
	return v
}

// baseURL validates an absolute http(s) URL and drops its trailing slash.
func baseURL(field, raw, def string) (string, error) {
	if strings.TrimSpace(raw) == "" {
		raw = def
	}
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", fmt.Errorf("poll: %s %q is not an absolute http(s) URL", field, raw)
	}
	return strings.TrimRight(u.String(), "/"), nil
}

package poll

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"net/mail"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"
)

// ClientConfig configures a Client. Only UserAgent is required.
type ClientConfig struct {
	// UserAgent is sent on every request ("Company Name admin@company.com", SEC fair access).
	UserAgent string
	// RatePerSec caps requests per second over every URL (default 5; at most 10, the SEC's
	// fair-access limit, unless every one of BaseURLs is a server other than sec.gov).
	RatePerSec float64
	// BaseURLs are the servers the client talks to. Only when none of them is sec.gov (a local
	// mirror, the fake EDGAR of tests) may RatePerSec exceed 10; empty counts as sec.gov.
	BaseURLs      []string
	MaxRetries    int           // retries after a 403/429/5xx or network error (default 4)
	BackoffBase   time.Duration // first retry delay, doubled per retry, with jitter (default 2 s)
	MaxBackoff    time.Duration // cap of a computed retry delay (default 2 min)
	MaxRetryAfter time.Duration // longest Retry-After honoured (default 10 min)
	HTTPClient    *http.Client  // default: a client with a 5 min timeout
	// Now and Sleep are the clock of the rate limiter and the backoff (default: real time).
	// Tests give a virtual clock, so that a long crawl runs at CPU speed and its schedule can
	// still be checked.
	Now    func() time.Time
	Sleep  func(ctx context.Context, d time.Duration) error
	Logger *slog.Logger
	// OnRequest, when set, is called with each request just before it is sent, with the time
	// the limiter let it go (tests check the request rate with it).
	OnRequest func(url string, at time.Time)
}

// Client sends GETs to EDGAR: every request carries the declared User-Agent and takes a token
// of one bucket (<= 10 requests/s, the SEC fair-access limit), failed ones are retried with
// exponential backoff on 403/429/5xx and network errors, honouring Retry-After. The poller and
// the backfill of one process share a Client, so that together they stay under the limit.
// Its methods are safe for concurrent use.
type Client struct {
	cfg   ClientConfig
	limit *limiter
	sleep func(context.Context, time.Duration) error // backoff waits
	log   *slog.Logger

	mu   sync.Mutex
	sent int
}

// NewClient validates cfg and applies the defaults.
func NewClient(cfg ClientConfig) (*Client, error) {
	if strings.TrimSpace(cfg.UserAgent) == "" {
		return nil, errors.New("poll: UserAgent is required (SEC fair-access policy)")
	}
	if limit := RateCap(cfg.BaseURLs...); cfg.RatePerSec < 0 || cfg.RatePerSec > limit {
		return nil, fmt.Errorf("poll: RatePerSec %v outside (0, %v]", cfg.RatePerSec, limit)
	}
	if cfg.MaxRetries < 0 {
		return nil, errors.New("poll: MaxRetries must not be negative")
	}
	cfg.RatePerSec = orDefault(cfg.RatePerSec, DefaultRatePerSec)
	cfg.MaxRetries = orDefault(cfg.MaxRetries, DefaultMaxRetries)
	cfg.BackoffBase = orDefault(cfg.BackoffBase, DefaultBackoffBase)
	cfg.MaxBackoff = orDefault(cfg.MaxBackoff, DefaultMaxBackoff)
	cfg.MaxRetryAfter = orDefault(cfg.MaxRetryAfter, DefaultMaxRetryAfter)
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{Timeout: 5 * time.Minute} // large submissions take a while
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Sleep == nil {
		cfg.Sleep = sleepContext
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	return &Client{cfg: cfg, limit: newLimiter(cfg.RatePerSec, cfg.Now, cfg.Sleep), sleep: cfg.Sleep, log: cfg.Logger}, nil
}

// UserAgent is the declared agent.
func (c *Client) UserAgent() string { return c.cfg.UserAgent }

// RatePerSec is the request rate the client keeps to.
func (c *Client) RatePerSec() float64 { return c.cfg.RatePerSec }

// Requests is the number of requests sent so far (retries included).
func (c *Client) Requests() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.sent
}

// StatusError is a non-200 answer from EDGAR.
type StatusError struct {
	URL        string
	StatusCode int
	RetryAfter time.Duration // from the Retry-After header, 0 when absent
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("poll: GET %s: HTTP %d", e.URL, e.StatusCode)
}

// IsNotFound reports whether err is EDGAR's 404.
func IsNotFound(err error) bool {
	var se *StatusError
	return errors.As(err, &se) && se.StatusCode == http.StatusNotFound
}

// retryable reports whether a failed GET is worth repeating: EDGAR answers 403 and 429 when a
// client goes too fast, 5xx when it is overloaded; network errors are usually transient.
func retryable(err error) bool {
	var se *StatusError
	if errors.As(err, &se) {
		return se.StatusCode == http.StatusForbidden || se.StatusCode == http.StatusTooManyRequests || se.StatusCode >= 500
	}
	return !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, ErrTooLarge)
}

// ErrTooLarge is returned for a response over the size limit of its Get.
var ErrTooLarge = errors.New("response too large")

// errTooLarge is the old name, kept for the package's own use.
var errTooLarge = ErrTooLarge

// Get fetches url (at most maxBytes), retrying retryable failures with backoff up to
// MaxRetries times.
func (c *Client) Get(ctx context.Context, url string, maxBytes int64) ([]byte, error) {
	for attempt := 0; ; attempt++ {
		body, err := c.getOnce(ctx, url, maxBytes)
		if err == nil {
			return body, nil
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if !retryable(err) || attempt >= c.cfg.MaxRetries {
			return nil, err
		}
		wait, werr := c.retryDelay(attempt, err)
		if werr != nil {
			return nil, werr
		}
		c.log.Warn("edgar request failed, backing off", "url", url, "err", err, "attempt", attempt+1, "wait", wait)
		if err := c.sleep(ctx, wait); err != nil {
			return nil, err
		}
	}
}

// getOnce sends one rate-limited GET with the declared User-Agent.
func (c *Client) getOnce(ctx context.Context, url string, maxBytes int64) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, fmt.Errorf("poll: %w", err)
	}
	req.Header.Set("User-Agent", c.cfg.UserAgent)
	at, err := c.limit.Wait(ctx)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	c.sent++
	c.mu.Unlock()
	if c.cfg.OnRequest != nil {
		c.cfg.OnRequest(url, at)
	}
	resp, err := c.cfg.HTTPClient.Do(req)
	if err != nil {
		return nil, fmt.Errorf("poll: GET %s: %w", url, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10)) // lets the connection be reused
		return nil, &StatusError{URL: url, StatusCode: resp.StatusCode, RetryAfter: c.parseRetryAfter(resp.Header.Get("Retry-After"))}
	}
	if resp.ContentLength > maxBytes {
		// Refused on its declared size, before reading; the limit below catches the others.
		return nil, fmt.Errorf("poll: GET %s: %w (%d bytes, over %d)", url, ErrTooLarge, resp.ContentLength, maxBytes)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("poll: GET %s: reading body: %w", url, err)
	}
	if int64(len(body)) > maxBytes {
		return nil, fmt.Errorf("poll: GET %s: %w (over %d bytes)", url, ErrTooLarge, maxBytes)
	}
	return body, nil
}

// retryDelay is the wait before retry number attempt+1: exponential backoff with jitter, but
// never shorter than the server's Retry-After. A Retry-After beyond MaxRetryAfter gives up,
// because sleeping that long would stall the whole poll.
func (c *Client) retryDelay(attempt int, err error) (time.Duration, error) {
	d := c.cfg.BackoffBase << min(attempt, 30)
	if d <= 0 || d > c.cfg.MaxBackoff {
		d = c.cfg.MaxBackoff
	}
	d = d/2 + time.Duration(rand.Int64N(int64(d/2)+1)) // jitter keeps clients from retrying in step
	var se *StatusError
	if errors.As(err, &se) && se.RetryAfter > 0 {
		if se.RetryAfter > c.cfg.MaxRetryAfter {
			return 0, fmt.Errorf("%w (Retry-After %s exceeds the %s limit)", err, se.RetryAfter, c.cfg.MaxRetryAfter)
		}
		d = max(d, se.RetryAfter)
	}
	return d, nil
}

// parseRetryAfter reads delay-seconds or an HTTP date; anything else counts as absent.
func (c *Client) parseRetryAfter(v string) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	if secs, err := strconv.Atoi(v); err == nil {
		return max(0, time.Duration(secs)*time.Second)
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(0, t.Sub(c.cfg.Now()))
	}
	return 0
}

// RateCap is the highest request rate allowed against the given servers: the SEC's 10/s when
// one of them is sec.gov (or none is given, or one cannot be parsed), else MaxLocalRatePerSec.
func RateCap(baseURLs ...string) float64 {
	if len(baseURLs) == 0 {
		return MaxRatePerSec
	}
	for _, raw := range baseURLs {
		if isSEC(raw) {
			return MaxRatePerSec
		}
	}
	return MaxLocalRatePerSec
}

// isSEC reports whether raw names a sec.gov host (an unparseable URL counts as one).
func isSEC(raw string) bool {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Host == "" {
		return true
	}
	host := strings.ToLower(u.Hostname())
	return host == "sec.gov" || strings.HasSuffix(host, ".sec.gov")
}

// CheckUserAgent refuses, for the real EDGAR (a sec.gov base URL), a User-Agent that names no
// one the SEC could reach: one without an e-mail address, or with an address at a reserved
// example domain, such as the configuration's default "spacd/1.0 admin@example.com". The SEC
// asks every automated client to declare who it is and blocks undeclared ones. A local or
// fake EDGAR (tests) accepts any agent.
func CheckUserAgent(baseURL, userAgent string) error {
	u, err := url.Parse(strings.TrimSpace(baseURL))
	if err != nil {
		return nil // the base URL check reports it
	}
	host := strings.ToLower(u.Hostname())
	if !isSEC(baseURL) {
		return nil
	}
	if ok, why := realContact(userAgent); !ok {
		return fmt.Errorf("edgar.user_agent %q %s: the SEC asks every automated client of %s to declare who it is, "+
			"with a contact it can reach, and blocks undeclared ones; set edgar.user_agent (env SPACD_EDGAR_USER_AGENT) "+
			"to your organisation and a real contact address, e.g. \"Acme Research jane.doe@acme-research.com\"",
			userAgent, why, host)
	}
	return nil
}

// reservedDomains cannot be anyone's contact (RFC 2606, RFC 6761).
var reservedDomains = []string{"example.com", "example.net", "example.org", "example", "invalid", "test", "localhost", "local"}

// realContact reports whether ua carries an e-mail address at a domain someone could own.
func realContact(ua string) (bool, string) {
	for _, word := range strings.Fields(ua) {
		word = strings.Trim(word, "<>()[],;\"'")
		if !strings.Contains(word, "@") {
			continue
		}
		addr, err := mail.ParseAddress(word)
		if err != nil {
			continue
		}
		_, domain, _ := strings.Cut(addr.Address, "@")
		domain = strings.ToLower(strings.TrimSuffix(domain, "."))
		if net.ParseIP(strings.Trim(domain, "[]")) != nil {
			return false, "gives an IP address, not a contact domain"
		}
		for _, r := range reservedDomains {
			if domain == r || strings.HasSuffix(domain, "."+r) {
				return false, "is a placeholder (" + domain + " is a reserved example domain)"
			}
		}
		if !strings.Contains(domain, ".") {
			return false, "has no contact domain"
		}
		return true, ""
	}
	return false, "has no contact e-mail address"
}

package poll

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// StatusError is a non-200 answer from EDGAR.
type StatusError struct {
	URL        string
	StatusCode int
	RetryAfter time.Duration // from the Retry-After header, 0 when absent
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("poll: GET %s: HTTP %d", e.URL, e.StatusCode)
}

// retryable reports whether a failed GET is worth repeating: EDGAR answers 403 and 429 when a
// client goes too fast, 5xx when it is overloaded; network errors are usually transient.
func retryable(err error) bool {
	var se *StatusError
	if errors.As(err, &se) {
		return se.StatusCode == http.StatusForbidden || se.StatusCode == http.StatusTooManyRequests || se.StatusCode >= 500
	}
	return !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, errTooLarge)
}

var errTooLarge = errors.New("response too large")

// get fetches url, retrying retryable failures with backoff up to MaxRetries times.
func (p *Poller) get(ctx context.Context, url string, maxBytes int64) ([]byte, error) {
	for attempt := 0; ; attempt++ {
		body, err := p.getOnce(ctx, url, maxBytes)
		if err == nil {
			return body, nil
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if !retryable(err) || attempt >= p.cfg.MaxRetries {
			return nil, err
		}
		wait, werr := p.retryDelay(attempt, err)
		if werr != nil {
			return nil, werr
		}
		p.log.Warn("edgar request failed, backing off", "url", url, "err", err, "attempt", attempt+1, "wait", wait)
		if err := p.sleep(ctx, wait); err != nil {
			return nil, err
		}
	}
}

// getOnce sends one rate-limited GET with the declared User-Agent.
func (p *Poller) getOnce(ctx context.Context, url string, maxBytes int64) ([]byte, error) {
	if err := p.limit.Wait(ctx); err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, fmt.Errorf("poll: %w", err)
	}
	req.Header.Set("User-Agent", p.cfg.UserAgent)
	resp, err := p.cfg.HTTPClient.Do(req)
	if err != nil {
		return nil, fmt.Errorf("poll: GET %s: %w", url, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10)) // lets the connection be reused
		return nil, &StatusError{URL: url, StatusCode: resp.StatusCode, RetryAfter: p.parseRetryAfter(resp.Header.Get("Retry-After"))}
	}
	if resp.ContentLength > maxBytes {
		// Refused on its declared size, before reading; the limit below catches the others.
		return nil, fmt.Errorf("poll: GET %s: %w (%d bytes, over %d)", url, errTooLarge, resp.ContentLength, maxBytes)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("poll: GET %s: reading body: %w", url, err)
	}
	if int64(len(body)) > maxBytes {
		return nil, fmt.Errorf("poll: GET %s: %w (over %d bytes)", url, errTooLarge, maxBytes)
	}
	return body, nil
}

// retryDelay is the wait before retry number attempt+1: exponential backoff with jitter, but
// never shorter than the server's Retry-After. A Retry-After beyond MaxRetryAfter gives up,
// because sleeping that long would stall the whole poll.
func (p *Poller) retryDelay(attempt int, err error) (time.Duration, error) {
	d := p.cfg.BackoffBase << min(attempt, 30)
	if d <= 0 || d > p.cfg.MaxBackoff {
		d = p.cfg.MaxBackoff
	}
	d = d/2 + time.Duration(rand.Int64N(int64(d/2)+1)) // jitter keeps clients from retrying in step
	var se *StatusError
	if errors.As(err, &se) && se.RetryAfter > 0 {
		if se.RetryAfter > p.cfg.MaxRetryAfter {
			return 0, fmt.Errorf("%w (Retry-After %s exceeds the %s limit)", err, se.RetryAfter, p.cfg.MaxRetryAfter)
		}
		d = max(d, se.RetryAfter)
	}
	return d, nil
}

// parseRetryAfter reads delay-seconds or an HTTP date; anything else counts as absent.
func (p *Poller) parseRetryAfter(v string) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	if secs, err := strconv.Atoi(v); err == nil {
		return max(0, time.Duration(secs)*time.Second)
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(0, t.Sub(p.cfg.Now()))
	}
	return 0
}

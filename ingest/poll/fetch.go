package poll

import "context"

// get fetches url through the poller's Client (rate limit, User-Agent, backoff).
func (p *Poller) get(ctx context.Context, url string, maxBytes int64) ([]byte, error) {
	return p.client.Get(ctx, url, maxBytes)
}

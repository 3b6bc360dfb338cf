package poll

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/spacdata/spac/ingest"
)

// TestDownloadOverLimitIsNotRead: a submission whose Content-Length is over the limit is
// refused on its header, without reading the body (here a body that never ends); the default
// limit is the pipeline's, which refuses anything larger anyway.
func TestDownloadOverLimitIsNotRead(t *testing.T) {
	if DefaultMaxSubmissionBytes != ingest.DefaultMaxBytes {
		t.Errorf("default download limit %d, pipeline limit %d", DefaultMaxSubmissionBytes, ingest.DefaultMaxBytes)
	}
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Length", strconv.Itoa(2<<20))
		w.Write(make([]byte, 1<<10))
		w.(http.Flusher).Flush()
		<-release // the rest of the declared body never comes
	}))
	defer srv.Close()
	defer close(release)
	p, err := New(Config{UserAgent: liveAgent}, SinkFunc(func(context.Context, string, []byte) error { return nil }), nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := p.client.getOnce(ctx, srv.URL, 1<<20); !errors.Is(err, errTooLarge) {
		t.Fatalf("err = %v, want %v before the body is read", err, errTooLarge)
	}
}

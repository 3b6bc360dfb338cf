package sse

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
)

func init() { gin.SetMode(gin.TestMode) }

// frame is one parsed SSE frame: an event, a comment or a retry hint.
type frame struct {
	ID      uint64
	Event   string
	Data    string
	Comment string
	Retry   string
}

// newServer serves hub.Stream(topic, opts) at /stream. Header X-Test-Sample: 1 makes the caller
// a sample caller; parameter errors are rendered as 400 with the error code.
func newServer(t *testing.T, hub *Hub, topic string, opts StreamOptions) *httptest.Server {
	t.Helper()
	r := gin.New()
	r.Use(func(c *gin.Context) {
		caller := spac.Caller{KeyID: "k1", Tier: spac.TierEnterprise}
		if c.GetHeader("X-Test-Sample") == "1" {
			caller = spac.Caller{Tier: spac.TierAnonymous, Sample: true}
		}
		c.Set(spac.CallerKey, caller)
		c.Next()
		if len(c.Errors) > 0 {
			c.String(http.StatusBadRequest, spac.ErrorCode(c.Errors.Last().Err))
		}
	})
	r.GET("/stream", hub.Stream(topic, opts))
	srv := httptest.NewServer(r)
	t.Cleanup(func() {
		hub.Close()
		srv.Close()
	})
	return srv
}

// client is an open stream. Frames arrive on its channel; the reader stops at EOF.
type client struct {
	resp   *http.Response
	frames chan frame
	cancel context.CancelFunc
}

// connect opens the stream and waits for the retry hint, which is written after the handler
// subscribed: anything published afterwards is guaranteed to reach this client.
func connect(t *testing.T, url string, header http.Header) *client {
	t.Helper()
	// The timeout is only a safety net against a hung test, never an assertion.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	for k, v := range header {
		req.Header[k] = v
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	c := &client{resp: resp, frames: make(chan frame, 1024), cancel: cancel}
	t.Cleanup(func() { cancel(); resp.Body.Close() })
	if resp.StatusCode != http.StatusOK {
		return c
	}
	go c.read(resp.Body)
	if f := c.next(t); f.Retry == "" {
		t.Fatalf("first frame = %+v, want retry hint", f)
	}
	return c
}

func (c *client) read(body io.Reader) {
	defer close(c.frames)
	sc := bufio.NewScanner(body)
	var f frame
	for sc.Scan() {
		line := sc.Text()
		if line == "" {
			c.frames <- f
			f = frame{}
			continue
		}
		field, value, _ := strings.Cut(line, ":")
		value = strings.TrimPrefix(value, " ")
		switch field {
		case "":
			f.Comment = value
		case "id":
			f.ID, _ = strconv.ParseUint(value, 10, 64)
		case "event":
			f.Event = value
		case "data":
			f.Data = value
		case "retry":
			f.Retry = value
		}
	}
}

func (c *client) next(t *testing.T) frame {
	t.Helper()
	f, ok := <-c.frames
	if !ok {
		t.Fatal("stream ended")
	}
	return f
}

// events reads the next n event frames, skipping comments.
func (c *client) events(t *testing.T, n int) []frame {
	t.Helper()
	var out []frame
	for len(out) < n {
		if f := c.next(t); f.Event != "" {
			out = append(out, f)
		}
	}
	return out
}

func ids(frames []frame) []uint64 {
	out := make([]uint64, len(frames))
	for i, f := range frames {
		out[i] = f.ID
	}
	return out
}

func seq(from, to uint64) []uint64 {
	var out []uint64
	for i := from; i <= to; i++ {
		out = append(out, i)
	}
	return out
}

// publishN publishes n alert events with kinds and symbols cycled from the given lists.
func publishN(t testing.TB, hub *Hub, topic string, n int, kinds, symbols []string) {
	t.Helper()
	for i := 0; i < n; i++ {
		ev := spac.StreamEvent{Type: spac.StreamTypeAlert, Data: []byte(fmt.Sprintf(`{"n":%d}`, i))}
		if len(kinds) > 0 {
			ev.Kind = kinds[i%len(kinds)]
		}
		if len(symbols) > 0 {
			ev.Symbols = []string{symbols[i%len(symbols)]}
		}
		if _, err := hub.Publish(context.Background(), topic, ev); err != nil {
			t.Fatal(err)
		}
	}
}

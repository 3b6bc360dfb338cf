package sse

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"sync"
	"syscall"
	"testing"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
)

// fakeWriter is an in-process http.ResponseWriter for streams. Every Write first waits on gate
// (when set) after the first one, and reports each written event frame to onEvent.
type fakeWriter struct {
	header  http.Header
	started chan struct{} // closed at the first write (the retry hint: subscribed)
	gate    chan struct{}
	onEvent func()
	once    sync.Once
}

func newFakeWriter(gate chan struct{}, onEvent func()) *fakeWriter {
	return &fakeWriter{header: http.Header{}, started: make(chan struct{}), gate: gate, onEvent: onEvent}
}

func (w *fakeWriter) Header() http.Header { return w.header }
func (w *fakeWriter) WriteHeader(int)     {}
func (w *fakeWriter) Flush()              {}

func (w *fakeWriter) Write(b []byte) (int, error) {
	first := false
	w.once.Do(func() { first = true; close(w.started) })
	if !first && w.gate != nil {
		<-w.gate
	}
	if w.onEvent != nil && bytes.Contains(b, []byte("\nevent: ")) {
		w.onEvent()
	}
	return len(b), nil
}

// runStream runs the stream handler in-process on w until ctx ends or the stream does; the
// returned channel is closed when the handler returns.
func runStream(ctx context.Context, hub *Hub, topic string, opts StreamOptions, w http.ResponseWriter) <-chan struct{} {
	done := make(chan struct{})
	c, _ := gin.CreateTestContext(w)
	c.Request = httptest.NewRequest(http.MethodGet, "/stream", nil).WithContext(ctx)
	c.Set(spac.CallerKey, spac.Caller{KeyID: "k", Tier: spac.TierEnterprise})
	handler := hub.Stream(topic, opts)
	go func() {
		defer close(done)
		handler(c)
	}()
	return done
}

func TestSlowSubscriberIsDroppedOthersKeepReceiving(t *testing.T) {
	hub := NewHub(NewMemLog(0), HubConfig{Buffer: 4})
	srv := newServer(t, hub, spac.TopicAlerts, StreamOptions{})
	fast := connect(t, srv.URL+"/stream", nil)

	gate := make(chan struct{})
	slow := newFakeWriter(gate, nil)
	slowDone := runStream(context.Background(), hub, spac.TopicAlerts, StreamOptions{}, slow)
	<-slow.started
	if n := hub.Subscribers(spac.TopicAlerts); n != 2 {
		t.Fatalf("subscribers = %d, want 2", n)
	}
	// The slow writer blocks on its first event; 4 more fill its buffer; the 6th drops it.
	// Publish returning at all proves the publisher never waits on the slow client.
	for i := uint64(1); i <= 20; i++ {
		publishN(t, hub, spac.TopicAlerts, 1, nil, nil)
		if f := fast.events(t, 1)[0]; f.ID != i {
			t.Fatalf("fast client got id %d, want %d", f.ID, i)
		}
	}
	if n := hub.Subscribers(spac.TopicAlerts); n != 1 {
		t.Fatalf("subscribers = %d, want 1 (the slow one dropped)", n)
	}
	close(gate)
	<-slowDone // the dropped stream ends, so the client reconnects with Last-Event-ID
}

func TestSubscriptionDroppedFlag(t *testing.T) {
	hub := NewHub(NewMemLog(0), HubConfig{Buffer: 2})
	defer hub.Close()
	slow, _ := hub.Subscribe("t")
	quiet, _ := hub.Subscribe("u") // other topic: receives nothing, never dropped
	publishN(t, hub, "t", 3, nil, nil)
	var got []uint64
	for ev := range slow.C {
		got = append(got, ev.ID)
	}
	if !slow.Dropped() || len(got) != 2 {
		t.Fatalf("dropped=%v buffered=%v, want dropped with 2 buffered events", slow.Dropped(), got)
	}
	hub.Unsubscribe(quiet)
	if _, ok := <-quiet.C; ok || quiet.Dropped() {
		t.Fatal("an unsubscribed subscription is closed and not marked dropped")
	}
}

// TestOnDropIsToldOfSlowSubscribersOnly: OnDrop hears of each subscriber dropped for a full
// buffer, by topic; an unsubscribe or the hub's close is no drop.
func TestOnDropIsToldOfSlowSubscribersOnly(t *testing.T) {
	var drops []string // OnDrop runs under the hub's lock, on the publishing goroutine
	hub := NewHub(NewMemLog(0), HubConfig{Buffer: 2, OnDrop: func(topic, reason string) { drops = append(drops, topic+"/"+reason) }})
	slow, _ := hub.Subscribe("t")
	left, _ := hub.Subscribe("t")
	hub.Unsubscribe(left)
	kept, _ := hub.Subscribe("u")
	publishN(t, hub, "t", 3, nil, nil)
	hub.Close()
	if len(drops) != 1 || drops[0] != "t/"+DropBufferFull || !slow.Dropped() || kept.Dropped() {
		t.Fatalf("drops %v (slow dropped %v, kept dropped %v), want exactly [t/buffer_full]", drops, slow.Dropped(), kept.Dropped())
	}
}

// failingWriter takes the stream's first write (the retry hint) and fails every later one with
// err, as a connection past its write deadline (or one the client closed) does.
type failingWriter struct {
	header  http.Header
	started chan struct{}
	err     error
	writes  int
}

func (w *failingWriter) Header() http.Header { return w.header }
func (w *failingWriter) WriteHeader(int)     {}
func (w *failingWriter) Flush()              {}

func (w *failingWriter) Write(b []byte) (int, error) {
	w.writes++
	if w.writes == 1 {
		close(w.started)
		return len(b), nil
	}
	return 0, w.err
}

// TestOnDropIsToldOfWriteTimeouts: a client that takes no frame within the write timeout is
// dropped as write_timeout; a client whose connection broke otherwise left, and is no drop.
func TestOnDropIsToldOfWriteTimeouts(t *testing.T) {
	for _, c := range []struct {
		err  error
		want []string
	}{
		{&net.OpError{Op: "write", Net: "tcp", Err: os.ErrDeadlineExceeded}, []string{"t/" + DropWriteTimeout}},
		{&net.OpError{Op: "write", Net: "tcp", Err: syscall.EPIPE}, nil},
	} {
		drops := make(chan string, 4)
		hub := NewHub(NewMemLog(0), HubConfig{OnDrop: func(topic, reason string) { drops <- topic + "/" + reason }})
		w := &failingWriter{header: http.Header{}, started: make(chan struct{}), err: c.err}
		done := runStream(context.Background(), hub, "t", StreamOptions{}, w)
		<-w.started
		publishN(t, hub, "t", 1, nil, nil)
		<-done // the failed write ended the stream
		hub.Close()
		close(drops)
		var got []string
		for d := range drops {
			got = append(got, d)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("write error %v: drops %v, want %v", c.err, got, c.want)
		}
	}
}

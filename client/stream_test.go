package client

import (
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
)

// closeRecorder is a stream body that records whether it was closed.
type closeRecorder struct {
	io.Reader
	closed bool
}

func (c *closeRecorder) Close() error { c.closed = true; return nil }

func response(status int, body string) (*http.Response, *closeRecorder) {
	rc := &closeRecorder{Reader: strings.NewReader(body)}
	return &http.Response{StatusCode: status, Body: rc}, rc
}

// The server's frames as it writes them: the retry frame first, heartbeats between events,
// and an event whose data spans two lines.
const streamBody = "retry: 3000\n\n" +
	"id: 7\nevent: alert\ndata: {\"id\":\"a1\",\"symbol\":\"HDAC\"}\n\n" +
	": heartbeat\n\n" +
	"id: 9\nevent: alert\ndata: {\"id\":\"a2\",\ndata: \"symbol\":\"STMC\"}\n\n"

type streamed struct {
	ID     string `json:"id"`
	Symbol string `json:"symbol"`
}

func TestReadStreamYieldsEachEventDecoded(t *testing.T) {
	resp, body := response(200, streamBody)
	var got []StreamMessage[streamed]
	for msg, err := range ReadStream[streamed](resp) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, msg)
	}
	want := []StreamMessage[streamed]{
		{ID: "7", Event: "alert", Data: streamed{"a1", "HDAC"}},
		{ID: "9", Event: "alert", Data: streamed{"a2", "STMC"}},
	}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("got %+v, want %+v", got, want)
	}
	if !body.closed {
		t.Fatal("the body stays open after the stream ended")
	}
}

func TestReadStreamClosesTheBodyWhenTheReaderStops(t *testing.T) {
	resp, body := response(200, streamBody)
	for msg := range ReadStream[streamed](resp) {
		if msg.ID != "7" {
			t.Fatalf("first message %+v", msg)
		}
		break
	}
	if !body.closed {
		t.Fatal("the body stays open after the reader broke out of the loop")
	}
}

func TestReadStreamGivesTheProblemOfARefusal(t *testing.T) {
	resp, _ := response(401, `{"code":"unauthorized","detail":"the key is revoked","status":401,"title":"Unauthorized"}`)
	n := 0
	for _, err := range ReadStream[streamed](resp) {
		n++
		var se *StreamError
		if !errors.As(err, &se) || se.Status != 401 || se.Problem == nil || se.Problem.Code != "unauthorized" {
			t.Fatalf("error %v, want a StreamError with the unauthorized problem", err)
		}
	}
	if n != 1 {
		t.Fatalf("%d yields for a refusal, want 1", n)
	}
}

func TestReadStreamReportsDataThatDoesNotDecode(t *testing.T) {
	resp, _ := response(200, "id: 3\nevent: alert\ndata: {not json}\n\nid: 4\nevent: alert\ndata: {\"id\":\"ok\"}\n\n")
	var errs, msgs int
	for msg, err := range ReadStream[streamed](resp) {
		if err != nil {
			errs++
			if !strings.Contains(err.Error(), "event 3") {
				t.Errorf("error %v does not name the event", err)
			}
			continue
		}
		msgs++
		if msg.Data.ID != "ok" {
			t.Errorf("message %+v", msg)
		}
	}
	if errs != 1 || msgs != 1 {
		t.Fatalf("%d errors and %d messages, want 1 and 1", errs, msgs)
	}
}

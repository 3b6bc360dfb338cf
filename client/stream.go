package client

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"iter"
	"net/http"
	"strings"
)

// The generated ...WithResponse variants of the stream operations read the whole body before
// they return, and a stream's body never ends, so they wait until the context is done.
// ReadStream is the way to read one: open it with AlertsStream or NewsStream (which hand back
// the *http.Response as soon as the headers arrive) and range over its messages.

// StreamMessage is one event of an SSE stream, its data decoded.
type StreamMessage[T any] struct {
	// ID is the event's id: send the last one seen as Last-Event-ID to resume without a gap.
	ID string
	// Event is the SSE event name ("alert", "article").
	Event string
	// Data is the event's payload.
	Data T
}

// maxFrameLine bounds one line of the stream: an event's data is one JSON document on one
// line, and an article with its summary stays far below this.
const maxFrameLine = 4 << 20

// ReadStream yields the messages of a stream response in order and closes its body when the
// loop ends (a break, an error, or the server closing). A response other than 200 yields one
// error carrying the problem the server sent; a message whose data does not decode as T yields
// an error and the loop may go on. Heartbeats (comment lines) and the retry frame yield nothing.
func ReadStream[T any](resp *http.Response) iter.Seq2[StreamMessage[T], error] {
	return func(yield func(StreamMessage[T], error) bool) {
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			yield(StreamMessage[T]{}, streamStatusError(resp))
			return
		}
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(make([]byte, 0, 64<<10), maxFrameLine)
		for frame := range frames(sc) {
			var msg StreamMessage[T]
			msg.ID, msg.Event = frame.id, frame.event
			err := json.Unmarshal([]byte(frame.data), &msg.Data)
			if err != nil {
				err = fmt.Errorf("client: stream event %s: %w", frame.id, err)
			}
			if !yield(msg, err) {
				return
			}
		}
		if err := sc.Err(); err != nil {
			yield(StreamMessage[T]{}, fmt.Errorf("client: reading the stream: %w", err))
		}
	}
}

// frame is one SSE event as sent: its fields before decoding.
type frame struct{ id, event, data string }

// frames yields each event of the stream that carries data. A blank line ends an event; lines
// of data join with a newline, as the SSE specification says; comments (": heartbeat") and
// fields other than id, event and data are skipped.
func frames(sc *bufio.Scanner) iter.Seq[frame] {
	return func(yield func(frame) bool) {
		var cur frame
		var data []string
		for sc.Scan() {
			line := sc.Text()
			if line == "" {
				if data != nil {
					cur.data = strings.Join(data, "\n")
					if !yield(cur) {
						return
					}
				}
				cur, data = frame{id: cur.id}, nil // the id persists until the next one, per SSE
				continue
			}
			field, value, _ := strings.Cut(line, ":")
			value = strings.TrimPrefix(value, " ")
			switch field {
			case "id":
				cur.id = value
			case "event":
				cur.event = value
			case "data":
				data = append(data, value)
			}
		}
	}
}

// StreamError is a stream request the server refused: its status and, when the body was
// problem+json, the problem (its code says why: unauthorized, rate_limited, ...).
type StreamError struct {
	Status  int
	Problem *Problem
}

func (e *StreamError) Error() string {
	if e.Problem == nil {
		return fmt.Sprintf("client: stream answered %d", e.Status)
	}
	return fmt.Sprintf("client: stream answered %d (%s): %s", e.Status, e.Problem.Code, e.Problem.Detail)
}

// streamStatusError reads the refusal's problem from the first 4 KiB of its body.
func streamStatusError(resp *http.Response) error {
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 4<<10))
	e := &StreamError{Status: resp.StatusCode}
	var p Problem
	if json.Unmarshal(body, &p) == nil && p.Code != "" {
		e.Problem = &p
	}
	return e
}

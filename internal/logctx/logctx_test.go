package logctx

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
)

func records(t *testing.T, buf *bytes.Buffer) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		out = append(out, m)
	}
	return out
}

// TestContextAttrsReachEveryRecordOnce: a record logged with the context carries its
// attributes, also through loggers derived With and WithGroup; wrapping twice adds nothing
// twice; a record logged without the context carries none.
func TestContextAttrsReachEveryRecordOnce(t *testing.T) {
	var buf bytes.Buffer
	log := Logger(Logger(slog.New(slog.NewJSONHandler(&buf, nil))))
	ctx := With(context.Background(), slog.String("request_id", "r1"))
	ctx = With(ctx, slog.String("trace_id", "t1"))
	log.InfoContext(ctx, "one")
	log.With("component", "guard").ErrorContext(ctx, "two")
	log.Info("three")
	recs := records(t, &buf)
	if len(recs) != 3 {
		t.Fatalf("%d records", len(recs))
	}
	for _, r := range recs[:2] {
		if r["request_id"] != "r1" || r["trace_id"] != "t1" {
			t.Errorf("record %v: want request_id r1 and trace_id t1", r)
		}
	}
	if recs[1]["component"] != "guard" {
		t.Errorf("With attributes lost: %v", recs[1])
	}
	if _, ok := recs[2]["request_id"]; ok {
		t.Errorf("a record without the context got its attributes: %v", recs[2])
	}
	if n := strings.Count(buf.String(), `"request_id"`); n != 2 {
		t.Errorf("request_id written %d times, want once per record logged with the context", n)
	}
}

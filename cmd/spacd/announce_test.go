package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/api/access"
	"github.com/spacdata/spac/config"
)

// serve names the store it opened by its absolute path and its number of keys, and says what
// to do when it holds none: a relative data directory opened from another folder is another
// store, where every key answers 401.
func TestAnnounceStoreNamesTheDirectoryAndItsKeys(t *testing.T) {
	dir := t.TempDir()
	var out bytes.Buffer
	env := &environment{cfg: config.Config{DataDir: dir}, stdout: &out, log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	a, err := openApp(env)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	ctx := context.Background()
	if err := announceStore(ctx, env, a); err != nil {
		t.Fatal(err)
	}
	abs, _ := filepath.Abs(dir)
	if got := out.String(); !strings.Contains(got, "data directory "+abs+" (0 API keys)") || !strings.Contains(got, "spacd keys create --data-dir "+abs) {
		t.Fatalf("empty store announced as:\n%s", got)
	}
	if _, _, err := access.NewKeys(a.db, a.db, access.Config{}).Create(ctx, "desk", spac.Tier("pro")); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := announceStore(ctx, env, a); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); !strings.Contains(got, "(1 API keys)") || strings.Contains(got, "no API keys") {
		t.Fatalf("store with one key announced as:\n%s", got)
	}
}

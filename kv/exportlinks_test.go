package kv

import (
	"context"
	"testing"
	"time"

	spac "github.com/spacdata/spac"
)

// TestExportLinksExpireAndBelongToTheirKey: a link is found by its hash and listed under its
// key until it expires; another key cannot delete it.
func TestExportLinksExpireAndBelongToTheirKey(t *testing.T) {
	ctx := context.Background()
	db := openMem(t)
	now := time.Now().UTC()
	live := spac.ExportLink{ID: "xl_1", KeyID: "k1", Route: "universe", Hash: "h1", CreatedAt: now, ExpiresAt: now.Add(time.Hour)}
	old := spac.ExportLink{ID: "xl_2", KeyID: "k1", Route: "news", Hash: "h2", CreatedAt: now, ExpiresAt: now.Add(-time.Second)}
	must(t, db.PutExportLink(ctx, live))
	must(t, db.PutExportLink(ctx, old))
	if got, err := db.ExportLinkByHash(ctx, "h1"); err != nil || got.ID != "xl_1" || got.Hash != "h1" {
		t.Fatalf("ExportLinkByHash = %+v, %v", got, err)
	}
	if _, err := db.ExportLinkByHash(ctx, "h2"); spac.ErrorCode(err) != spac.ENOTFOUND {
		t.Errorf("an expired link: %v, want not found", err)
	}
	if links, err := db.ExportLinks(ctx, "k1"); err != nil || len(links) != 1 || links[0].ID != "xl_1" {
		t.Errorf("ExportLinks = %+v, %v; want the live one", links, err)
	}
	if err := db.DeleteExportLink(ctx, "k2", "xl_1"); spac.ErrorCode(err) != spac.ENOTFOUND {
		t.Errorf("another key deleted the link: %v", err)
	}
	must(t, db.DeleteExportLink(ctx, "k1", "xl_1"))
	if _, err := db.ExportLinkByHash(ctx, "h1"); spac.ErrorCode(err) != spac.ENOTFOUND {
		t.Errorf("a deleted link: %v", err)
	}
}

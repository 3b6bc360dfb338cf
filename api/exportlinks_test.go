package api

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/spacdata/spac"
)

// memLinks is an in-memory spac.ExportLinkStore.
type memLinks struct {
	mu    sync.Mutex
	links []spac.ExportLink
}

func (m *memLinks) PutExportLink(_ context.Context, l spac.ExportLink) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.links = append(m.links, l)
	return nil
}

func (m *memLinks) ExportLinkByHash(_ context.Context, hash string) (spac.ExportLink, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, l := range m.links {
		if l.Hash == hash {
			return l, nil
		}
	}
	return spac.ExportLink{}, spac.Errorf(spac.ENOTFOUND, "export link not found")
}

func (m *memLinks) ExportLinks(_ context.Context, keyID string) ([]spac.ExportLink, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []spac.ExportLink
	for _, l := range m.links {
		if l.KeyID == keyID {
			out = append(out, l)
		}
	}
	return out, nil
}

func (m *memLinks) DeleteExportLink(_ context.Context, keyID, id string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	for i, l := range m.links {
		if l.ID == id && l.KeyID == keyID {
			m.links = append(m.links[:i], m.links[i+1:]...)
			return nil
		}
	}
	return spac.Errorf(spac.ENOTFOUND, "export link not found")
}

// TestExportLinkStoresItsTokenHashed: the token is in the URL only; the store holds its hash,
// the list shows neither, and the stored query is the parameters validated and encoded.
func TestExportLinkStoresItsTokenHashed(t *testing.T) {
	f := liveFixture(t)
	f.deps.Guard, f.deps.ExportLinks = fullCaller, &memLinks{}
	s := New(f.deps)
	rec := post(s, "/v1/account/export-links", "", `{"route":"calendar","params":{"symbol":"AAA1","from":"2026-01-01"}}`)
	body := decode(t, rec)
	u, _ := body["url"].(string)
	token := u[strings.Index(u, "token=")+len("token="):]
	if rec.Code != http.StatusCreated || !strings.HasPrefix(u, "http://example.com/v1/links/calendar.csv?token=spx_") {
		t.Fatalf("create: %d %v", rec.Code, body)
	}
	stored := f.deps.ExportLinks.(*memLinks).links[0]
	if stored.Hash == "" || strings.Contains(stored.Hash, token) || stored.Query != "from=2026-01-01&symbol=AAA1" || stored.KeyID != "key_1" {
		t.Errorf("stored %+v", stored)
	}
	if list := do(t, s.Handler(), "/v1/account/export-links"); strings.Contains(list.Body.String(), token) || strings.Contains(list.Body.String(), stored.Hash) {
		t.Errorf("the list shows the token or its hash: %s", list.Body)
	}
}

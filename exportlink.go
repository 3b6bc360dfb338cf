package spac

import (
	"context"
	"time"
)

// AuthLink marks the routes served to an export link (docs/api.md, "Spreadsheets"): no
// Authorization header, the link's token in the query; the request acts as the key that made
// the link, with its tier, limits and usage.
const AuthLink AuthMode = "link"

// ExportLinkKey is the request-context key under which the access middleware keeps the
// ExportLink a request presented (AuthLink routes).
const ExportLinkKey = "spac.exportLink"

// ExportLink is an expiring, revocable, read-only URL serving one CSV export as its key: the
// spreadsheet tools that cannot send a Bearer header (Excel Power Query, Google Sheets'
// IMPORTDATA) fetch it. Only Hash (SHA-256 of the token) is stored; the token is shown once.
type ExportLink struct {
	// The link's id ("xl_..."); DELETE /v1/account/export-links/{id} revokes it.
	ID string `json:"id"`
	// The API key the link acts as: its limits and usage apply.
	KeyID string `json:"keyId"`
	// Which export the link serves: universe, calendar, alerts or news (/v1/links/<route>.csv).
	Route string `json:"route"`
	// The export's filters, URL-encoded, as the route's query parameters.
	Query string `json:"query"`
	Hash  string `json:"-"`
	// The first characters of the token, to recognise a link without revealing it.
	Prefix string `json:"prefix"`
	// When the link was made (UTC).
	CreatedAt time.Time `json:"createdAt"`
	// When the link stops working (UTC).
	ExpiresAt time.Time `json:"expiresAt"`
}

// ActiveAt reports whether the link still works at now (its key's state aside).
func (l ExportLink) ActiveAt(now time.Time) bool { return now.Before(l.ExpiresAt) }

// ExportLinkStore persists export links until they expire (a store may drop them then).
type ExportLinkStore interface {
	PutExportLink(ctx context.Context, l ExportLink) error
	// ExportLinkByHash returns the link whose token hashes to hash (ENOTFOUND when none).
	ExportLinkByHash(ctx context.Context, hash string) (ExportLink, error)
	// ExportLinks returns the links of a key, oldest first.
	ExportLinks(ctx context.Context, keyID string) ([]ExportLink, error)
	// DeleteExportLink revokes a key's link (ENOTFOUND when the key has none with the id).
	DeleteExportLink(ctx context.Context, keyID, id string) error
}

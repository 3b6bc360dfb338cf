package spac

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
)

// ChangeKind names what a Change carries (docs/operating.md, "Cluster").
type ChangeKind string

// The kinds of change a writer tells its replicas: everything the read routes serve that the
// writer commits (docs/operating.md, "Cluster").
const (
	ChangeProfile ChangeKind = "profile" // a profile with its events, tickers and index row
	ChangeAlert   ChangeKind = "alert"   // an alert as stored (with its Seq)
	ChangeArticle ChangeKind = "article" // an article as stored (with its Seq)
	ChangeStream  ChangeKind = "stream"  // a stream event with the id its log gave it
	// A filing stored, replaced or restamped. The change names it only: its text (up to tens
	// of MB) travels beside the stream, as a copy the writer exports (FilingExporter) and a
	// replica imports (FilingImporter).
	ChangeFiling ChangeKind = "filing"
	// An API key created, revoked or rotated, with its hash: a key issued through any node
	// authenticates on every replica.
	ChangeKey ChangeKind = "key"
	// A webhook registration stored, changed (disabled, moved to a rotated key's successor)
	// or deleted: replicas list and show registrations; only the writer delivers.
	ChangeEndpoint ChangeKind = "endpoint"
	// A webhook delivery queued, claimed for an attempt or given its outcome: a replica holds
	// the writer's queue, so the node that takes over delivery when the deliverer dies resumes
	// it, each delivery with its one message id.
	ChangeDelivery ChangeKind = "delivery"
	// An export link made or revoked: a link made through any node (the POST is forwarded to
	// the writer) serves its CSV on every replica.
	ChangeExportLink ChangeKind = "exportlink"
)

// Change is one committed change of served data, journaled by the writer's store in the
// transaction that commits it (so a crash between the commit and its publication loses
// nothing) and applied by replicas in the order the writer committed.
type Change struct {
	// Seq is the position in the writer's journal, assigned by the store, increasing.
	Seq uint64 `json:"seq"`
	// ID is derived from Kind and Data only: a journal entry published twice (the writer
	// died after publishing, before trimming) carries the same id, which the stream
	// deduplicates. Data holds the writer's watermark, so two commits never share an id.
	ID   string          `json:"id"`
	Kind ChangeKind      `json:"kind"`
	Data json.RawMessage `json:"data"`
}

// ProfileChange is the Data of a ChangeProfile: what PutProfile stored, and the watermark
// the writer's commit set (a replica serves the writer's asOf, not its own clock).
type ProfileChange struct {
	Profile   Profile `json:"profile"`
	Sample    bool    `json:"sample,omitempty"` // SPAC.Sample is not part of its JSON
	Events    []Event `json:"events"`
	Watermark string  `json:"watermark"`
}

// Row is the universe row the writer indexed for this profile.
func (c ProfileChange) Row() SPAC {
	row := c.Profile.SPAC
	row.Sample = c.Sample
	return row
}

// StreamChange is the Data of a ChangeStream: the event with the id the writer's log gave it,
// so Last-Event-ID names the same event on every replica.
type StreamChange struct {
	Topic string      `json:"topic"`
	Event StreamEvent `json:"event"`
}

// FilingChange is the Data of a ChangeFiling: the filing and the version the writer's commit
// stored (the store's word for its content and extractor stamp), with the watermark that
// commit set.
type FilingChange struct {
	Accession string `json:"accession"`
	Version   string `json:"version"`
	Watermark string `json:"watermark,omitempty"` // none: the commit left the watermark (a restamp)
}

// KeyChange is the Data of a ChangeKey: the key as stored, with the hash APIKey keeps out of
// its JSON.
type KeyChange struct {
	Key  APIKey `json:"key"`
	Hash string `json:"hash"`
	Seq  uint64 `json:"seq"` // the writer's journal seq: a key's state seen again is a new change
}

// EndpointChange is the Data of a ChangeEndpoint: the registration's record as the writer's
// store holds it (owner and secret included, which only the same store reads), or no record
// when it was deleted.
type EndpointChange struct {
	ID     string          `json:"id"`
	Record json.RawMessage `json:"record,omitempty"`
	Seq    uint64          `json:"seq"` // the writer's journal seq: a record set back to an earlier state is a new change
}

// DeliveryChange is the Data of a ChangeDelivery: the delivery's record as the writer's store
// holds it (payload included), which only the same store reads.
type DeliveryChange struct {
	ID     string          `json:"id"`
	Record json.RawMessage `json:"record"`
	Seq    uint64          `json:"seq"` // the writer's journal seq: a state seen again is a new change
}

// ExportLinkChange is the Data of a ChangeExportLink: the link as stored, with the hash
// ExportLink keeps out of its JSON; Deleted when it was revoked.
type ExportLinkChange struct {
	Link    ExportLink `json:"link"`
	Hash    string     `json:"hash"`
	Deleted bool       `json:"deleted,omitempty"`
	Seq     uint64     `json:"seq"` // the writer's journal seq
}

// FilingExporter is the writer's store seen by its publisher: a stored filing as one opaque
// copy (metadata, canonical text, facts), which only the same store's FilingImporter reads.
type FilingExporter interface {
	// ExportFiling returns the copy of the filing as stored now and that copy's version
	// (which may be newer than the change that asked for it). ENOTFOUND: none stored.
	ExportFiling(ctx context.Context, accession string) (version string, copy []byte, err error)
}

// FilingImporter is the replica's store seen by its follower: it stores a filing's copy and
// records, with it, the position of the change that named the filing; a copy of nil (the
// writer had none to give) records the position only.
type FilingImporter interface {
	ImportFiling(ctx context.Context, c Change, copy []byte, position uint64) error
}

// NewChange encodes data as a change of kind, with its id derived from both.
func NewChange(kind ChangeKind, data any) (Change, error) {
	b, err := json.Marshal(data)
	if err != nil {
		return Change{}, fmt.Errorf("change %s: %w", kind, err)
	}
	sum := sha256.Sum256(append([]byte(kind+"\x00"), b...))
	return Change{ID: string(kind) + "-" + hex.EncodeToString(sum[:16]), Kind: kind, Data: b}, nil
}

// ChangeJournal is the writer store's journal of committed changes not yet published.
type ChangeJournal interface {
	// Changes returns up to limit journaled changes with Seq > after, in Seq order.
	Changes(ctx context.Context, after uint64, limit int) ([]Change, error)
	// TrimChanges deletes the journaled changes with Seq <= upTo (they are published).
	TrimChanges(ctx context.Context, upTo uint64) error
	// Journaled is signalled (without blocking, coalesced) after a change is journaled.
	Journaled() <-chan struct{}
	// LastJournaled is the Seq of the last change journaled (0: none yet).
	LastJournaled(ctx context.Context) (uint64, error)
}

// ChangeApplier is a replica's store: it applies a writer's change and records, in the same
// transaction, the position of the change in the replicated stream.
type ChangeApplier interface {
	ApplyChange(ctx context.Context, c Change, position uint64) error
	// Applied is the position of the last change applied (0: none).
	Applied(ctx context.Context) (uint64, error)
}

// Replication is how far a replica is behind its writer, as /health reports it.
type Replication struct {
	Role    string `json:"role" jsonschema:"enum=writer,enum=replica"` // "writer" or "replica"
	Applied uint64 `json:"applied"`                                    // stream position of the last change applied (replica) or published (writer)
	Last    uint64 `json:"last"`                                       // the stream's last position as last seen
	// On a replica, the changes of the stream it has yet to apply (last - applied);
	// on the writer, the changes it committed and has yet to publish.
	Behind uint64 `json:"behind"`
	// The position of the snapshot the writer made last, or the replica started from (a
	// replica that followed the stream from its first change has none); absent: none.
	Snapshot uint64 `json:"snapshot,omitempty"`
	// Whether the stream is reachable now; a replica that lost it keeps serving
	// what it has.
	Connected bool `json:"connected"`
	// Whether this node delivers the webhooks now: it holds the cluster's delivery lease
	// (one node at a time; another takes over when it dies).
	Deliverer bool `json:"deliverer"`
}

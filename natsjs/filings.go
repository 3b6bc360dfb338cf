package natsjs

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/klauspost/compress/zstd"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	spac "github.com/spacdata/spac"
)

// Filing texts do not fit the stream (a filing's text reaches tens of MB; a message is at most
// MaxChangeBytes): a ChangeFiling names the filing, and its copy (spac.FilingExporter) is an
// object of the stream's object store, named by accession, compressed, with the copy's version
// as a header. The writer puts the object before it publishes the change, so a replica that
// reads the change finds the object, at that version or a newer one (a later change then
// names the newer version again).

// versionHeader carries the version of the copy an object holds.
const versionHeader = "Spac-Filing-Version"

// filingsBucket is the object store of the stream's filing copies.
func (c Config) filingsBucket() string { return c.Stream + "_FILINGS" }

// ensureFilings creates the object store, or updates its settings (the writer owns them).
func (c *Conn) ensureFilings(ctx context.Context) error {
	_, err := c.js.CreateOrUpdateObjectStore(ctx, jetstream.ObjectStoreConfig{
		Bucket:      c.cfg.filingsBucket(),
		Description: "filing copies named by the changes of stream " + c.cfg.Stream,
		Storage:     jetstream.FileStorage,
		Replicas:    c.cfg.Replicas,
		Compression: false, // the copies are compressed already
	})
	if err != nil {
		return fmt.Errorf("natsjs: object store %s: %w", c.cfg.filingsBucket(), err)
	}
	return nil
}

func (c *Conn) filings(ctx context.Context) (jetstream.ObjectStore, error) {
	return c.js.ObjectStore(ctx, c.cfg.filingsBucket())
}

var (
	encoder = sync.OnceValue(func() *zstd.Encoder {
		e, _ := zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1))
		return e
	})
	decoder = sync.OnceValue(func() *zstd.Decoder {
		d, _ := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
		return d
	})
)

func filingChange(c spac.Change) (spac.FilingChange, error) {
	var fc spac.FilingChange
	if err := json.Unmarshal(c.Data, &fc); err != nil || fc.Accession == "" {
		return fc, fmt.Errorf("natsjs: filing change %s: %v", c.ID, err)
	}
	return fc, nil
}

// putFiling stores the copy of the filing a change names, unless the object already holds
// that version (a change published again, or a filing restored by a writer restarting).
func (p *Publisher) putFiling(ctx context.Context, c spac.Change) error {
	fc, err := filingChange(c)
	if err != nil {
		return err
	}
	obs, err := p.conn.filings(ctx)
	if err != nil {
		return err
	}
	// Asked of the leader: a lagging follower could hold this version while the leader holds
	// a later one (a filing restamped back), and the put skipped would leave the later one.
	held := ""
	if info, err := p.conn.leaderInfo(ctx, fc.Accession); err != nil {
		return err
	} else if info != nil {
		held = info.Headers.Get(versionHeader)
	}
	if held == fc.Version {
		return nil
	}
	version, copy, err := p.store.ExportFiling(ctx, fc.Accession)
	if spac.ErrorCode(err) == spac.ENOTFOUND {
		p.log.Warn("natsjs: a journaled filing is not stored; published without its copy", "accession", fc.Accession)
		return nil
	}
	if err != nil || version == held {
		return err
	}
	meta := jetstream.ObjectMeta{Name: fc.Accession, Headers: nats.Header{versionHeader: []string{version}}}
	if _, err := obs.Put(ctx, meta, bytes.NewReader(encoder().EncodeAll(copy, nil))); err != nil {
		return fmt.Errorf("natsjs: put the copy of %s: %w", fc.Accession, err)
	}
	return nil
}

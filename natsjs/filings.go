package natsjs

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
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
	held := ""
	if info, err := obs.GetInfo(ctx, fc.Accession); err == nil {
		held = info.Headers.Get(versionHeader)
	} else if !errors.Is(err, jetstream.ErrObjectNotFound) {
		return err
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

func (r *Replica) object(ctx context.Context, obs jetstream.ObjectStore, name string) (jetstream.ObjectResult, error) {
	if r.getObject != nil {
		return r.getObject(ctx, obs, name)
	}
	return obs.Get(ctx, name)
}

// getFiling reads the copy of the filing a change names; nil when the writer had none to give
// (the filing was not stored when it published the change).
func (r *Replica) getFiling(ctx context.Context, fc spac.FilingChange) ([]byte, error) {
	obs, err := r.conn.filings(ctx)
	if err != nil {
		return nil, err
	}
	res, err := r.object(ctx, obs, fc.Accession)
	if errors.Is(err, jetstream.ErrObjectNotFound) {
		r.log.Warn("natsjs: no copy of a filing a change names", "accession", fc.Accession)
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer res.Close()
	z, err := io.ReadAll(res) // the digest is checked at the end of the read
	if err != nil {
		return nil, fmt.Errorf("natsjs: read the copy of %s: %w", fc.Accession, err)
	}
	copy, err := decoder().DecodeAll(z, nil)
	if err != nil {
		return nil, applyError{fmt.Errorf("natsjs: the copy of %s: %w", fc.Accession, err)}
	}
	return copy, nil
}

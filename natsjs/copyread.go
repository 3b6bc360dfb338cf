package natsjs

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	spac "github.com/spacdata/spac"
)

// Why a copy's read is checked with the leader: ObjectStore.Get finds an object's description
// with a JetStream direct get, which any server of the object store answers, a follower
// included, from what that server has stored so far. Right after the writer's put, a follower
// that lags (a loaded machine) answers "not found", or the previous version. A replica that
// took that answer recorded the change's position without the filing, or with its old
// version, and answered 404 for it for good while it reported itself current (a CI failure
// of TestClusterKilledNodesCatchUp). The writer puts the copy before it publishes the change,
// and only the stream's leader answers a JetStream message get (not direct): the leader holds
// every put it acknowledged, so it settles any answer that is not the change's version.

// copyTries bounds the reads of a copy a lagging server keeps answering; then the change is
// read again by Run after its backoff (the replica stays behind, it does not skip the copy).
const copyTries = 8

// getFiling reads the copy of the filing a change names; nil when the writer had none to give
// (the filing was not stored when it published the change).
func (r *Replica) getFiling(ctx context.Context, fc spac.FilingChange) ([]byte, error) {
	obs, err := r.conn.filings(ctx)
	if err != nil {
		return nil, err
	}
	wait := 50 * time.Millisecond
	for range copyTries {
		res, err := r.object(ctx, obs, fc.Accession)
		if errors.Is(err, jetstream.ErrObjectNotFound) {
			res = nil
		} else if err != nil {
			return nil, err
		}
		copy, done, err := r.settle(ctx, fc, res)
		if done || err != nil {
			return copy, err
		}
		if !sleep(ctx, wait) {
			return nil, ctx.Err()
		}
		wait = backoff(wait, time.Second)
	}
	return nil, fmt.Errorf("natsjs: the copy of %s: the servers answering lack the leader's copy", fc.Accession)
}

// settle reads res (nil: the server that answered had no object) when it holds the version
// the change names, or the object the leader holds (a newer version, which a later change
// names); it reports done with a nil copy when the leader holds none either. Otherwise res is
// an answer older than the leader's: not done, read again.
func (r *Replica) settle(ctx context.Context, fc spac.FilingChange, res jetstream.ObjectResult) ([]byte, bool, error) {
	var info *jetstream.ObjectInfo
	if res != nil {
		defer res.Close()
		var err error
		if info, err = res.Info(); err != nil {
			return nil, false, err
		}
		if info.Headers.Get(versionHeader) == fc.Version {
			copy, err := readCopy(res, fc.Accession)
			return copy, true, err
		}
	}
	leader, err := r.conn.leaderInfo(ctx, fc.Accession)
	switch {
	case err != nil:
		return nil, false, err
	case leader == nil && info == nil:
		r.log.Warn("natsjs: no copy of a filing a change names (the writer had none)", "accession", fc.Accession)
		return nil, true, nil
	case leader != nil && info != nil && leader.NUID == info.NUID:
		copy, err := readCopy(res, fc.Accession)
		return copy, true, err
	}
	r.log.Info("natsjs: a server answered without the writer's last copy of a filing: reading it again", "accession", fc.Accession, "version", fc.Version)
	return nil, false, nil
}

// readCopy reads and decompresses an object of the filings' store.
func readCopy(res io.Reader, accession string) ([]byte, error) {
	z, err := io.ReadAll(res) // the digest is checked at the end of the read
	if err != nil {
		return nil, fmt.Errorf("natsjs: read the copy of %s: %w", accession, err)
	}
	copy, err := decoder().DecodeAll(z, nil)
	if err != nil {
		return nil, applyError{fmt.Errorf("natsjs: the copy of %s: %w", accession, err)}
	}
	return copy, nil
}

// leaderInfo is the description of the filings' object name as the object store's leader
// holds it (nil: none), read with a JetStream message get of its meta subject (the subject
// ObjectStore names it by: "$O.<bucket>.M.<base64url name>").
func (c *Conn) leaderInfo(ctx context.Context, name string) (*jetstream.ObjectInfo, error) {
	js, err := c.nc.JetStream()
	if err != nil {
		return nil, err
	}
	bucket := c.cfg.filingsBucket()
	subject := "$O." + bucket + ".M." + base64.URLEncoding.EncodeToString([]byte(name))
	m, err := js.GetLastMsg("OBJ_"+bucket, subject, nats.Context(ctx))
	if errors.Is(err, nats.ErrMsgNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("natsjs: %s as the object store's leader holds it: %w", name, err)
	}
	var info jetstream.ObjectInfo
	if err := json.Unmarshal(m.Data, &info); err != nil {
		return nil, fmt.Errorf("natsjs: %s as the object store's leader holds it: %w", name, err)
	}
	if info.Deleted {
		return nil, nil
	}
	return &info, nil
}

// object reads an object of the filings' store (through a test's stand-in when one is set).
func (r *Replica) object(ctx context.Context, obs jetstream.ObjectStore, name string) (jetstream.ObjectResult, error) {
	if r.getObject != nil {
		return r.getObject(ctx, obs, name)
	}
	return obs.Get(ctx, name)
}

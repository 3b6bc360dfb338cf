package natsjs_test

import (
	"context"
	"testing"
	"time"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/natsjs"
)

// TestForwardedWritesAreInTheStreamWhenAnswered: a write forwarded by a replica is served by
// the writer and answered with the stream position by which it is published; the replica,
// once it applied that far, authenticates the key the write created. Without a writer
// listening, a forward fails at once rather than at its timeout.
func TestForwardedWritesAreInTheStreamWhenAnswered(t *testing.T) {
	srv, ctx, _ := streamServer(t)
	writer, replica := openNode(t, t.TempDir(), true), openNode(t, t.TempDir(), false)
	fwd := natsjs.NewForwarder(connect(t, srv.URL()))
	start := time.Now()
	if _, err := fwd.Forward(ctx, spac.ForwardedRequest{Method: "POST", URI: "/v1/admin/keys"}); err == nil || time.Since(start) > 5*time.Second {
		t.Fatalf("forward with no writer: %v after %s", err, time.Since(start))
	}
	wconn := connect(t, srv.URL())
	pub := natsjs.NewPublisher(wconn, writer.db, nil)
	writer.run(pub.Run)
	writeSome(t, writer.db, 0, 20) // changes before the key: the position must cover them all
	stop, err := natsjs.ServeForwards(wconn, nil, func(ctx context.Context, r spac.ForwardedRequest) (spac.ForwardedResponse, error) {
		if err := writer.db.PutKey(ctx, spac.APIKey{ID: "key_" + string(r.Body), Tier: spac.TierPro, Hash: string(r.Body)}); err != nil {
			return spac.ForwardedResponse{}, err
		}
		last, err := writer.db.LastJournaled(ctx)
		if err != nil {
			return spac.ForwardedResponse{}, err
		}
		pos, err := pub.WaitPublished(ctx, last)
		return spac.ForwardedResponse{Status: 201, Body: []byte("made"), Position: pos}, err
	})
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	startReplica(t, srv.URL(), replica)
	resp, err := fwd.Forward(ctx, spac.ForwardedRequest{Method: "POST", URI: "/v1/admin/keys", Body: []byte("abc")})
	if err != nil || resp.Status != 201 || string(resp.Body) != "made" {
		t.Fatalf("forward: %+v %v", resp, err)
	}
	if resp.Position != 61 { // 20 x (profile, alert, stream event), then the key
		t.Fatalf("answered at position %d, want 61", resp.Position)
	}
	if err := replica.rep.WaitApplied(ctx, resp.Position); err != nil {
		t.Fatal(err)
	}
	if k, err := replica.db.KeyByHash(ctx, "abc"); err != nil || k.ID != "key_abc" {
		t.Fatalf("the replica's key: %+v %v", k, err)
	}
}

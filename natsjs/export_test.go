package natsjs

import (
	"context"

	"github.com/nats-io/nats.go/jetstream"
)

// SetObjectReader makes r read the filings' objects through get (a test's stand-in for a
// server of the object store that answers with what it held before).
func SetObjectReader(r *Replica, get func(ctx context.Context, obs jetstream.ObjectStore, name string) (jetstream.ObjectResult, error)) {
	r.getObject = get
}

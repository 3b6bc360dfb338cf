package spac

import (
	"context"
	"time"
)

// IdempotentRecord is what an Idempotency-Key holds: the digest of the request it was first
// sent with (its parsed parameters, so the same JSON written otherwise is the same request)
// and, once that request was answered, its answer. Status 0 means the first request is still
// being handled.
type IdempotentRecord struct {
	Params      string    `json:"params"`
	Status      int       `json:"status,omitempty"`
	ContentType string    `json:"contentType,omitempty"`
	Body        []byte    `json:"body,omitempty"`
	At          time.Time `json:"at"`
}

// Answered reports whether the record holds the first request's answer.
func (r IdempotentRecord) Answered() bool { return r.Status != 0 }

// IdempotencyStore keeps Idempotency-Key records until they expire (docs/api.md,
// "Idempotency"). key is opaque to the store (the caller, the route and the client's key).
// An expired record is as absent: the store drops it by itself.
type IdempotencyStore interface {
	// ReserveIdempotent stores r under key unless a live record is there. It returns the
	// record kept under key (r itself when it reserved) and whether it reserved.
	ReserveIdempotent(ctx context.Context, key string, r IdempotentRecord, expires time.Time) (IdempotentRecord, bool, error)
	// PutIdempotent replaces the record under key (with the answer).
	PutIdempotent(ctx context.Context, key string, r IdempotentRecord, expires time.Time) error
	// DeleteIdempotent forgets key (an answer not worth keeping: the request may be retried).
	DeleteIdempotent(ctx context.Context, key string) error
}

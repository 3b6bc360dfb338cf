package spac

import (
	"context"
	"time"
)

// AlertStore keeps fired alerts. PutAlert keeps the FIRST alert stored under an ID: alert ids
// are deterministic per (cik, kind, source accession), so re-evaluating the same data repeats
// them, and a repeat changes nothing and reports added == false. A store assigns Seq
// (increasing in insertion order) to every alert it adds.
type AlertStore interface {
	PutAlert(ctx context.Context, a Alert) (added bool, err error)
	// Alerts returns the alerts matching q, newest first (FiredAt descending, then ID ascending).
	Alerts(ctx context.Context, q AlertQuery) ([]Alert, error)
}

// AlertQuery filters alerts. Kinds and Severities filter when non-empty (several values are
// OR-ed). CIKs filters when non-nil: a non-nil empty slice matches nothing, so a sample scope
// with no SPACs never widens to every alert. Since is inclusive. Limit <= 0 means no limit.
type AlertQuery struct {
	Kinds      []AlertKind
	Severities []string // any case
	CIKs       []CIK
	Since      time.Time
	Limit      int
}

package access

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
)

// retirements records what the OnRetire hook is told.
type retirements struct{ told []Retirement }

func (r *retirements) hook(_ context.Context, ret Retirement) error {
	r.told = append(r.told, ret)
	return nil
}

func callerOf(t *testing.T, h *harness, secret string) spac.Caller {
	t.Helper()
	rec := h.do("GET", "/v1/universe", secret, "")
	expectStatus(t, rec, http.StatusOK, "universe")
	var c spac.Caller
	if err := json.Unmarshal(rec.Body.Bytes(), &c); err != nil {
		t.Fatal(err)
	}
	return c
}

// TestRotationCarriesUsageAndLimits: after a rotation the new key reports the old key's usage
// and continues its rate-limit windows (rotating is no way to a fresh daily quota); the hook
// is told the rotation with the successor; the old secret is refused at once.
func TestRotationCarriesUsageAndLimits(t *testing.T) {
	h := newHarness(t, map[spac.Tier]TierLimits{spac.TierFree: {PerMinute: 100, PerDay: 5}})
	var r retirements
	h.guard.Keys().OnRetire(r.hook)
	oldSecret, old := h.newKey(spac.TierFree)
	for range 4 {
		expectStatus(t, h.do("GET", "/v1/universe", oldSecret, ""), http.StatusOK, "old key")
	}
	secret, key, err := h.guard.Keys().Rotate(t.Context(), old.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	if want := []Retirement{{KeyID: old.ID, Successor: key.ID, At: t0.Truncate(time.Second)}}; !slices.Equal(r.told, want) {
		t.Fatalf("hook told %+v, want %+v", r.told, want)
	}
	expectStatus(t, h.do("GET", "/v1/universe", oldSecret, ""), http.StatusUnauthorized, "old secret after rotation")
	expectStatus(t, h.do("GET", "/v1/universe", secret, ""), http.StatusOK, "fifth request of the day")
	expectStatus(t, h.do("GET", "/v1/universe", secret, ""), http.StatusTooManyRequests, "sixth request of the day")
	u, err := h.guard.Keys().Usage(t.Context(), key.ID, 1)
	if err != nil || u.Total != 5 {
		t.Fatalf("new key's usage %+v (%v), want the old key's 4 plus 1", u, err)
	}
	stored, _ := h.keys.Key(t.Context(), old.ID)
	if stored.ReplacedBy != key.ID || stored.ActiveAt(h.clock.Now()) {
		t.Fatalf("rotated-out key %+v", stored)
	}
}

// TestRotationGraceServesTheOldSecretAsTheNewKey: with a grace period the old secret keeps
// working until it ends, as the new key (same usage, same webhooks), and its caller says when
// it stops (so a stream opened with it ends there); afterwards it is refused.
func TestRotationGraceServesTheOldSecretAsTheNewKey(t *testing.T) {
	h := newHarness(t, nil)
	oldSecret, old := h.newKey(spac.TierInstitutional)
	callerOf(t, h, oldSecret) // cached before the rotation: the rotation must drop it
	_, key, err := h.guard.Keys().Rotate(t.Context(), old.ID, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	c := callerOf(t, h, oldSecret)
	if c.KeyID != key.ID || c.Tier != key.Tier {
		t.Fatalf("old secret in its grace acts as %+v, want the new key %s", c, key.ID)
	}
	rec := h.do("GET", "/v1/alerts/stream", oldSecret, "")
	expectStatus(t, rec, http.StatusOK, "stream with the old secret in its grace")
	h.clock.Advance(time.Hour)
	expectStatus(t, h.do("GET", "/v1/universe", oldSecret, ""), http.StatusUnauthorized, "old secret after its grace")
	if _, _, err := h.guard.Keys().Rotate(t.Context(), old.ID, 0); spac.ErrorCode(err) != spac.ECONFLICT {
		t.Fatalf("rotating a rotated-out key: %v", err)
	}
	if _, _, err := h.guard.Keys().Rotate(t.Context(), key.ID, MaxRotationGrace+time.Second); spac.ErrorCode(err) != spac.EINVALID {
		t.Fatalf("a grace past the maximum: %v", err)
	}
}

// TestGraceCallerCarriesItsEnd: the Caller of an old secret in its grace names the grace end.
func TestGraceCallerCarriesItsEnd(t *testing.T) {
	h := newHarness(t, nil)
	oldSecret, old := h.newKey(spac.TierInstitutional)
	if _, _, err := h.guard.Keys().Rotate(t.Context(), old.ID, 30*time.Minute); err != nil {
		t.Fatal(err)
	}
	var until time.Time
	h.engine.GET("/until", h.guard.Handler(spac.AuthRequired, spac.EntitleNone), func(c *gin.Context) {
		until = spac.CallerOf(c).Until
	})
	h.do("GET", "/until", oldSecret, "")
	if want := t0.Truncate(time.Second).Add(30 * time.Minute); !until.Equal(want) {
		t.Fatalf("caller until %v, want %v", until, want)
	}
}

// TestRevokeTellsTheHookEveryTime: a revocation is told to the hook before Revoke returns,
// and again when repeated (completing one whose hook failed); a failing hook fails Revoke but
// the key stays revoked.
func TestRevokeTellsTheHookEveryTime(t *testing.T) {
	h := newHarness(t, nil)
	secret, key := h.newKey(spac.TierFree)
	fail := true
	var told int
	h.guard.Keys().OnRetire(func(_ context.Context, r Retirement) error {
		told++
		if r.KeyID != key.ID || r.Successor != "" {
			t.Errorf("told %+v", r)
		}
		if fail {
			return errors.New("webhook store down")
		}
		return nil
	})
	if _, err := h.guard.Keys().Revoke(t.Context(), key.ID); err == nil {
		t.Fatal("a failed hook must fail the revocation")
	}
	expectStatus(t, h.do("GET", "/v1/universe", secret, ""), http.StatusUnauthorized, "revoked key")
	fail = false
	if _, err := h.guard.Keys().Revoke(t.Context(), key.ID); err != nil || told != 2 {
		t.Fatalf("second revoke: %v, hook told %d times", err, told)
	}
}

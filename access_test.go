package spac

import "testing"

// requestKeys stands in for a *gin.Context: Value reads the keys set on the request.
type requestKeys map[any]any

func (k requestKeys) Value(key any) any { return k[key] }

func TestCallerOf(t *testing.T) {
	anonymous := Caller{Tier: TierAnonymous, Sample: true}
	keyed := Caller{KeyID: "k1", Tier: TierEnterprise}
	for name, tc := range map[string]struct {
		keys requestKeys
		want Caller
	}{
		"set by the guard":            {requestKeys{CallerKey: keyed}, keyed},
		"no caller: anonymous sample": {requestKeys{}, anonymous},
		"another type under the key":  {requestKeys{CallerKey: "k1"}, anonymous},
		"a pointer is not a caller":   {requestKeys{CallerKey: &keyed}, anonymous},
	} {
		if got := CallerOf(tc.keys); got != tc.want {
			t.Errorf("%s: CallerOf = %+v, want %+v", name, got, tc.want)
		}
	}
}

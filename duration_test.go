package spac

import (
	"encoding/json"
	"testing"
	"time"
)

// A duration is written as a rounded string and read back from it (or from nanoseconds).
func TestDurationJSON(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want string
	}{
		{83456789 * time.Microsecond, `"1m23.5s"`},
		{1234567 * time.Microsecond, `"1.235s"`},
		{12345678 * time.Nanosecond, `"12.35ms"`},
		{12345 * time.Nanosecond, `"12.3µs"`},
		{0, `"0s"`},
	} {
		b, err := json.Marshal(Duration(c.d))
		if err != nil || string(b) != c.want {
			t.Errorf("Marshal(%v) = %s, %v; want %s", c.d, b, err, c.want)
		}
	}
	var d Duration
	if err := json.Unmarshal([]byte(`"1m23.4s"`), &d); err != nil || time.Duration(d) != 83400*time.Millisecond {
		t.Errorf(`Unmarshal("1m23.4s") = %v, %v`, time.Duration(d), err)
	}
	if err := json.Unmarshal([]byte(`1500000000`), &d); err != nil || time.Duration(d) != 1500*time.Millisecond {
		t.Errorf("Unmarshal(1500000000) = %v, %v", time.Duration(d), err)
	}
	if err := json.Unmarshal([]byte(`"soon"`), &d); err == nil {
		t.Error(`"soon" was read as a duration`)
	}
}

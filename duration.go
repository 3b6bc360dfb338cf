package spac

import (
	"encoding/json"
	"fmt"
	"time"
)

// Duration is a time.Duration that reads and writes JSON as its string form ("1m23.4s"):
// a summary a person or a script reads should not say 83400000000 (nanoseconds). It also
// reads a plain number of nanoseconds, so output written before the change still decodes.
type Duration time.Duration

// String rounds to about four significant digits: "1m23.5s", "1.235s", "200.02ms", "12.3µs".
func (d Duration) String() string {
	td := time.Duration(d)
	abs := max(td, -td)
	unit := time.Nanosecond
	switch {
	case abs >= time.Minute:
		unit = 100 * time.Millisecond
	case abs >= time.Second:
		unit = time.Millisecond
	case abs >= time.Millisecond:
		unit = 10 * time.Microsecond
	case abs >= time.Microsecond:
		unit = 100 * time.Nanosecond
	}
	return td.Round(unit).String()
}

// MarshalJSON writes the string form.
func (d Duration) MarshalJSON() ([]byte, error) {
	return json.Marshal(d.String())
}

// UnmarshalJSON reads the string form or a number of nanoseconds.
func (d *Duration) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		var n int64
		if err := json.Unmarshal(b, &n); err != nil {
			return fmt.Errorf("duration: want a string such as \"1.5s\", got %s", b)
		}
		*d = Duration(n)
		return nil
	}
	td, err := time.ParseDuration(s)
	if err != nil {
		return fmt.Errorf("duration: %w", err)
	}
	*d = Duration(td)
	return nil
}

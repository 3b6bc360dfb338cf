package strictjson

import (
	"strings"
	"testing"
)

func TestDecode(t *testing.T) {
	for body, ok := range map[string]bool{
		`{"a":1}`: true, " {\"a\":1} \n": true,
		`{"a":1} x`: false, `{"a":1}{"a":2}`: false, `{"a":1} {}`: false, `{"a":1}]`: false, `{"a":`: false, ``: false,
	} {
		var v map[string]any
		if err := Decode(strings.NewReader(body), &v); (err == nil) != ok {
			t.Errorf("Decode(%q) = %v, want ok %v", body, err, ok)
		}
	}
}

package kv

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"strings"
	"testing"

	spac "github.com/spacdata/spac"
)

// TestContentHashIsTheLengthPrefixedSHA256: the hash, taken through one buffer, is SHA-256
// over the length-prefixed filing JSON, facts JSON and lines, as stores hold it (a changed
// hash would make every stored filing read as changed), whatever the lines' sizes.
func TestContentHashIsTheLengthPrefixedSHA256(t *testing.T) {
	f := spac.Filing{Accession: "0001-25-000001", CIK: "0000000001", ExtractVersion: "x"}
	facts := []spac.Fact{{CIK: "0000000001", Field: "name", Value: "Acme"}}
	lines := []string{"", "a", strings.Repeat("b", 4090), strings.Repeat("c", 10000), "d"}
	factsJSON, _ := json.Marshal(facts)
	got, err := contentHash(f, lines, factsJSON)
	if err != nil {
		t.Fatal(err)
	}
	f.ExtractVersion = ""
	fj, _ := json.Marshal(f)
	h := sha256.New()
	for _, part := range append([]string{string(fj), string(factsJSON)}, lines...) {
		h.Write(binary.BigEndian.AppendUint64(nil, uint64(len(part))))
		h.Write([]byte(part))
	}
	if want := hex.EncodeToString(h.Sum(nil)); got != want {
		t.Errorf("contentHash = %s, want %s", got, want)
	}
}

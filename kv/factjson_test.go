package kv

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	spac "github.com/spacdata/spac"
)

// sameAsUnmarshal fails t unless decodeFacts(b) gives what json.Unmarshal does (the facts,
// and whether it failed).
func sameAsUnmarshal(t *testing.T, b []byte) {
	t.Helper()
	var want []spac.Fact
	wantErr := json.Unmarshal(b, &want)
	got, err := decodeFacts(b)
	if (err != nil) != (wantErr != nil) {
		t.Fatalf("decodeFacts(%q): error %v, json.Unmarshal: %v", b, err, wantErr)
	}
	if err == nil && !reflect.DeepEqual(got, want) {
		t.Fatalf("decodeFacts(%q) =\n%#v\njson.Unmarshal:\n%#v", b, got, want)
	}
	before := []spac.Fact{{Field: "before"}}
	got, err = appendFacts(before[:1:1], b)
	if (err != nil) != (wantErr != nil) || err == nil && !reflect.DeepEqual(got, append(before, want...)) {
		t.Fatalf("appendFacts(%q) = %#v, %v; json.Unmarshal: %#v, %v", b, got, err, want, wantErr)
	}
}

// TestDecodeFactsIsUnmarshal holds the hand reader of stored facts to encoding/json on random
// facts as json.Marshal writes them (which the reader must read itself, not hand on) and on
// texts json.Marshal never writes.
func TestDecodeFactsIsUnmarshal(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 26))
	for range 3000 {
		facts := make([]spac.Fact, rng.IntN(4))
		for i := range facts {
			facts[i] = randomFact(rng)
		}
		b, err := json.Marshal(facts)
		if err != nil {
			t.Fatal(err)
		}
		sameAsUnmarshal(t, b)
		r := factReader{b: b}
		if _, ok := r.facts(nil); !ok {
			t.Fatalf("the reader gave up on json.Marshal's own text %s", b)
		}
	}
	for _, b := range oddFactTexts {
		sameAsUnmarshal(t, []byte(b))
	}
}

// oddFactTexts are texts json.Marshal does not write for facts: encoding/json reads them.
var oddFactTexts = []string{
	``, `null`, `[]`, ` [ ] `, `[`, `[{}]`, `[{},]`, `[{}] x`, `{}`, `[null]`,
	`[{"cik":"0001","Field":"a"}]`, `[{"unknown":1,"field":"a"}]`, `[{"field":null}]`,
	`[{"citation":{"line":1.0}}]`, `[{"citation":{"line":1e2}}]`, `[{"citation":{"line":01}}]`,
	`[{"citation":{"line":-3}}]`, `[{"citation":{"line":"3"}}]`, `[{"citation":{"line":99999999999999999999}}]`,
	`[{"citation":{"inputs":[{"quote":"a"}],"inputs":[{"field":"b"}]}}]`,
	`[{"citation":{"inputs":[]}}]`, `[{"citation":{"inputs":null}}]`,
	`[{"citation":{"field":"a"},"citation":{"quote":"b"}}]`,
	`[{"value":"\u00e9\ud83d\ude00 \ud800 \"q\" \\ \/ \n"}]`, `[{"value":"\x"}]`, `[{"value":"` + "\x01" + `"}]`,
	`[{"value":"` + "\xff\xfe" + `"}]`, `[{"value":"` + "caf\xc3\xa9" + `"}]`, `[{"value":"unterminated`,
	`[{"value":"\u0026\u003c\u003E\u2028"}]`, `[{"value":"\u00"}]`, `[{"value":"\uZZZZ"}]`, `[{"value":"\u+0ff"}]`,
	`[{"value":"\ud83d\ude00"}]`, `[{"value":"\udc00 x"}]`, `[{"value":"a\u0000b\b\f\r\t"}]`, `[{"value":"\u0026` + "\xff" + `"}]`,
	`[{"value":"\u0026` + "\x01" + `"}]`, `[{"value":"\`, `[{"value":"\u0026`, `[{"value":"a" "field":"b"}]`, `[{"value" "a"}]`, "[\t{\"value\" :\r\n\"a\" } ]",
}

func randomFact(rng *rand.Rand) spac.Fact {
	return spac.Fact{
		CIK: spac.CIK(randomText(rng)), Field: randomText(rng), Value: randomText(rng),
		Period: randomText(rng), Party: randomText(rng), Citation: randomCitation(rng, 2),
	}
}

func randomCitation(rng *rand.Rand, depth int) spac.Citation {
	c := spac.Citation{
		Field: randomText(rng), Filing: randomText(rng), Accession: randomText(rng),
		Line: rng.IntN(3) * rng.IntN(100000), Document: randomText(rng), URL: randomText(rng),
		FiledAt: randomText(rng), Excerpt: randomText(rng), Quote: randomText(rng),
		Basis: spac.Basis(randomText(rng)), Source: randomText(rng), AsOf: randomText(rng),
	}
	if rng.IntN(4) == 0 {
		c.Line = -c.Line
	}
	for range rng.IntN(3) * min(depth, 1) {
		c.Inputs = append(c.Inputs, randomCitation(rng, depth-1))
	}
	return c
}

// randomText is empty half the time, else pieces of what filings and JSON hold.
func randomText(rng *rand.Rand) string {
	pieces := []string{"Keefe, Bruyette & Woods", "<b>", "“quoted”", `"`, `\`, "\n", "\t", "\x00",
		"\u2028", "é", "ſ", "\xff", "$10.00", "2021-03-10", "0001234567", " ", "/"}
	var b strings.Builder
	for range rng.IntN(2) * rng.IntN(6) {
		b.WriteString(pieces[rng.IntN(len(pieces))])
	}
	return b.String()
}

// FuzzDecodeFacts holds decodeFacts to json.Unmarshal on any text.
func FuzzDecodeFacts(f *testing.F) {
	for _, b := range oddFactTexts {
		f.Add([]byte(b))
	}
	f.Add([]byte(`[{"cik":"0000000001","field":"name","value":"A \u0026 B","citation":{"field":"name","line":3,"inputs":[{"quote":"q"}]}}]`))
	f.Fuzz(func(t *testing.T, b []byte) { sameAsUnmarshal(t, b) })
}

package api

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
)

// citeMode is how citations are written: in full, as compact references, or not at all.
type citeMode uint8

const (
	citeFull citeMode = iota
	citeRef
	citeNone
)

var citeModes = []string{"full", "ref", "none"}

// citationsParam lets a client trade the citations' detail for size. Provenance is kept in
// ref mode: each citation keeps what the spec names (field, filing, accession, line) and a
// ref that GET /v1/citations resolves to the full citation.
var citationsParam = Param{Name: "citations", In: InQuery, Type: TypeString, Enum: citeModes,
	Description: "full (default): every citation with its excerpt, quote, URL and inputs; ref: field, filing, accession, line and a ref that GET /v1/citations?ref= resolves; none: no citations"}

// citeModeOf reads the citations parameter (its value was checked by validateQuery).
func citeModeOf(c *gin.Context) citeMode {
	switch strings.TrimSpace(c.Query("citations")) {
	case "ref":
		return citeRef
	case "none":
		return citeNone
	}
	return citeFull
}

// refCitation is a citation in ref mode.
type refCitation struct {
	// The property this citation backs, by its JSON name.
	Field string `json:"field"`
	// The form type of the cited filing, e.g. "10-Q".
	Filing string `json:"filing,omitempty"`
	// SEC accession number of the cited filing.
	Accession string `json:"accession,omitempty"`
	// The line of the filing's text the value is on.
	Line int `json:"line,omitempty"`
	// For a quoted value (no filing), the quotes source.
	Source string `json:"source,omitempty"`
	// Only when not "stated": derived, modeled or quoted; the ref then holds the inputs.
	Basis spac.Basis `json:"basis,omitempty"`
	// The citation's id: GET /v1/citations/{ref} answers the full citation.
	Ref string `json:"ref"`
}

// citationRef is the reference of a citation of the SPAC cik: the CIK without its leading
// zeros and 12 hex digits of the SHA-256 of the citation's JSON. It depends only on the
// citation, so it stays valid for as long as the SPAC's data cites the same thing.
func citationRef(cik spac.CIK, raw []byte) string {
	sum := sha256.Sum256(raw)
	return strings.TrimLeft(string(cik), "0") + "-" + hex.EncodeToString(sum[:6])
}

// citationsKey is how every citations array starts in JSON encoded by this package: a key
// can only appear outside strings, where quotes are never escaped.
var citationsKey = []byte(`"citations":`)

// rewriteCitations returns raw (JSON encoded by marshal) with every citations array written
// in mode: as is, as refCitations, or left out with its key. cik owns the citations (refs
// name it).
func rewriteCitations(raw []byte, mode citeMode, cik spac.CIK) ([]byte, error) {
	if mode == citeFull {
		return raw, nil
	}
	out := make([]byte, 0, len(raw)/3)
	dropComma := false // a citations key left out was first in its object: drop the separator after it
	add := func(b []byte) {
		if dropComma && len(b) > 0 && b[0] == ',' {
			b = b[1:]
		}
		dropComma = false
		out = append(out, b...)
	}
	err := eachCitations(raw, func(before []byte, cites []json.RawMessage) error {
		add(before)
		if mode == citeNone {
			if n := len(out); n > 0 && out[n-1] == ',' {
				out = out[:n-1]
			} else {
				dropComma = true
			}
			return nil
		}
		enc, err := refCitations(cites, cik)
		if err != nil {
			return err
		}
		out = append(append(out, citationsKey...), enc...)
		return nil
	}, add)
	return out, err
}

// refCitations encodes the citations of cik as refCitations.
func refCitations(cites []json.RawMessage, cik spac.CIK) ([]byte, error) {
	refs := make([]refCitation, len(cites))
	for i, rc := range cites {
		var ct spac.Citation
		if err := json.Unmarshal(rc, &ct); err != nil {
			return nil, err
		}
		refs[i] = compactCitation(ct, citationRef(cik, rc))
	}
	return marshal(refs)
}

func compactCitation(c spac.Citation, ref string) refCitation {
	r := refCitation{Field: c.Field, Filing: c.Filing, Accession: c.Accession, Line: c.Line, Source: c.Source, Ref: ref}
	if c.Basis != spac.BasisStated {
		r.Basis = c.Basis
	}
	return r
}

// eachCitations walks raw and calls fn for every citations array (not those nested inside
// one, the inputs of derived citations) with the bytes since the previous one and the
// array's elements as encoded; tail gets the bytes after the last.
func eachCitations(raw []byte, fn func(before []byte, cites []json.RawMessage) error, tail func([]byte)) error {
	start, inString, escaped := 0, false, false
	for i := 0; i < len(raw); i++ {
		b := raw[i]
		switch {
		case inString && escaped:
			escaped = false
		case inString && b == '\\':
			escaped = true
		case inString && b == '"':
			inString = false
		case b == '"' && bytes.HasPrefix(raw[i:], citationsKey):
			end, cites, err := citationArray(raw, i+len(citationsKey))
			if err != nil {
				return err
			}
			if err := fn(raw[start:i], cites); err != nil {
				return err
			}
			start, i = end, end-1
		case b == '"':
			inString = true
		}
	}
	tail(raw[start:])
	return nil
}

// citationArray decodes the array starting at raw[at] and returns the offset after it.
func citationArray(raw []byte, at int) (int, []json.RawMessage, error) {
	dec := json.NewDecoder(bytes.NewReader(raw[at:]))
	var cites []json.RawMessage
	if err := dec.Decode(&cites); err != nil {
		return 0, nil, fmt.Errorf("citations at byte %d: %w", at, err)
	}
	return at + int(dec.InputOffset()), cites, nil
}

// citationsIn collects every citation of raw by its ref (what GET /v1/citations resolves).
func citationsIn(raw []byte, cik spac.CIK, into map[string]json.RawMessage) error {
	return eachCitations(raw, func(_ []byte, cites []json.RawMessage) error {
		for _, rc := range cites {
			into[citationRef(cik, rc)] = rc
		}
		return nil
	}, func([]byte) {})
}

// maxRefs bounds the refs one lookup may ask for.
const maxRefs = 100

// CitationsBody is the body of GET /v1/citations.
type CitationsBody struct {
	// The citations asked for, by field name.
	Citations map[string]json.RawMessage `json:"citations"`
	// Fields asked for that have no citation (the value is absent, or not cited).
	Missing []string `json:"missing"`
}

func (s *Server) citations(c *gin.Context) (any, error) {
	refs := listParam(c, "ref")
	if len(refs) > maxRefs {
		return nil, spac.InvalidParam("ref", "at most %d refs per request, got %d", maxRefs, len(refs))
	}
	sc, err := s.scopeOf(c)
	if err != nil {
		return nil, err
	}
	v, err := s.versionOf(c)
	if err != nil {
		return nil, err
	}
	out := CitationsBody{Citations: map[string]json.RawMessage{}, Missing: []string{}}
	for _, ref := range refs {
		cik, ok := refCIK(ref)
		if !ok {
			return nil, spac.InvalidParam("ref", "%q is not a citation ref (digits, a dash and 12 hex digits)", ref)
		}
		if !sc.allows(cik) { // the sample gate refused it already; kept should the gate change
			return nil, notInSample("ref", ref)
		}
		known, err := s.citationsOf(c.Request.Context(), v, cik)
		if err != nil {
			return nil, unavailable(s, c, err)
		}
		if rc, ok := known[ref]; ok {
			out.Citations[ref] = rc
		} else {
			out.Missing = append(out.Missing, ref)
		}
	}
	return out, nil
}

// refCIK is the SPAC a ref names.
func refCIK(ref string) (spac.CIK, bool) {
	digits, hash, ok := strings.Cut(ref, "-")
	if !ok || len(hash) != 12 {
		return "", false
	}
	if _, err := hex.DecodeString(hash); err != nil {
		return "", false
	}
	return spac.ParseCIK(digits)
}

// citationsOf is every citation the SPAC's profile and calendar events carry, by ref, built
// once per data version.
func (s *Server) citationsOf(ctx context.Context, v dataVersion, cik spac.CIK) (map[string]json.RawMessage, error) {
	x, err := s.cache.object(v, "citations/"+string(cik), func() (any, error) {
		ctx := context.WithoutCancel(ctx) // other requests may wait for this build
		known := map[string]json.RawMessage{}
		ch, err := s.profileChunk(ctx, v, cik, citeFull)
		if spac.ErrorCode(err) == spac.ENOTFOUND {
			return known, nil
		}
		if err != nil {
			return nil, err
		}
		if err := citationsIn(ch.Bytes(), cik, known); err != nil {
			return nil, err
		}
		cal, err := s.calendarIndex(ctx, v)
		if err != nil {
			return nil, err
		}
		for _, e := range cal.byCIK[cik] {
			for _, ct := range e.Citations {
				raw, err := marshal(ct)
				if err != nil {
					return nil, err
				}
				known[citationRef(cik, raw)] = raw
			}
		}
		return known, nil
	})
	if err != nil {
		return nil, err
	}
	return x.(map[string]json.RawMessage), nil
}

// citationRefsParam lists the refs GET /citations resolves.
var citationRefsParam = Param{Name: "ref", In: InQuery, Type: TypeList, Required: true,
	Description: fmt.Sprintf("citation refs, comma-separated (at most %d), as given by citations=ref", maxRefs)}

package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/api/wire"
)

// The encoders below write each record once per data version, citation mode and (for
// universe rows) field selection; the handlers splice the cached chunks into pages.

// pageHead starts the body of a tabular response: {"asOf":"...","rows":[
func pageHead(v dataVersion) *wire.Body {
	b := &wire.Body{}
	b.WriteString(`{"asOf":"` + v.asOf() + `","rows":[`)
	return b
}

// pageTail ends a tabular body after its rows: ],"count":..,"total":..,"next":..,"facets":..}
func pageTail(b *wire.Body, pg Page) (*wire.Body, error) {
	rest, err := marshal(struct {
		Count  int                          `json:"count"`
		Total  int                          `json:"total"`
		Next   *string                      `json:"next"`
		Facets map[string][]spac.FacetCount `json:"facets,omitempty"`
	}{pg.Count, pg.Total, pg.Next, pg.Facets})
	if err != nil {
		return nil, err
	}
	b.WriteString("],")
	_, _ = b.Write(rest[1:]) // without its "{"
	return b, nil
}

// addRows appends chunks separated by commas.
func addRows(b *wire.Body, rows []*wire.Chunk) {
	for i, r := range rows {
		if i > 0 {
			_ = b.WriteByte(',')
		}
		b.Chunk(r)
	}
}

// rowChunk is a universe row: the whole row, or the selected fields with their citations.
func (s *Server) rowChunk(v dataVersion, ref rowRef, sel []string, mode citeMode) (*wire.Chunk, error) {
	key := chunkKey{kind: "row", id: string(ref.cik), mode: mode, sel: strings.Join(sel, ",")}
	return s.cache.chunk(v, key, func() ([]byte, error) {
		row, err := ref.load()
		if err != nil {
			return nil, err
		}
		return encodeRow(row, sel, mode)
	})
}

// rowBlock is how many consecutive rows of a universe page are also encoded (and compressed)
// together. Rows compressed one by one keep a seventh of their size; ten together, about a
// fourteenth (the repeated citation keys, URLs and accessions of neighbouring rows). A block
// is named by its rows' CIKs, so the same page of the same query finds it again.
const rowBlock = 10

// rowBlocks are the rows of a page in blocks of rowBlock (the last one may be shorter), each
// the rows' chunks comma-separated.
func (s *Server) rowBlocks(v dataVersion, rows []rowRef, sel []string, mode citeMode) ([]*wire.Chunk, error) {
	var out []*wire.Chunk
	for lo := 0; lo < len(rows); lo += rowBlock {
		block := rows[lo:min(lo+rowBlock, len(rows))]
		ids := make([]string, len(block))
		for i, r := range block {
			ids[i] = string(r.cik)
		}
		key := chunkKey{kind: "row-block", id: strings.Join(ids, ","), mode: mode, sel: strings.Join(sel, ",")}
		ch, err := s.cache.chunk(v, key, func() ([]byte, error) {
			var raw []byte
			for i, r := range block {
				row, err := s.rowChunk(v, r, sel, mode)
				if err != nil {
					return nil, err
				}
				if i > 0 {
					raw = append(raw, ',')
				}
				raw = append(raw, row.Bytes()...)
			}
			return raw, nil
		})
		if err != nil {
			return nil, err
		}
		out = append(out, ch)
	}
	return out, nil
}

// selection is the canonical form of a fields parameter: sorted, without repeats (the
// output follows the row's own field order whatever the order asked).
func selection(fields []string) []string {
	if len(fields) == 0 {
		return nil
	}
	return slices.Compact(slices.Sorted(slices.Values(fields)))
}

// encodeRow writes a row, reduced to the selected fields (and their citations) when sel is
// not empty, with its citations in mode.
func encodeRow(row spac.SPAC, sel []string, mode citeMode) ([]byte, error) {
	if len(sel) > 0 {
		row.Citations = citationsOf(row.Citations, sel)
	}
	raw, err := marshal(row)
	if err != nil {
		return nil, err
	}
	if len(sel) > 0 {
		if raw, err = selectKeys(raw, append(slices.Clone(sel), "citations")); err != nil {
			return nil, err
		}
	}
	return rewriteCitations(raw, mode, row.CIK)
}

// selectKeys keeps the top-level keys of a JSON object that are in keep, in their order.
func selectKeys(raw []byte, keep []string) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if _, err := dec.Token(); err != nil { // {
		return nil, err
	}
	out := []byte{'{'}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		var val json.RawMessage
		if err := dec.Decode(&val); err != nil {
			return nil, err
		}
		key, _ := tok.(string)
		if !slices.Contains(keep, key) {
			continue
		}
		if len(out) > 1 {
			out = append(out, ',')
		}
		out = append(fmt.Appendf(out, "%q:", key), val...)
	}
	return append(out, '}'), nil
}

// searchFields are the row fields a search result shows, and whose citations it carries.
var searchFields = []string{"symbol", "name", "status", "sponsor", "cik", "tickers", "previous_names", "target"}

// searchChunks are the cached parts of a search row around its per-query score and matched
// fields: {"symbol":..,"name":..,"cik":..,"status":..,"sponsor":..,"previous_names":..,
// "target":.. and ,"citations":[..]}.
func (s *Server) searchChunks(v dataVersion, row spac.SPAC, mode citeMode) (head, tail *wire.Chunk, err error) {
	head, err = s.cache.chunk(v, chunkKey{kind: "search-head", id: string(row.CIK)}, func() ([]byte, error) {
		raw, err := marshal(SearchRow{Symbol: row.Symbol, Name: row.Name, CIK: row.CIK, Status: row.Status,
			Sponsor: row.Sponsor, PreviousNames: row.PreviousNames, Target: row.Target})
		if err != nil {
			return nil, err
		}
		end := bytes.Index(raw, []byte(`,"score":`)) // what follows is per query
		return raw[:end], nil
	})
	if err != nil {
		return nil, nil, err
	}
	tail, err = s.cache.chunk(v, chunkKey{kind: "search-tail", id: string(row.CIK), mode: mode}, func() ([]byte, error) {
		raw, err := marshal(struct {
			Citations []spac.Citation `json:"citations"`
		}{citationsOf(row.Citations, searchFields)})
		if err != nil {
			return nil, err
		}
		if raw, err = rewriteCitations(raw, mode, row.CIK); err != nil {
			return nil, err
		}
		if string(raw) == "{}" {
			return []byte("}"), nil
		}
		return append([]byte{','}, raw[1:]...), nil
	})
	return head, tail, err
}

// eventChunk is one calendar event.
func (s *Server) eventChunk(v dataVersion, e spac.Event, mode citeMode) (*wire.Chunk, error) {
	return s.cache.chunk(v, chunkKey{kind: "event", id: e.ID, mode: mode}, func() ([]byte, error) {
		raw, err := marshal(e)
		if err != nil {
			return nil, err
		}
		return rewriteCitations(raw, mode, e.CIK)
	})
}

// objectTail turns an encoded object into what follows a first member: ",...}" (or "}"
// when it is empty), so that a cached object can be sent after a per-response asOf.
func objectTail(raw []byte) []byte {
	if len(raw) < 2 || raw[1] == '}' {
		return []byte("}")
	}
	raw[0] = ','
	return raw
}

// asOfBody is {"asOf":"..." followed by a chunk made by objectTail.
func asOfBody(v dataVersion, tail *wire.Chunk) *wire.Body {
	b := &wire.Body{}
	b.WriteString(`{"asOf":"` + v.asOf() + `"`)
	b.Chunk(tail)
	return b
}

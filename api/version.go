package api

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
)

// IndexGeneration is implemented by an Index that counts its writes (index.Index): the count
// is part of the data version, so that bytes cached from its rows are dropped when a row
// changes. An Index without it is read afresh on every request.
type IndexGeneration interface {
	Generation() uint64
}

// Versioned is implemented by a NewsSource that can tell when its articles changed. The
// version is an opaque string that changes whenever the data does.
type Versioned interface {
	Version(ctx context.Context) (string, error)
}

// dataVersion names the state of everything the read routes serve: the store's watermark,
// the index's write generation, the news version, the market's version (quotes and yields
// joined when rows are served) and the UTC day (some answers depend on the date: the
// calendar's window starts today). It keys every cache of encoded bytes and every ETag. It
// is read before the data a request serves, so bytes cached under a version are never older
// than it; when any input changes the key changes and nothing cached before is served again.
type dataVersion struct {
	watermark time.Time
	key       string // "" when an input cannot tell its version: nothing is cached, no ETag
}

// asOf is the watermark as responses carry it.
func (v dataVersion) asOf() string { return formatTime(v.watermark) }

// cacheable reports whether bytes may be cached and ETags given under this version.
func (v dataVersion) cacheable() bool { return v.key != "" }

const versionKey = "dataVersion"

// versionOf returns the data version of this request, read once and kept in the context so
// that the ETag, the cached bytes and asOf of one response agree.
func (s *Server) versionOf(c *gin.Context) (dataVersion, error) {
	if v, ok := c.Get(versionKey); ok {
		return v.(dataVersion), nil
	}
	v, err := s.readVersion(c.Request.Context())
	if err != nil {
		return dataVersion{}, unavailable(s, c, err)
	}
	c.Set(versionKey, v)
	return v, nil
}

// readVersion reads every part of the data version.
func (s *Server) readVersion(ctx context.Context) (dataVersion, error) {
	wm, err := s.d.Profiles.Watermark(ctx)
	if err != nil {
		return dataVersion{}, err
	}
	v := dataVersion{watermark: wm}
	gen, ok := s.d.Index.(IndexGeneration)
	if !ok {
		return v, nil
	}
	parts := []string{s.boot, wm.UTC().Format(time.RFC3339Nano), strconv.FormatUint(gen.Generation(), 10),
		s.now().UTC().Format(time.DateOnly), ""}
	if s.d.Market != nil {
		parts[len(parts)-1] = s.d.Market.Version()
	}
	if s.d.News != nil {
		nv, ok := s.d.News.(Versioned)
		if !ok {
			return v, nil
		}
		p, err := nv.Version(ctx)
		if err != nil {
			return dataVersion{}, err
		}
		parts = append(parts, p)
	}
	v.key = strings.Join(parts, "|")
	return v, nil
}

// newBootID distinguishes this process's versions from another's: the index generation
// restarts with the process.
func newBootID() string {
	var b [8]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails on supported platforms
	return hex.EncodeToString(b[:])
}

const etagKey = "etag"

// conditional gives the response of a versioned route a weak ETag derived from the data
// version and everything that selects the response (path, query, scope), and answers 304
// when the client already holds it (If-None-Match). It runs after the Guard, the parameter
// checks and the sample gate, so a 304 is only given where the 200 would be. The ETag header
// itself is written with a successful body (sendBody), never on an error.
func (s *Server) conditional(c *gin.Context) {
	v, err := s.versionOf(c)
	if err != nil || !v.cacheable() {
		return // the handler reports a store failure; an unversioned input gets no ETag
	}
	if s.notModified(c, etagOf(v.key, c)) {
		c.Abort()
	}
}

// notModified keeps tag as the ETag of this response and, when the client already holds it
// (If-None-Match), answers 304 and gives back the quota and usage the request was charged: a
// poll that finds nothing new is free (docs/api.md, "Polling and ETags").
func (s *Server) notModified(c *gin.Context, tag string) bool {
	c.Set(etagKey, tag)
	if !etagMatches(c.GetHeader("If-None-Match"), tag) {
		return false
	}
	setValidators(c, tag)
	spac.Uncharge(c)
	c.Status(http.StatusNotModified)
	c.Writer.WriteHeaderNow()
	return true
}

// etagOf hashes the version, the path, the query as sent and the caller's scope (the same
// query written otherwise gets another ETag, which costs a full answer, never a wrong 304).
func etagOf(version string, c *gin.Context) string {
	h := sha256.New()
	// the export format too: Accept can ask for CSV of the same URL
	for _, part := range []string{version, c.Request.URL.Path, c.Request.URL.RawQuery, strconv.FormatBool(CallerFrom(c).Sample), string(exportFormat(c))} {
		_, _ = io.WriteString(h, part)
		_, _ = h.Write([]byte{0})
	}
	var sum [sha256.Size]byte
	return `W/"` + hex.EncodeToString(h.Sum(sum[:0])[:12]) + `"`
}

// setValidators writes the ETag and says that the response may be stored but must be
// revalidated (it changes whenever the data does).
func setValidators(c *gin.Context, tag string) {
	h := c.Writer.Header()
	h.Set("ETag", tag)
	h.Set("Cache-Control", "private, no-cache")
	addVary(h, "Accept-Encoding")
}

// etagMatches is If-None-Match's weak comparison (RFC 9110 13.1.2): "*" or any listed tag
// whose opaque part equals tag's.
func etagMatches(header, tag string) bool {
	if header == "" {
		return false
	}
	want := strings.TrimPrefix(tag, "W/")
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimSpace(t)
		if t == "*" || strings.TrimPrefix(t, "W/") == want {
			return true
		}
	}
	return false
}

// alertsTag is the ETag of an alerts answer. Alerts change without the data version changing
// (they are fired as filings arrive and never edited: PutAlert keeps the first), so the tag
// hashes what the answer is made of: the request as etagOf sees it, the watermark its asOf
// carries and the id and sequence number of every alert served.
func (s *Server) alertsTag(c *gin.Context, rows []spac.Alert) (string, error) {
	v, err := s.versionOf(c)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	_, _ = io.WriteString(h, etagOf(v.asOf(), c))
	for _, a := range rows {
		_, _ = io.WriteString(h, a.ID)
		_, _ = io.WriteString(h, strconv.FormatUint(a.Seq, 10))
		_, _ = h.Write([]byte{0})
	}
	var sum [sha256.Size]byte
	return `W/"` + hex.EncodeToString(h.Sum(sum[:0])[:12]) + `"`, nil
}

package web

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"html/template"
	"io/fs"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/api"
)

//go:embed templates/*.html
var templateFS embed.FS

// templates holds one parsed template set per page, each with the layout and the parts.
type templates struct {
	byName map[string]*template.Template
	hash   string // of every template's text: a changed page gets new ETags
}

// shared are the files every page is parsed with.
var shared = []string{"templates/layout.html", "templates/parts.html"}

func mustParseTemplates() *templates {
	t := &templates{byName: map[string]*template.Template{}}
	names, err := fs.Glob(templateFS, "templates/*.html")
	if err != nil {
		panic(err)
	}
	h := sha256.New()
	for _, name := range names {
		raw, _ := templateFS.ReadFile(name)
		h.Write(raw)
		if contains(shared, name) {
			continue
		}
		files := append(append([]string(nil), shared...), name)
		page := strings.TrimSuffix(strings.TrimPrefix(name, "templates/"), ".html")
		t.byName[page] = template.Must(template.New("layout.html").Funcs(funcs).ParseFS(templateFS, files...))
	}
	t.hash = hex.EncodeToString(h.Sum(nil)[:6])
	return t
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// page is what the layout renders; Body is the page's own view, Main its rendered content.
type page struct {
	Title   string
	Nav     string // the navigation entry of this page
	Query   string // the search box's text
	Visitor visitor
	AsOf    string
	Version string
	Body    any
	Main    template.HTML
}

// securityHeaders: no script runs, nothing loads from elsewhere, forms post only here, no
// framing. The explorer needs nothing more (inline CSS and SVG, data: favicon).
var securityHeaders = map[string]string{
	"Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:; " +
		"form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
	"X-Content-Type-Options": "nosniff",
	"Referrer-Policy":        "same-origin",
}

// uncached are the pages whose content the data version does not cover (alerts and
// articles are not under the watermark) or that are errors.
var uncached = map[string]bool{"list": true, "error": true}

// render executes a page into a buffer (a template error never leaves half a page) and
// writes it with its length, so HEAD gets the GET's headers. The content is taken from the
// body cache when the same request was rendered for the same scope and data version.
func (e *Explorer) render(c *gin.Context, status int, name string, p page) {
	p.Visitor, p.Version = e.visitorOf(c), e.d.Version
	if wm, err := e.d.Profiles.Watermark(c.Request.Context()); err == nil {
		p.AsOf = wm.UTC().Format(time.RFC3339)
	}
	version, err := e.d.API.DataVersion(c)
	cacheable := err == nil && version != "" && status == http.StatusOK && !uncached[name]
	key := name + "\x00" + strconv.FormatBool(p.Visitor.Sample) + "\x00" + c.Request.URL.RequestURI()
	t := e.pages.byName[name]
	main, hit := e.bodies.get(version, key)
	if !cacheable || !hit {
		var buf bytes.Buffer
		if err := t.ExecuteTemplate(&buf, "main", p); err != nil {
			e.templateFailed(c, name, err)
			return
		}
		main = template.HTML(buf.String()) // the output of html/template: escaped already
		if cacheable {
			e.bodies.put(version, key, main)
		}
	}
	p.Main = main
	var buf bytes.Buffer
	if err := t.Execute(&buf, p); err != nil {
		e.templateFailed(c, name, err)
		return
	}
	h := c.Writer.Header()
	for k, v := range securityHeaders {
		h.Set(k, v)
	}
	h.Set("Content-Length", strconv.Itoa(buf.Len()))
	c.Data(status, "text/html; charset=utf-8", buf.Bytes())
}

func (e *Explorer) templateFailed(c *gin.Context, name string, err error) {
	e.log.ErrorContext(c.Request.Context(), "web: template", "page", name, "err", err)
	c.AbortWithStatus(http.StatusInternalServerError)
}

// fresh sets the page's validators and reports whether the client's copy is current (it was
// answered 304). The ETag names the API's data version (the store's watermark, the index's
// generation, the news and market versions, the day), the build and the templates, and the
// caller (scope and key); extra covers what that version does not (alerts). Pages depend on
// the cookie, so caches must keep them per visitor and revalidate. Without a data version
// (an input that cannot tell it) a page gets no ETag.
func (e *Explorer) fresh(c *gin.Context, extra ...string) bool {
	version, err := e.d.API.DataVersion(c)
	if err != nil || version == "" {
		return false // the page's own read reports the store
	}
	caller := api.CallerFrom(c)
	h := sha256.New()
	for _, part := range append([]string{version, e.d.Version, e.pages.hash,
		string(caller.Tier), strconv.FormatBool(caller.Sample), caller.KeyID}, extra...) {
		h.Write([]byte(part))
		h.Write([]byte{0})
	}
	tag := `W/"` + hex.EncodeToString(h.Sum(nil)[:12]) + `"`
	hd := c.Writer.Header()
	hd.Set("ETag", tag)
	hd.Set("Cache-Control", "private, no-cache")
	hd.Set("Vary", "Cookie, Authorization")
	if matchETag(c.GetHeader("If-None-Match"), tag) {
		c.Status(http.StatusNotModified)
		c.Writer.WriteHeaderNow()
		return true
	}
	return false
}

// matchETag is the weak comparison of If-None-Match (RFC 9110 13.1.2).
func matchETag(header, tag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimSpace(t)
		if t == "*" || strings.TrimPrefix(t, "W/") == strings.TrimPrefix(tag, "W/") {
			return true
		}
	}
	return false
}

// errorView is the body of the error page.
type errorView struct {
	Status      int
	Title       string
	Detail      string
	Param       string
	Code        string
	RequestID   string
	Suggestions []string
	AskKey      bool // the answer changes with a (valid) key
}

// htmlErrors renders the error the Guard or a page recorded as an HTML page with the status
// the API would answer. A client that went away gets nothing (the API's renderer records it).
func (e *Explorer) htmlErrors(c *gin.Context) {
	c.Next()
	if len(c.Errors) == 0 || c.Writer.Written() || c.Request.Context().Err() != nil {
		return
	}
	err := c.Errors.Last().Err
	status := api.StatusOf(err)
	v := errorView{Status: status, Title: http.StatusText(status), RequestID: api.RequestID(c)}
	var se *spac.Error
	if errors.As(err, &se) && status < http.StatusInternalServerError {
		v.Detail, v.Param, v.Code, v.Suggestions = se.Message, se.Param, se.Code, se.Suggestions
	} else if status == http.StatusServiceUnavailable {
		v.Detail = "the data store is unavailable; retry shortly"
	} else {
		v.Detail = "an internal error occurred; quote the request id when reporting it"
	}
	v.AskKey = v.Code == api.CodeNotInSample || status == http.StatusUnauthorized || status == http.StatusForbidden
	e.render(c, status, "error", page{Title: v.Title, Body: v})
}

package web

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/spacdata/spac"
	"github.com/spacdata/spac/api"
)

// keyCookie holds the API key a visitor entered. It is HttpOnly (no script reads it),
// SameSite=Strict (no other site's page sends it), Secure over TLS, and scoped to the site.
// The key never appears in a URL or in a page.
const keyCookie = "spac_key"

// keyCookieMaxAge keeps the key for 30 days; "Forget key" deletes it at once.
const keyCookieMaxAge = 30 * 24 * 60 * 60

// maxKeyLen bounds what is accepted as a key (keys are about 50 characters).
const maxKeyLen = 200

// keyFromCookie presents the cookie's key to the Guard as the bearer key, unless the request
// carries an Authorization header of its own (an API client calling a page).
func keyFromCookie(c *gin.Context) {
	if c.GetHeader("Authorization") != "" {
		return
	}
	if k, err := c.Cookie(keyCookie); err == nil && saneKey(k) {
		c.Request.Header.Set("Authorization", "Bearer "+k)
	}
}

// keyFromForm presents the key posted by the key form to the Guard.
func keyFromForm(c *gin.Context) {
	k := strings.TrimSpace(c.PostForm("key"))
	if !saneKey(k) {
		_ = c.Error(spac.InvalidParam("key", "enter an API key (it starts with spk_)"))
		c.Abort()
		return
	}
	c.Request.Header.Set("Authorization", "Bearer "+k)
}

// saneKey accepts what can be a key: printable, no spaces, bounded.
func saneKey(k string) bool {
	if k == "" || len(k) > maxKeyLen {
		return false
	}
	for _, r := range k {
		if r <= ' ' || r > '~' {
			return false
		}
	}
	return true
}

// crossOrigin refuses state-changing requests sent by another site's page (the key form
// could otherwise be posted from elsewhere, logging the visitor in with someone else's key).
var crossOrigin = http.NewCrossOriginProtection()

func sameOrigin(c *gin.Context) {
	if err := crossOrigin.Check(c.Request); err != nil {
		_ = c.Error(spac.Errorf(spac.EFORBIDDEN, "the form was sent from another site"))
		c.Abort()
	}
}

// saveKey runs after the Guard accepted the posted key: it keeps it in the cookie and sends
// the visitor back to the page the form was on.
func (e *Explorer) saveKey(c *gin.Context) {
	setKeyCookie(c, c.PostForm("key"), keyCookieMaxAge)
	c.Redirect(http.StatusSeeOther, backTo(c.PostForm("back")))
}

func (e *Explorer) forgetKey(c *gin.Context) {
	setKeyCookie(c, "", -1)
	c.Redirect(http.StatusSeeOther, backTo(c.PostForm("back")))
}

func setKeyCookie(c *gin.Context, value string, maxAge int) {
	http.SetCookie(c.Writer, &http.Cookie{
		Name: keyCookie, Value: strings.TrimSpace(value), Path: "/", MaxAge: maxAge,
		HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: c.Request.TLS != nil,
	})
}

// backTo is where a form sends the visitor back: a local path only (never another site).
func backTo(back string) string {
	u, err := url.Parse(back)
	if err != nil || back == "" || u.Scheme != "" || u.Host != "" || !strings.HasPrefix(u.Path, "/") ||
		strings.HasPrefix(back, "//") || strings.Contains(back, "\\") {
		return pathUniverse
	}
	return u.RequestURI()
}

// backOf is this page's address for the key forms, without a key someone put in the query
// (the page answers such a URL with a 400, and must not write the key back into the page).
func backOf(u *url.URL) string {
	q := u.Query()
	if !q.Has("key") {
		return u.RequestURI()
	}
	q.Del("key")
	if len(q) == 0 {
		return u.Path
	}
	return u.Path + "?" + q.Encode()
}

// visitor is what the layout says about the caller: the sample note, or the tier.
type visitor struct {
	Sample      bool
	Tier        spac.Tier
	SampleCount int
	HasCookie   bool
	Back        string // this page, for the key forms
}

func (e *Explorer) visitorOf(c *gin.Context) visitor {
	caller := api.CallerFrom(c)
	v := visitor{Back: backOf(c.Request.URL), Tier: caller.Tier, Sample: caller.Sample}
	if v.Sample {
		if sc, err := e.d.API.ScopeOf(c); err == nil {
			v.SampleCount = len(sc.CIKs)
		}
	}
	_, err := c.Cookie(keyCookie)
	v.HasCookie = err == nil
	return v
}

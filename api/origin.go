package api

import (
	"net"
	"net/netip"
	"strings"

	"github.com/gin-gonic/gin"
)

// requestOrigin is the scheme and host the client reached ("https://api.example.com"): the
// request's Host, and https when the connection is TLS. Behind a trusted proxy its
// X-Forwarded-Proto and X-Forwarded-Host are believed instead. Absolute Link URLs and the
// OpenAPI server are built from it.
func (s *Server) requestOrigin(c *gin.Context) string {
	scheme, host := "http", c.Request.Host
	if c.Request.TLS != nil {
		scheme = "https"
	}
	if s.trustedPeer(c) {
		if p := firstForwarded(c.GetHeader("X-Forwarded-Proto")); p == "http" || p == "https" {
			scheme = p
		}
		if h := firstForwarded(c.GetHeader("X-Forwarded-Host")); h != "" && validHost(h) {
			host = h
		}
	}
	if !validHost(host) {
		host = "localhost"
	}
	return scheme + "://" + host
}

// serverKey is the gin context key of the *Server serving the request (set by requestID),
// for helpers that need its configuration.
const serverKey = "api.server"

// originOf is requestOrigin for a request served by a Server ("" for another engine).
func originOf(c *gin.Context) string {
	if s, ok := c.Value(serverKey).(*Server); ok {
		return s.requestOrigin(c)
	}
	return ""
}

// firstForwarded is the first (client-side) value of a comma-separated forwarding header.
func firstForwarded(v string) string {
	first, _, _ := strings.Cut(v, ",")
	return strings.ToLower(strings.TrimSpace(first))
}

// validHost accepts a host[:port] with nothing that could break out of a URL or a header.
func validHost(h string) bool {
	if h == "" || len(h) > 255 {
		return false
	}
	for _, r := range h {
		if !(r == '.' || r == '-' || r == ':' || r == '[' || r == ']' || r == '_' ||
			(r >= '0' && r <= '9') || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z')) {
			return false
		}
	}
	return true
}

// trustedPeer reports whether the connection comes from one of Deps.TrustedProxies (IPs or
// CIDR ranges), whose forwarding headers are believed.
func (s *Server) trustedPeer(c *gin.Context) bool {
	if len(s.d.TrustedProxies) == 0 {
		return false
	}
	hostPart, _, err := net.SplitHostPort(strings.TrimSpace(c.Request.RemoteAddr))
	if err != nil {
		return false
	}
	peer, err := netip.ParseAddr(hostPart)
	if err != nil {
		return false
	}
	peer = peer.Unmap()
	for _, p := range s.d.TrustedProxies {
		if prefix, err := netip.ParsePrefix(p); err == nil && prefix.Contains(peer) {
			return true
		}
		if a, err := netip.ParseAddr(p); err == nil && a.Unmap() == peer {
			return true
		}
	}
	return false
}

package webhook

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"syscall"
	"time"
)

// ErrForbiddenTarget is returned when a destination resolves to a refused address.
var ErrForbiddenTarget = errors.New("webhooks: destination address is not allowed")

// blockedPrefixes are refused besides loopback, private, link-local, multicast and unspecified
// addresses: carrier-grade NAT (cloud metadata at 100.100.100.200), "this network", IPv4/IPv6
// translation and the documentation/benchmark ranges.
var blockedPrefixes = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),
	netip.MustParsePrefix("100.64.0.0/10"),
	netip.MustParsePrefix("192.0.0.0/24"),
	netip.MustParsePrefix("198.18.0.0/15"),
	netip.MustParsePrefix("64:ff9b::/96"),
}

// forbiddenAddr reports whether a dialled address is refused (metadata 169.254.169.254 is
// link-local; fd00:ec2::254 is private).
func forbiddenAddr(a netip.Addr) bool {
	a = a.Unmap()
	if a.IsLoopback() || a.IsPrivate() || a.IsLinkLocalUnicast() || a.IsLinkLocalMulticast() ||
		a.IsInterfaceLocalMulticast() || a.IsMulticast() || a.IsUnspecified() {
		return true
	}
	for _, p := range blockedPrefixes {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// guardControl is a net.Dialer Control hook: it runs after DNS resolution, on the address
// actually dialled, so DNS rebinding cannot slip a private address past a check made earlier.
func guardControl(_, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return fmt.Errorf("%w: %s", ErrForbiddenTarget, address)
	}
	if forbiddenAddr(ap.Addr()) {
		return fmt.Errorf("%w: %s", ErrForbiddenTarget, ap.Addr())
	}
	return nil
}

// newClient returns the delivery HTTP client: timeout, no redirects followed, no proxy (a proxy
// would dial on our behalf, past the guard), and the dial guard unless private targets are
// allowed.
func newClient(timeout time.Duration, allowPrivate bool) *http.Client {
	dialer := &net.Dialer{Timeout: timeout}
	if !allowPrivate {
		dialer.Control = guardControl
	}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.Proxy = nil
	tr.DialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		return dialer.DialContext(ctx, network, addr)
	}
	tr.MaxIdleConnsPerHost = 2
	return &http.Client{
		Timeout:       timeout,
		Transport:     tr,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

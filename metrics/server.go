package metrics

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"time"
)

// Path is where the metrics are served.
const Path = "/metrics"

// Server is the HTTP server of the metrics listener (config metrics.addr): GET or HEAD
// /metrics and nothing else. It sits on its own address so that the public port never serves
// it and Prometheus scrapes without credentials from the network the address is bound to.
// Headers, bodies and idle connections are bounded like the API's.
func (m *Metrics) Server(addr string) *http.Server {
	mux := http.NewServeMux()
	mux.Handle("GET "+Path, m.Handler()) // GET also matches HEAD
	mux.HandleFunc("/", notFound)
	return &http.Server{
		Addr: addr, Handler: mux,
		ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 10 * time.Second,
		WriteTimeout: 30 * time.Second, IdleTimeout: 120 * time.Second,
		MaxHeaderBytes: 16 << 10,
		ErrorLog:       slog.NewLogLogger(m.log.Handler(), slog.LevelWarn),
	}
}

// notFound answers every other path and method with an RFC 9457 problem naming the one path
// served here.
func notFound(w http.ResponseWriter, r *http.Request) {
	status, title := http.StatusNotFound, "Not Found"
	if r.URL.Path == Path {
		status, title = http.StatusMethodNotAllowed, "Method Not Allowed"
		w.Header().Set("Allow", "GET, HEAD")
	}
	w.Header().Set("Content-Type", "application/problem+json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{
		"type": "about:blank", "title": title, "status": status,
		"detail": "this listener serves only GET " + Path,
	})
}

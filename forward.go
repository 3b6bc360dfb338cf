package spac

import "context"

// ForwardedRequest is an HTTP request that reached a replica and must be served by the
// writer (a write: key administration, a webhook registration, a secret rotation): the
// replica holds a read model only (docs/operating.md, "Cluster").
type ForwardedRequest struct {
	Method     string              `json:"method"`
	URI        string              `json:"uri"` // path and query, as received
	Header     map[string][]string `json:"header"`
	Body       []byte              `json:"body,omitempty"`
	RemoteAddr string              `json:"remoteAddr"` // the client's, so limits and logs name it
	// The Host the client asked for (Go keeps it out of Header): what the writer puts in the
	// URLs it answers (an export link's) names the replica the client used.
	Host string `json:"host,omitempty"`
	TLS  bool   `json:"tls,omitempty"` // the client's connection to the replica was TLS
}

// ForwardedResponse is the writer's answer to a ForwardedRequest, given once what the request
// changed is durable. Position is the stream position by which the replicas hold it: the
// replica that forwarded the request answers once it applied that far, so the caller reads
// its own write there.
type ForwardedResponse struct {
	Status   int                 `json:"status"`
	Header   map[string][]string `json:"header"`
	Body     []byte              `json:"body,omitempty"`
	Position uint64              `json:"position"`
}

// Forwarder carries a ForwardedRequest from a replica to the writer. An error means the
// writer gave no answer (unreachable, or too slow): the request may or may not have been
// served.
type Forwarder interface {
	Forward(ctx context.Context, r ForwardedRequest) (ForwardedResponse, error)
}

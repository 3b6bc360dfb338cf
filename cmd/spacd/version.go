package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	spac "github.com/spacdata/spac"
)

// version and commit are set with -ldflags "-X main.version=... -X main.commit=...";
// otherwise the commit comes from the Go build info when built from a checkout.
var (
	version = spac.Version
	commit  = ""
)

func buildCommit() string {
	if commit != "" {
		return commit
	}
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, s := range info.Settings {
			if s.Key == "vcs.revision" {
				return s.Value
			}
		}
	}
	return "unknown"
}

// versionInfo is what spacd version prints.
type versionInfo struct {
	Version string `json:"version"`
	Commit  string `json:"commit"`
	Go      string `json:"go"`
}

func cmdVersion(_ context.Context, env *environment, _ []string) error {
	v := versionInfo{Version: version, Commit: buildCommit(), Go: runtime.Version()}
	return emit(env, v, func(w io.Writer) {
		fmt.Fprintf(w, "spacd %s (commit %s, %s)\n", v.Version, v.Commit, v.Go)
	})
}

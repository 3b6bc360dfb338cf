package main

import (
	"context"
	"fmt"
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

func cmdVersion(_ context.Context, env *environment, _ []string) error {
	fmt.Fprintf(env.stdout, "spacd %s (commit %s)\n", version, buildCommit())
	return nil
}

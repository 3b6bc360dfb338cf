package main

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/spacdata/spac/api/access"
)

// announceStore says which data directory serve opened, as an absolute path, and how many API
// keys it holds. The default data directory is relative to the working directory, so a serve
// started from another folder opens (or builds) another store, where every key of the first
// answers 401: this line is where an operator sees why.
func announceStore(ctx context.Context, env *environment, a *app) error {
	dir, err := filepath.Abs(env.cfg.DataDir)
	if err != nil {
		return err
	}
	keys, err := access.NewKeys(a.db, a.db, access.Config{}).List(ctx)
	if err != nil {
		return fmt.Errorf("list API keys: %w", err)
	}
	fmt.Fprintf(env.stdout, "data directory %s (%d API keys)\n", dir, len(keys))
	if len(keys) == 0 {
		fmt.Fprintf(env.stdout, "no API keys in this store: stop serve and run spacd keys create --data-dir %s --name NAME --tier TIER, or use the admin API\n", dir)
	}
	env.log.Info("data directory", "path", dir, "api_keys", len(keys))
	return nil
}

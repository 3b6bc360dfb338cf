package main

import (
	"context"
	"fmt"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/api/access"
)

// cmdKeys manages API keys in the store. Badger admits one process at a time, so on a running
// server keys are managed through the admin API instead (see README).
func cmdKeys(ctx context.Context, env *environment, args []string) error {
	if len(args) == 0 {
		return fmt.Errorf("usage: spacd keys create|list|revoke ID|rotate ID|usage ID")
	}
	a, err := openApp(env)
	if err != nil {
		return err
	}
	defer a.Close()
	keys := access.NewKeys(a.db, a.db, access.Config{})
	switch sub, rest := args[0], args[1:]; sub {
	case "create":
		secret, k, err := keys.Create(ctx, flagString(env.flags, "name"), spac.Tier(flagString(env.flags, "tier")))
		if err != nil {
			return err
		}
		fmt.Fprintf(env.stdout, "id: %s\ntier: %s\nsecret: %s\n(the secret is shown only once)\n", k.ID, k.Tier, secret)
		return nil
	case "list":
		list, err := keys.List(ctx)
		if err != nil {
			return err
		}
		return writeJSON(env, list)
	case "revoke", "rotate", "usage":
		if len(rest) != 1 {
			return fmt.Errorf("usage: spacd keys %s ID", sub)
		}
		return keyAction(ctx, env, keys, sub, rest[0])
	default:
		return fmt.Errorf("unknown keys command %q", sub)
	}
}

func keyAction(ctx context.Context, env *environment, keys *access.Keys, sub, id string) error {
	switch sub {
	case "revoke":
		k, err := keys.Revoke(ctx, id)
		if err != nil {
			return err
		}
		return writeJSON(env, k)
	case "rotate":
		secret, k, err := keys.Rotate(ctx, id)
		if err != nil {
			return err
		}
		fmt.Fprintf(env.stdout, "id: %s\ntier: %s\nsecret: %s\n(the secret is shown only once)\n", k.ID, k.Tier, secret)
		return nil
	default:
		u, err := keys.Usage(ctx, id, flagInt(env.flags, "days"))
		if err != nil {
			return err
		}
		return writeJSON(env, u)
	}
}

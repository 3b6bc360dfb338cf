package main

import (
	"context"
	"fmt"
	"io"
	"time"

	spac "github.com/spacdata/spac"
	"github.com/spacdata/spac/api/access"
	"github.com/spacdata/spac/webhook"
)

// newKey is what keys create and rotate print: the key as keys list prints it, with its
// secret (shown only this once).
type newKey struct {
	spac.APIKey
	Secret string `json:"secret"`
}

// cmdKeys manages API keys in the store. Badger admits one process at a time, so on a running
// server keys are managed through the admin API instead (see docs/api.md).
func cmdKeys(ctx context.Context, env *environment, args []string) error {
	sub, rest := args[0], args[1:]
	want := map[string]int{"create": 0, "list": 0, "revoke": 1, "rotate": 1, "usage": 1}
	n, known := want[sub]
	switch {
	case !known:
		return usageErrorf("unknown keys command %q: want create, list, revoke ID, rotate ID or usage ID", sub)
	case len(rest) != n && n == 0:
		return usageErrorf("usage: spacd keys %s takes no argument", sub)
	case len(rest) != n:
		return usageErrorf("usage: spacd keys %s ID", sub)
	case sub == "create" && flagString(env.flags, "name") == "":
		return usageErrorf("usage: spacd keys create --name NAME [--tier TIER]")
	}
	a, err := openApp(env)
	if err != nil {
		return err
	}
	defer a.Close()
	keys := access.NewKeys(a.db, a.db, access.Config{})
	keys.OnRetire(retireWebhooks(webhook.New(a.db.Webhooks(), webhook.Config{})))
	if sub == "create" || sub == "list" {
		return keysCreateOrList(ctx, env, keys, sub)
	}
	return keyAction(ctx, env, keys, sub, rest[0])
}

func keysCreateOrList(ctx context.Context, env *environment, keys *access.Keys, sub string) error {
	if sub == "create" {
		secret, k, err := keys.Create(ctx, flagString(env.flags, "name"), spac.Tier(flagString(env.flags, "tier")))
		if err != nil {
			return err
		}
		return emitNewKey(env, newKey{k, secret})
	}
	list, err := keys.List(ctx)
	if err != nil {
		return err
	}
	if list == nil {
		list = []spac.APIKey{}
	}
	return emit(env, list, func(w io.Writer) { keysTable(w, list) })
}

func keyAction(ctx context.Context, env *environment, keys *access.Keys, sub, id string) error {
	switch sub {
	case "revoke":
		k, err := keys.Revoke(ctx, id)
		if err != nil {
			return err
		}
		return emit(env, k, func(w io.Writer) { keysTable(w, []spac.APIKey{k}) })
	case "rotate":
		secret, k, err := keys.Rotate(ctx, id, flagDuration(env.flags, "grace"))
		if err != nil {
			return err
		}
		return emitNewKey(env, newKey{k, secret})
	default:
		u, err := keys.Usage(ctx, id, flagInt(env.flags, "days"))
		if err != nil {
			return err
		}
		return emit(env, u, func(w io.Writer) { usageText(w, u) })
	}
}

// retireWebhooks moves a rotated key's webhooks to its successor, or disables a revoked key's
// (serve also closes its streams: see live.retire).
func retireWebhooks(w *webhook.Service) access.RetireFunc {
	return func(ctx context.Context, r access.Retirement) error {
		_, err := w.RetireKey(ctx, r.KeyID, r.Successor)
		return err
	}
}

// emitNewKey prints a new secret; the reminder that it is shown once goes to stderr, so that
// stdout holds only the key.
func emitNewKey(env *environment, k newKey) error {
	fmt.Fprintln(env.stderr, "spacd: the secret is shown only once; store it now")
	return emit(env, k, func(w io.Writer) {
		writeFields(w, [][2]string{{"id", k.ID}, {"name", k.Name}, {"tier", string(k.Tier)}, {"prefix", k.Prefix},
			{"created", k.CreatedAt.UTC().Format(time.RFC3339)}, {"secret", k.Secret}})
	})
}

// keysTable lists keys as keys list prints them.
func keysTable(w io.Writer, keys []spac.APIKey) {
	if len(keys) == 0 {
		fmt.Fprintln(w, "no keys")
		return
	}
	rows := make([][]string, 0, len(keys))
	for _, k := range keys {
		revoked := "-"
		if k.RevokedAt != nil {
			revoked = k.RevokedAt.UTC().Format(time.RFC3339)
		}
		rows = append(rows, []string{k.ID, k.Name, string(k.Tier), k.Prefix, k.CreatedAt.UTC().Format(time.RFC3339), revoked})
	}
	writeTable(w, []string{"ID", "NAME", "TIER", "PREFIX", "CREATED", "REVOKED"}, rows)
}

// usageText lists a key's requests per day, busiest endpoints first within a day.
func usageText(w io.Writer, u access.Usage) {
	fmt.Fprintf(w, "key %s, %s to %s: %d requests\n", u.KeyID, u.From, u.To, u.Total)
	var rows [][]string
	for _, d := range u.Days {
		rows = append(rows, []string{d.Date, fmt.Sprint(d.Total), ""})
		for _, ep := range access.MostUsed(d.Endpoints) {
			rows = append(rows, []string{"", fmt.Sprint(d.Endpoints[ep]), ep})
		}
	}
	if len(rows) > 0 {
		fmt.Fprintln(w)
		writeTable(w, []string{"DATE", "REQUESTS", "ENDPOINT"}, rows)
	}
}

package main

import (
	"context"
	"fmt"
	"io"

	"github.com/spacdata/spac/fixtures/gen"
)

// cmdFixtures writes a fictional corpus: by default the committed scenarios, or --spacs N
// lifecycles (thousands for benchmarks; never committed).
func cmdFixtures(_ context.Context, env *environment, _ []string) error {
	out := flagString(env.flags, "out")
	if out == "" {
		return usageErrorf("usage: spacd fixtures --out DIR [--spacs N] [--seed S]")
	}
	seed, _ := env.flags.GetUint64("seed")
	m, err := gen.Generate(out, gen.Options{SPACs: flagInt(env.flags, "spacs"), Seed: seed})
	if err != nil {
		return err
	}
	written := struct {
		SPACs int    `json:"spacs"`
		Dir   string `json:"dir"`
	}{len(m.SPACs), out}
	return emit(env, written, func(w io.Writer) { fmt.Fprintf(w, "wrote %d SPACs to %s\n", written.SPACs, written.Dir) })
}

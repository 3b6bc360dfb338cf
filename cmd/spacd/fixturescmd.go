package main

import (
	"context"
	"fmt"

	"github.com/spacdata/spac/fixtures/gen"
)

// cmdFixtures writes a fictional corpus: by default the committed scenarios, or --spacs N
// lifecycles (thousands for benchmarks; never committed).
func cmdFixtures(_ context.Context, env *environment, _ []string) error {
	out := flagString(env.flags, "out")
	if out == "" {
		return fmt.Errorf("usage: spacd fixtures --out DIR [--spacs N] [--seed S]")
	}
	seed, _ := env.flags.GetUint64("seed")
	m, err := gen.Generate(out, gen.Options{SPACs: flagInt(env.flags, "spacs"), Seed: seed})
	if err != nil {
		return err
	}
	fmt.Fprintf(env.stdout, "wrote %d SPACs to %s\n", len(m.SPACs), out)
	return nil
}

package main

import "github.com/spf13/pflag"

// addCommandFlags declares the flags specific to one subcommand.
func addCommandFlags(name string, fs *pflag.FlagSet) {
	switch name {
	case "fixtures":
		fs.String("out", "", "output directory (required)")
		fs.Int("spacs", 0, "number of SPACs (0 = the committed scenarios)")
		fs.Uint64("seed", 1, "generator seed")
	case "keys":
		fs.String("name", "", "key name (create)")
		fs.String("tier", "free", "tier (create)")
		fs.Int("days", 7, "days of usage to show (usage)")
	case "ingest":
		fs.Int("workers", 2, "parallel readers")
	}
}

func flagString(fs *pflag.FlagSet, name string) string {
	v, _ := fs.GetString(name)
	return v
}

func flagInt(fs *pflag.FlagSet, name string) int {
	v, _ := fs.GetInt(name)
	return v
}

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
	case "extract":
		fs.Bool("explain", false, "name the rule behind every fact and the sentence it was read from")
		fs.String("form", "", "read FILE as a bare primary document (.htm or .txt) of this form")
		fs.String("items", "", "with --form: the 8-K items, comma-separated (e.g. 5.07,9.01)")
		fs.String("cik", "", "with --form: the filer's CIK")
		fs.String("filed", "", "with --form: the filing date, YYYY-MM-DD")
		fs.String("accession", "", "with --form: the accession number")
		fs.String("name", "", "with --form: the company name")
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

func flagBool(fs *pflag.FlagSet, name string) bool {
	v, _ := fs.GetBool(name)
	return v
}

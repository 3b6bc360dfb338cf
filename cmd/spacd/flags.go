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
	case "backfill":
		fs.String("since", "", "discover SPACs that filed since this date, YYYY-MM-DD (default: edgar.backfill_since)")
		fs.StringSlice("cik", nil, "also backfill this company whatever its SIC code (repeatable, or comma-separated)")
		fs.Bool("no-discover", false, "read no EDGAR index: backfill only --cik and edgar.ciks")
		fs.String("index", "form", "index layout read for discovery: form or company")
		fs.String("progress", "auto", "progress on stderr: auto (a bar on a terminal, else lines), bar, lines or off")
	case "export":
		addExportFlags(fs)
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

func flagStrings(fs *pflag.FlagSet, name string) []string {
	v, _ := fs.GetStringSlice(name)
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

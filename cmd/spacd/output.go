package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// emit prints a command's data: v as indented JSON with --json, else the readable form text
// writes.
func emit(env *environment, v any, text func(w io.Writer)) error {
	if env.json {
		return writeJSON(env, v)
	}
	text(env.stdout)
	return nil
}

func writeJSON(env *environment, v any) error {
	enc := json.NewEncoder(env.stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// writeFields writes name/value pairs as aligned "name:  value" lines.
func writeFields(w io.Writer, fields [][2]string) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, f := range fields {
		fmt.Fprintf(tw, "%s:\t%s\n", f[0], f[1])
	}
	tw.Flush()
}

// writeTable writes a header and rows as aligned columns, each cell on one line.
func writeTable(w io.Writer, header []string, rows [][]string) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, row := range append([][]string{header}, rows...) {
		for i, cell := range row {
			if i > 0 {
				fmt.Fprint(tw, "\t")
			}
			fmt.Fprint(tw, strings.Join(strings.Fields(cell), " ")) // a tab or newline in a cell would break the columns
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
}

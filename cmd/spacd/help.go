package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// usage prints the list of commands.
func usage(w io.Writer) {
	fmt.Fprint(w, "usage: spacd COMMAND [flags] [arguments]\n\ncommands:\n")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, c := range commands() {
		fmt.Fprintf(tw, "  %s\t%s\n", c.name, c.summary)
	}
	tw.Flush()
	fmt.Fprint(w, "\nRun 'spacd COMMAND --help' for a command's arguments and flags. Configuration comes from\n"+
		"--config FILE, SPACD_* environment variables and flags (see docs/configuration.md).\n")
}

// synopsis is the command's usage line without the program name.
func (c command) synopsis() string {
	s := c.name + " [flags]"
	if c.args != "" {
		s += " " + c.args
	}
	return s
}

// help prints the command's usage line, description, arguments and flags.
func (c command) help(w io.Writer) {
	fmt.Fprintf(w, "usage: spacd %s\n\n%s\n", c.synopsis(), wrap(c.about, 96))
	if len(c.argHelp) > 0 {
		fmt.Fprint(w, "\narguments:\n")
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		for _, a := range c.argHelp {
			fmt.Fprintf(tw, "  %s\t%s\n", a[0], a[1])
		}
		tw.Flush()
	}
	fmt.Fprintf(w, "\nflags:\n%s", c.flagSet().FlagUsagesWrapped(100))
}

// wrap breaks text into lines of at most width characters at spaces.
func wrap(text string, width int) string {
	var b strings.Builder
	n := 0
	for i, word := range strings.Fields(text) {
		if i > 0 && n+1+len(word) > width {
			b.WriteByte('\n')
			n = 0
		} else if i > 0 {
			b.WriteByte(' ')
			n++
		}
		b.WriteString(word)
		n += len(word)
	}
	return b.String()
}

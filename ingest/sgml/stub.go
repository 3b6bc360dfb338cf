package sgml

import (
	"bytes"
)

// StubBinaries returns data with the body of every uuencoded document (an image, a PDF, a
// zip) replaced by an empty uuencoded file of the same name. The stub renders the same
// canonical line as the original ("[binary GRAPHIC omitted: name]"), so a submission kept
// as the source of its facts (spac.Source) reads back to the same canonical text at a
// fraction of its size. Data without uuencoded documents is returned as it is (no copy);
// anything that does not parse is returned as it is too.
func StubBinaries(data []byte) []byte {
	var out []byte
	copied := 0 // data[:copied] is in out (when out is not nil)
	at := 0
	for {
		t, e, name, ok := nextBinaryBody(data, at)
		if !ok {
			break
		}
		out = append(out, data[copied:t]...)
		out = append(out, "\nbegin 644 "...)
		out = append(out, name...)
		out = append(out, "\nend\n"...)
		copied, at = e, e
	}
	if out == nil {
		return data
	}
	return append(out, data[copied:]...)
}

// nextBinaryBody finds, from offset at, the next document whose body is uuencoded and
// returns the offsets of its body (after <TEXT>, up to </TEXT>) and its file name.
func nextBinaryBody(data []byte, at int) (start, end int, name string, ok bool) {
	for {
		i := bytes.Index(data[at:], []byte("<DOCUMENT>"))
		if i < 0 {
			return 0, 0, "", false
		}
		docStart := at + i + len("<DOCUMENT>")
		docEnd := bytes.Index(data[docStart:], []byte("</DOCUMENT>"))
		if docEnd < 0 {
			return 0, 0, "", false
		}
		docEnd += docStart
		doc := data[docStart:docEnd]
		t := bytes.Index(doc, []byte("<TEXT>"))
		e := bytes.LastIndex(doc, []byte("</TEXT>"))
		if t >= 0 && e > t {
			body := doc[t+len("<TEXT>") : e]
			if n, bin := uuencoded(unwrap(trimLeadingNewline(body))); bin {
				return docStart + t + len("<TEXT>"), docStart + e, n, true
			}
		}
		at = docEnd + len("</DOCUMENT>")
	}
}

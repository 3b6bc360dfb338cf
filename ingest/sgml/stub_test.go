package sgml

import (
	"bytes"
	"strings"
	"testing"
)

const stubSample = `<SEC-DOCUMENT>0000000001-24-000001.txt : 20240102
<SEC-HEADER>0000000001-24-000001.hdr.sgml : 20240102
ACCESSION NUMBER:		0000000001-24-000001
CONFORMED SUBMISSION TYPE:	8-K
</SEC-HEADER>
<DOCUMENT>
<TYPE>8-K
<SEQUENCE>1
<FILENAME>a.htm
<TEXT>
<html><body><p>Item 8.01 Other Events.</p></body></html>
</TEXT>
</DOCUMENT>
<DOCUMENT>
<TYPE>GRAPHIC
<SEQUENCE>2
<FILENAME>logo.jpg
<TEXT>
begin 644 logo.jpg
M_]C_X!!02D9)1@!!0$!8!!@!!#_VP!#!!,"@@,"@@,#@P,$@P,$!0@%!00$
M!0H'!P8(#@H,#@L*"PL-#A(0#0X1#@L+$!80$1,4%145#@\7&!84&!(4%13_
end
</TEXT>
</DOCUMENT>
<DOCUMENT>
<TYPE>EX-99.2
<SEQUENCE>3
<FILENAME>scan.pdf
<TEXT>
<PDF>
begin 644 scan.pdf
M)5!$1BTQ+C0*)>+CS],*
end
</PDF>
</TEXT>
</DOCUMENT>
</SEC-DOCUMENT>
`

// TestStubBinaries keeps every document but reduces uuencoded bodies to an empty file of the
// same name, which parses to the same documents (type, name, binary flag).
func TestStubBinaries(t *testing.T) {
	stubbed := StubBinaries([]byte(stubSample))
	if bytes.Contains(stubbed, []byte("M_]C_X")) || bytes.Contains(stubbed, []byte("M)5!$")) {
		t.Fatalf("uuencoded lines kept:\n%s", stubbed)
	}
	if !bytes.Contains(stubbed, []byte("Item 8.01 Other Events.")) {
		t.Fatalf("text document lost:\n%s", stubbed)
	}
	a, err := Parse([]byte(stubSample))
	if err != nil {
		t.Fatal(err)
	}
	b, err := Parse(stubbed)
	if err != nil {
		t.Fatalf("stubbed submission does not parse: %v\n%s", err, stubbed)
	}
	if len(a.Documents) != len(b.Documents) {
		t.Fatalf("documents %d -> %d", len(a.Documents), len(b.Documents))
	}
	for i := range a.Documents {
		x, y := a.Documents[i], b.Documents[i]
		if x.Type != y.Type || x.Filename != y.Filename || x.Binary != y.Binary || x.BinaryName != y.BinaryName {
			t.Errorf("document %d: %+v -> %+v", i+1, x, y)
		}
		if !x.Binary && !bytes.Equal(x.Body, y.Body) {
			t.Errorf("document %d: text body changed", i+1)
		}
	}
}

// TestStubBinariesNoCopy returns a submission without binaries (and anything unparsable)
// as it is.
func TestStubBinariesNoCopy(t *testing.T) {
	plain := []byte(strings.SplitN(stubSample, "<DOCUMENT>\n<TYPE>GRAPHIC", 2)[0] + "</SEC-DOCUMENT>\n")
	if got := StubBinaries(plain); &got[0] != &plain[0] || len(got) != len(plain) {
		t.Error("a submission without binaries was copied or changed")
	}
	junk := []byte("<DOCUMENT><TEXT>begin 644 x")
	if got := StubBinaries(junk); !bytes.Equal(got, junk) {
		t.Errorf("unterminated input changed: %q", got)
	}
}

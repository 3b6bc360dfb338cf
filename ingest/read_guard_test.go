package ingest

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

// TestReadBadHeader: header values that key the store (accession, filer CIK) are refused at
// reading time with ReasonBadHeader; before, a '/' or a NUL reached the store and aborted the run.
func TestReadBadHeader(t *testing.T) {
	const acc, cik = "0000000001-24-000001", "CENTRAL INDEX KEY:\t\t\t0000000001"
	cases := map[string]string{
		"slash":       strings.ReplaceAll(tinySubmission, "NUMBER:\t\t"+acc, "NUMBER:\t\t0000000001/24-000001"),
		"nul":         strings.ReplaceAll(tinySubmission, "NUMBER:\t\t"+acc, "NUMBER:\t\t0000000001-24\x00000001"),
		"dot-dot":     strings.ReplaceAll(tinySubmission, "NUMBER:\t\t"+acc, "NUMBER:\t\t../../etc"),
		"70 KB":       strings.ReplaceAll(tinySubmission, "NUMBER:\t\t"+acc, "NUMBER:\t\t"+strings.Repeat("7", 70000)),
		"letters CIK": strings.ReplaceAll(tinySubmission, cik, "CENTRAL INDEX KEY:\t\t\t00000/0001"),
	}
	for name, doc := range cases {
		if doc == tinySubmission {
			t.Fatalf("%s: replacement did not apply", name)
		}
		_, err := ReadBytes(name, []byte(doc))
		if ReadReason(err) != ReasonBadHeader || len(err.Error()) > 300 {
			t.Errorf("%s: err = %.300v, want a short %s", name, err, ReasonBadHeader)
		}
	}
	meta := Sidecar{Accession: "a/b", Form: "8-K", CIK: "1"}
	if _, err := ReadHTML("x.htm", []byte("<p>x</p>"), meta); ReadReason(err) != ReasonBadHeader {
		t.Errorf("sidecar accession a/b: %v", err)
	}
	if _, err := ReadBytes("tiny.txt", []byte(tinySubmission)); err != nil {
		t.Errorf("valid header refused: %v", err)
	}
}

// openSpy is an fs.FS whose Stat answers from the map without opening, and which records
// every Open, so a test can tell that a file was refused on its Stat alone.
type openSpy struct {
	fstest.MapFS
	opened []string
}

func (s *openSpy) Open(name string) (fs.File, error) {
	s.opened = append(s.opened, name)
	return s.MapFS.Open(name)
}

// TestLoadFileChecksBeforeReading: a file over the limit or not a regular file is refused
// from fs.Stat, never opened; a file larger than its Stat said is cut at the limit.
func TestLoadFileChecksBeforeReading(t *testing.T) {
	fr := FilingReader{MaxBytes: 1 << 10}
	spy := &openSpy{MapFS: fstest.MapFS{
		"big.txt":  {Data: make([]byte, 2<<10)},
		"pipe.txt": {Mode: fs.ModeNamedPipe},
		"ok.txt":   {Data: []byte(tinySubmission[:900])},
	}}
	for name, reason := range map[string]string{"big.txt": ReasonTooLarge, "pipe.txt": ReasonUnsupported, "gone.txt": ReasonIO} {
		if _, err := fr.LoadFile(spy, name); ReadReason(err) != reason {
			t.Errorf("%s: err = %v, want %s", name, err, reason)
		}
	}
	if len(spy.opened) != 0 {
		t.Errorf("opened %q; a refused file must not be opened", spy.opened)
	}
	if data, err := fr.LoadFile(spy, "ok.txt"); err != nil || len(data) != 900 {
		t.Errorf("ok.txt: %d bytes, %v", len(data), err)
	}
	grown := lyingStat{openSpy: spy, size: 10}
	if _, err := fr.LoadFile(grown, "big.txt"); ReadReason(err) != ReasonTooLarge {
		t.Errorf("file grown past its Stat: err = %v, want %s", err, ReasonTooLarge)
	}
}

// lyingStat reports every file as size bytes, like a file that grew after its Stat.
type lyingStat struct {
	*openSpy
	size int64
}

func (l lyingStat) Stat(name string) (fs.FileInfo, error) {
	return fakeInfo{name: name, size: l.size}, nil
}

type fakeInfo struct {
	name string
	size int64
}

func (f fakeInfo) Name() string       { return f.name }
func (f fakeInfo) Size() int64        { return f.size }
func (f fakeInfo) Mode() fs.FileMode  { return 0o644 }
func (f fakeInfo) ModTime() time.Time { return time.Time{} }
func (f fakeInfo) IsDir() bool        { return false }
func (f fakeInfo) Sys() any           { return nil }

// TestReadRefusesDevices: Read used to trust Stat's size (0 for /dev/zero) and then read
// without a limit, forever; a device is now refused before it is opened.
func TestReadRefusesDevices(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	link := filepath.Join(t.TempDir(), "zero.txt")
	if err := os.Symlink("/dev/zero", link); err != nil {
		t.Skip(err)
	}
	if _, err := Read(link); ReadReason(err) != ReasonUnsupported {
		t.Errorf("Read of a link to /dev/zero: err = %v, want %s", err, ReasonUnsupported)
	}
}

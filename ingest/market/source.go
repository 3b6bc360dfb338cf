package market

import (
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// checkInterval is how often a file source looks whether its file changed.
const checkInterval = 30 * time.Second

// Source holds the current Book of a quotes source: fixed (embedded data, or none) or a file
// that is read again when its size or modification time changes, at most every 30 s. A
// changed file that does not parse is logged and the previous quotes stay (a half-written
// file never empties the prices). A nil *Source has no quotes.
type Source struct {
	path string // "" for a fixed source
	log  *slog.Logger
	now  func() time.Time

	mu      sync.Mutex
	book    *Book
	gen     int // incremented by every (re)load
	modTime time.Time
	size    int64
	checked time.Time
}

// Fixed is a source that never changes, read from data (the embedded fixture quotes).
func Fixed(name string, data []byte) (*Source, error) {
	b, err := Parse(name, data)
	if err != nil {
		return nil, err
	}
	return &Source{book: b, gen: 1}, nil
}

// OpenFile reads the quotes file at path; it fails when the file cannot be read or parsed at
// start. The citations name the file by its base name.
func OpenFile(path string, log *slog.Logger) (*Source, error) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	s := &Source{path: path, log: log, now: time.Now}
	if err := s.reload(); err != nil {
		return nil, err
	}
	return s, nil
}

// Book returns the current quotes and their generation (0: no quotes).
func (s *Source) Book() (*Book, int) {
	if s == nil {
		return nil, 0
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.path != "" && s.now().Sub(s.checked) >= checkInterval {
		if err := s.reload(); err != nil {
			s.log.Error("quotes: keeping the previous quotes", "file", s.path, "err", err)
		}
	}
	return s.book, s.gen
}

// reload reads the file when it changed since the last read; s.mu is held (or s is new).
func (s *Source) reload() error {
	s.checked = s.now()
	st, err := os.Stat(s.path)
	if err != nil {
		return fmt.Errorf("quotes: %w", err)
	}
	if s.book != nil && st.ModTime().Equal(s.modTime) && st.Size() == s.size {
		return nil
	}
	if st.Size() > MaxQuotesBytes {
		return fmt.Errorf("quotes %s: larger than %d bytes", s.path, MaxQuotesBytes)
	}
	data, err := readLimited(s.path)
	if err != nil {
		return err
	}
	b, err := Parse(filepath.Base(s.path), data)
	if err != nil {
		return err
	}
	s.book, s.modTime, s.size = b, st.ModTime(), st.Size()
	s.gen++
	return nil
}

func readLimited(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("quotes: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxQuotesBytes+1))
	if err != nil {
		return nil, fmt.Errorf("quotes: %w", err)
	}
	if len(data) > MaxQuotesBytes {
		return nil, fmt.Errorf("quotes %s: larger than %d bytes", path, MaxQuotesBytes)
	}
	return data, nil
}

// Package wire assembles HTTP response bodies from byte chunks that are encoded once and sent
// many times. A Body is a sequence of literal bytes (written per response: a page's head, a
// separator, a score) and Chunks (a row's JSON, kept per data version). It is written either
// as is or as gzip; a chunk's DEFLATE encoding is also computed once, so a gzip response costs
// a checksum and copies, never a compression of the cached bytes.
//
// How the gzip stream is spliced (RFC 1951, RFC 1952): each chunk is compressed on its own
// (a fresh dictionary, so its back-references stay inside it) into non-final blocks that end
// on a byte boundary (a sync flush). Such pieces can follow each other in one DEFLATE stream;
// literal bytes go between them as stored blocks, and a final empty stored block ends the
// stream. The gzip trailer's CRC-32 is computed over the uncompressed bytes as they are written.
package wire

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"hash/crc32"
	"io"
	"sync"
)

// Level is the compression level of chunks: they are compressed once per data version, so
// the default level's better ratio is worth its time.
const Level = flate.DefaultCompression

// Chunk is bytes encoded once and sent many times, with their DEFLATE encoding computed on
// first use. A Chunk is immutable and safe for concurrent use.
type Chunk struct {
	raw  []byte
	crc  uint32 // CRC-32 of raw
	op   uint32 // shiftOp(len(raw))
	once sync.Once
	z    []byte // raw as non-final DEFLATE blocks ending byte-aligned
}

// NewChunk returns a chunk of raw, which the caller must not modify afterwards.
func NewChunk(raw []byte) *Chunk {
	return &Chunk{raw: raw, crc: crc32.ChecksumIEEE(raw), op: shiftOp(len(raw))}
}

// Bytes returns the chunk's bytes (shared: do not modify).
func (c *Chunk) Bytes() []byte { return c.raw }

// Len is the number of uncompressed bytes.
func (c *Chunk) Len() int { return len(c.raw) }

// deflated returns the chunk compressed on its own, as non-final blocks ending on a byte
// boundary.
func (c *Chunk) deflated() []byte {
	c.once.Do(func() {
		var buf bytes.Buffer
		w := flaters.Get().(*flate.Writer)
		w.Reset(&buf)
		// Writes to a bytes.Buffer cannot fail.
		_, _ = w.Write(c.raw)
		_ = w.Flush()
		flaters.Put(w)
		c.z = buf.Bytes()
	})
	return c.z
}

var flaters = sync.Pool{New: func() any {
	w, _ := flate.NewWriter(io.Discard, Level) // the level is valid
	return w
}}

// part is one piece of a Body: a chunk, or the literal bytes buf[lo:hi] of its Body.
type part struct {
	chunk  *Chunk
	lo, hi int
}

// Body is a response body under construction. The zero value is empty and ready to use.
// Literal bytes are kept in one buffer, so appending a separator costs no allocation.
type Body struct {
	buf   []byte
	parts []part
	n     int // uncompressed length
}

// Write appends literal bytes (copied). It never fails.
func (b *Body) Write(p []byte) (int, error) {
	b.addLit(len(p))
	b.buf = append(b.buf, p...)
	return len(p), nil
}

// WriteString appends a literal string.
func (b *Body) WriteString(s string) {
	b.addLit(len(s))
	b.buf = append(b.buf, s...)
}

// WriteByte appends one literal byte.
func (b *Body) WriteByte(c byte) error {
	b.addLit(1)
	b.buf = append(b.buf, c)
	return nil
}

// addLit accounts for n literal bytes about to be appended to buf: they extend the last part
// when it is literal, so consecutive literals coalesce.
func (b *Body) addLit(n int) {
	if k := len(b.parts); k > 0 && b.parts[k-1].chunk == nil {
		b.parts[k-1].hi += n
	} else {
		b.parts = append(b.parts, part{lo: len(b.buf), hi: len(b.buf) + n})
	}
	b.n += n
}

// Chunk appends a chunk (shared, not copied).
func (b *Body) Chunk(c *Chunk) {
	b.parts = append(b.parts, part{chunk: c})
	b.n += len(c.raw)
}

// Len is the uncompressed length.
func (b *Body) Len() int { return b.n }

// Bytes returns the uncompressed body in one slice.
func (b *Body) Bytes() []byte {
	out := make([]byte, 0, b.n)
	for _, p := range b.parts {
		out = append(out, b.bytes(p)...)
	}
	return out
}

func (b *Body) bytes(p part) []byte {
	if p.chunk != nil {
		return p.chunk.raw
	}
	return b.buf[p.lo:p.hi]
}

// extendCRC returns the CRC-32 of the bytes before p (whose CRC is crc) followed by p; buf
// holds the literal bytes.
func (p part) extendCRC(crc uint32, buf []byte) uint32 {
	if p.chunk != nil {
		return crcCombine(crc, p.chunk.crc, p.chunk.op)
	}
	return crc32.Update(crc, crc32.IEEETable, buf[p.lo:p.hi])
}

// Stored-block framing (RFC 1951 3.2.4): one header byte at a byte boundary (BFINAL, BTYPE=00),
// then LEN and its complement, little-endian.
const (
	storedMax    = 65535
	storedHeader = 5
)

var (
	gzipHeader = []byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff}    // deflate, no flags, no mtime, unknown OS
	finalBlock = [storedHeader]byte{0x01, 0x00, 0x00, 0xff, 0xff} // BFINAL=1, stored, empty
)

// GzipLen is the length of the body written as gzip (it compresses the chunks not yet
// compressed).
func (b *Body) GzipLen() int {
	n := len(gzipHeader) + len(finalBlock) + 8
	for _, p := range b.parts {
		if p.chunk != nil {
			n += len(p.chunk.deflated())
			continue
		}
		lit := p.hi - p.lo
		n += lit + (lit+storedMax-1)/storedMax*storedHeader
	}
	return n
}

// WriteTo writes the body as is.
func (b *Body) WriteTo(w io.Writer) (int64, error) {
	var total int64
	for _, p := range b.parts {
		n, err := w.Write(b.bytes(p))
		total += int64(n)
		if err != nil {
			return total, err
		}
	}
	return total, nil
}

// WriteGzip writes the body as one gzip member of GzipLen bytes.
func (b *Body) WriteGzip(w io.Writer) error {
	if _, err := w.Write(gzipHeader); err != nil {
		return err
	}
	var crc uint32
	for _, p := range b.parts {
		crc = p.extendCRC(crc, b.buf)
		if err := writeDeflated(w, p, b.buf); err != nil {
			return err
		}
	}
	var trailer [storedHeader + 8]byte
	copy(trailer[:], finalBlock[:])
	binary.LittleEndian.PutUint32(trailer[storedHeader:], crc)
	binary.LittleEndian.PutUint32(trailer[storedHeader+4:], uint32(b.n)) // ISIZE is the length mod 2^32
	_, err := w.Write(trailer[:])
	return err
}

// writeDeflated writes a chunk's DEFLATE blocks, or literal bytes (in buf) as stored blocks.
func writeDeflated(w io.Writer, p part, buf []byte) error {
	if p.chunk != nil {
		_, err := w.Write(p.chunk.deflated())
		return err
	}
	for lit := buf[p.lo:p.hi]; len(lit) > 0; {
		n := min(len(lit), storedMax)
		hdr := [storedHeader]byte{0}
		binary.LittleEndian.PutUint16(hdr[1:], uint16(n))
		binary.LittleEndian.PutUint16(hdr[3:], ^uint16(n))
		if _, err := w.Write(hdr[:]); err != nil {
			return err
		}
		if _, err := w.Write(lit[:n]); err != nil {
			return err
		}
		lit = lit[n:]
	}
	return nil
}

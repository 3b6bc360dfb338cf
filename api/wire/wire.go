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
	"slices"
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

// WriteTo writes the body as is, in one Write (see writeOnce).
func (b *Body) WriteTo(w io.Writer) (int64, error) {
	n, err := writeOnce(w, b.AppendTo)
	return int64(n), err
}

// WriteGzip writes the body as one gzip member of GzipLen bytes, in one Write.
func (b *Body) WriteGzip(w io.Writer) error {
	_, err := writeOnce(w, b.AppendGzip)
	return err
}

// writeOnce assembles a body in a pooled buffer and writes it with one call: a response
// written piece by piece would leave the connection's small buffer once per few KB, a system
// call each.
func writeOnce(w io.Writer, appendTo func([]byte) []byte) (int, error) {
	bp := buffers.Get().(*[]byte)
	buf := appendTo((*bp)[:0])
	n, err := w.Write(buf)
	if cap(buf) <= maxPooledBuffer {
		*bp = buf
		buffers.Put(bp)
	}
	return n, err
}

// maxPooledBuffer keeps the buffer pool from holding on to unusually large bodies.
const maxPooledBuffer = 4 << 20

var buffers = sync.Pool{New: func() any { b := make([]byte, 0, 64<<10); return &b }}

// AppendTo appends the body as is to dst.
func (b *Body) AppendTo(dst []byte) []byte {
	dst = slices.Grow(dst, b.n)
	for _, p := range b.parts {
		dst = append(dst, b.bytes(p)...)
	}
	return dst
}

// AppendGzip appends the body as one gzip member (GzipLen bytes) to dst.
func (b *Body) AppendGzip(dst []byte) []byte {
	dst = slices.Grow(dst, b.GzipLen())
	dst = append(dst, gzipHeader...)
	var crc uint32
	for _, p := range b.parts {
		crc = p.extendCRC(crc, b.buf)
		dst = b.appendDeflated(dst, p)
	}
	dst = append(dst, finalBlock[:]...)
	dst = binary.LittleEndian.AppendUint32(dst, crc)
	return binary.LittleEndian.AppendUint32(dst, uint32(b.n)) // ISIZE is the length mod 2^32
}

// appendDeflated appends a chunk's DEFLATE blocks, or literal bytes as stored blocks.
func (b *Body) appendDeflated(dst []byte, p part) []byte {
	if p.chunk != nil {
		return append(dst, p.chunk.deflated()...)
	}
	for lit := b.buf[p.lo:p.hi]; len(lit) > 0; {
		n := min(len(lit), storedMax)
		dst = append(dst, 0) // BFINAL=0, stored
		dst = binary.LittleEndian.AppendUint16(dst, uint16(n))
		dst = binary.LittleEndian.AppendUint16(dst, ^uint16(n))
		dst = append(dst, lit[:n]...)
		lit = lit[n:]
	}
	return dst
}

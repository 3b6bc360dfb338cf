package wire

// CRC-32 (IEEE) of a concatenation from the CRCs of its parts, so that a gzip trailer costs a
// few operations per part instead of a pass over every byte. This is zlib's crc32_combine
// (multmodp, x2nmodp): appending n bytes with CRC c2 to a sequence with CRC c1 gives
// (c1 * x^(8n) mod P) xor c2, in the reflected bit order of the IEEE polynomial.

const crcPoly = 0xedb88320 // IEEE, reflected

// x2n[k] is x^(2^k) mod P.
var x2n = func() (t [32]uint32) {
	p := uint32(1) << 30 // x^1
	t[0] = p
	for k := 1; k < 32; k++ {
		p = multModP(p, p)
		t[k] = p
	}
	return t
}()

// multModP multiplies a and b modulo P.
func multModP(a, b uint32) uint32 {
	m := uint32(1) << 31
	var p uint32
	for {
		if a&m != 0 {
			p ^= b
			if a&(m-1) == 0 {
				return p
			}
		}
		m >>= 1
		if b&1 != 0 {
			b = b>>1 ^ crcPoly
		} else {
			b >>= 1
		}
	}
}

// shiftOp is x^(8n) mod P: the operator that moves a CRC past n zero bytes.
func shiftOp(n int) uint32 {
	p := uint32(1) << 31 // x^0
	for k := 3; n > 0; n, k = n>>1, k+1 {
		if n&1 != 0 {
			p = multModP(x2n[k&31], p)
		}
	}
	return p
}

// crcCombine is the CRC of A followed by B, given crcA, crcB and B's shift operator.
func crcCombine(crcA, crcB, opB uint32) uint32 { return multModP(opB, crcA) ^ crcB }

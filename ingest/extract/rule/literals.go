package rule

import (
	"cmp"
	"slices"
)

// literalSet finds, in one pass over a text, which of a fixed set of literals it contains
// (an Aho-Corasick automaton over bytes). The book builds one over every rule's required
// literals, so the prefilter of all rules costs one scan of each sentence instead of a
// substring search per literal per rule.
//
// Its moves are indexed by byte class, not byte: the literals use a few dozen distinct bytes
// and every other byte moves alike (back to the start).
//
// The rules' literals are long (23 bytes on average, some 34,000 states): a table of every
// state's moves was 6 MB, and walking it missed the processor's caches on nearly every
// byte (about 100 ns a byte in an ingest on the shared machine). So only the states near
// the start, where a scan spends most of its moves, keep a row of moves (dense); a deeper
// state keeps its children, numbered in a row (states are numbered breadth first), and its
// failure move: a few bytes a state.
type literalSet struct {
	class   [256]int32 // byte -> class; 0 for the bytes no literal holds
	width   int32      // classes
	shallow int32      // the states below it have a row in dense
	dense   []int32    // state*width + class -> state, for the shallow states
	first   []int32    // state -> its first child; first[state+1] ends its children
	in      []int32    // state -> the class of the byte that leads into it
	fail    []int32    // state -> the state of the longest proper suffix of its text
	ends    []bool     // state -> some literal ends there
	out     [][]int32  // literal ids that end at each state
	n       int        // number of literals
}

// denseDepth is the depth of the deepest states with a row of moves: the start, then one
// state a byte class, a few hundred states two and three bytes deep.
const denseDepth = 3

// newLiteralSet builds the automaton of literals (lower-case; id = index).
func newLiteralSet(literals []string) *literalSet {
	s := &literalSet{n: len(literals), width: 1}
	for _, lit := range literals {
		for i := 0; i < len(lit); i++ {
			if s.class[lit[i]] == 0 {
				s.class[lit[i]] = s.width
				s.width++
			}
		}
	}
	parent := s.number(trie(&s.class, literals))
	s.link(parent)
	return s
}

// node is a state of the trie: its children by byte class and the literals that end there.
type node struct {
	kids []edge
	ends []int32
}

type edge struct{ class, to int32 }

// trie builds the trie of the literals (state 0 is the start).
func trie(class *[256]int32, literals []string) []node {
	nodes := []node{{}}
	for id, lit := range literals {
		state := int32(0)
		for i := 0; i < len(lit); i++ {
			c, next := class[lit[i]], int32(-1)
			for _, e := range nodes[state].kids {
				if e.class == c {
					next = e.to
					break
				}
			}
			if next < 0 {
				next = int32(len(nodes))
				nodes = append(nodes, node{})
				nodes[state].kids = append(nodes[state].kids, edge{c, next})
			}
			state = next
		}
		nodes[state].ends = append(nodes[state].ends, int32(id))
	}
	return nodes
}

// number numbers the trie's states breadth first, children in class order, so that the
// children of a state are numbered in a row and the shallow states come first. It fills
// first, in, out and shallow, and returns each state's parent.
func (s *literalSet) number(nodes []node) (parent []int32) {
	n := len(nodes)
	order := make([]int32, 1, n) // state -> trie node
	depth := make([]int32, n)
	parent = make([]int32, n)
	s.first, s.in, s.out = make([]int32, n+1), make([]int32, n), make([][]int32, n)
	s.shallow = 1
	for at := 0; at < len(order); at++ {
		nd := nodes[order[at]]
		s.out[at] = nd.ends
		slices.SortFunc(nd.kids, func(a, b edge) int { return cmp.Compare(a.class, b.class) })
		s.first[at] = int32(len(order))
		for _, e := range nd.kids {
			k := int32(len(order))
			s.in[k], parent[k], depth[k] = e.class, int32(at), depth[at]+1
			if depth[k] <= denseDepth {
				s.shallow = k + 1
			}
			order = append(order, e.to)
		}
	}
	s.first[n] = int32(n)
	return parent
}

// link computes, breadth first, each state's failure move and the literals that end there
// through it, and the rows of the shallow states (failure moves folded in).
func (s *literalSet) link(parent []int32) {
	n := int32(len(s.in))
	s.fail, s.ends = make([]int32, n), make([]bool, n)
	s.dense = make([]int32, s.shallow*s.width)
	for state := int32(0); state < n; state++ {
		if p := parent[state]; p != 0 {
			// the failure state is shallower, so its own failure and row are known
			s.fail[state] = s.move(s.fail[p], s.in[state])
			if extra := s.out[s.fail[state]]; len(extra) > 0 {
				s.out[state] = append(slices.Clip(s.out[state]), extra...)
			}
		}
		s.ends[state] = len(s.out[state]) > 0
		if state < s.shallow {
			for c := int32(0); c < s.width; c++ {
				s.dense[state*s.width+c] = s.step(state, c)
			}
		}
	}
}

// step is the move from a shallow state whose shallower states' rows are complete.
func (s *literalSet) step(state, c int32) int32 {
	if k := s.child(state, c); k >= 0 {
		return k
	}
	if state == 0 {
		return 0
	}
	return s.dense[s.fail[state]*s.width+c]
}

// child returns the child of state reached by class c (-1: none).
func (s *literalSet) child(state, c int32) int32 {
	for k := s.first[state]; k < s.first[state+1]; k++ {
		if s.in[k] == c {
			return k
		}
	}
	return -1
}

// move returns the state after reading a byte of class c in state.
func (s *literalSet) move(state, c int32) int32 {
	for state >= s.shallow {
		if k := s.child(state, c); k >= 0 {
			return k
		}
		state = s.fail[state]
	}
	return s.dense[state*s.width+c]
}

// present marks in a bitmap (one bool per literal) the literals the lower-cased text holds.
func (s *literalSet) present(lower string, marks []bool) []bool {
	marks = s.cleared(marks)
	s.mark(lower, marks, nil)
	return marks
}

// cleared returns marks, one false per literal.
func (s *literalSet) cleared(marks []bool) []bool {
	if cap(marks) < s.n {
		marks = make([]bool, s.n)
	}
	marks = marks[:s.n]
	clear(marks)
	return marks
}

// mark marks the literals the lower-cased text holds and appends to ids each one it marks
// that was not marked yet.
func (s *literalSet) mark(lower string, marks []bool, ids []int32) []int32 {
	state := int32(0)
	for i := 0; i < len(lower); i++ {
		c := s.class[lower[i]]
		if state < s.shallow {
			state = s.dense[state*s.width+c]
		} else {
			state = s.move(state, c)
		}
		if !s.ends[state] {
			continue
		}
		for _, id := range s.out[state] {
			if !marks[id] {
				marks[id] = true
				ids = append(ids, id)
			}
		}
	}
	return ids
}

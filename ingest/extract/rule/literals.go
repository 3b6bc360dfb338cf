package rule

// literalSet finds, in one pass over a text, which of a fixed set of literals it contains
// (an Aho-Corasick automaton over bytes). The book builds one over every rule's required
// literals, so the prefilter of all rules costs one scan of each sentence instead of a
// substring search per literal per rule.
type literalSet struct {
	next [][256]int32 // goto function with failure transitions folded in
	out  [][]int32    // literal ids that end at each state
	n    int          // number of literals
}

// newLiteralSet builds the automaton of literals (lower-case; id = index).
func newLiteralSet(literals []string) *literalSet {
	// A trie has at most one state per literal byte: reserved up front, since growing a slice
	// of 1 KB rows by appends copied the table over and over (half of building the book).
	states := 1
	for _, lit := range literals {
		states += len(lit)
	}
	s := &literalSet{next: make([][256]int32, 1, states), out: make([][]int32, 1, states), n: len(literals)}
	for i := range s.next[0] {
		s.next[0][i] = -1
	}
	for id, lit := range literals {
		state := int32(0)
		for i := 0; i < len(lit); i++ {
			c := lit[i]
			if s.next[state][c] < 0 {
				s.next = append(s.next, [256]int32{})
				s.out = append(s.out, nil)
				for k := range s.next[len(s.next)-1] {
					s.next[len(s.next)-1][k] = -1
				}
				s.next[state][c] = int32(len(s.next) - 1)
			}
			state = s.next[state][c]
		}
		s.out[state] = append(s.out[state], int32(id))
	}
	s.link()
	return s
}

// link adds the failure transitions breadth first, so every state has a move for every byte.
func (s *literalSet) link() {
	fail := make([]int32, len(s.next))
	var queue []int32
	for c := 0; c < 256; c++ {
		if t := s.next[0][c]; t < 0 {
			s.next[0][c] = 0
		} else {
			queue = append(queue, t)
		}
	}
	for len(queue) > 0 {
		state := queue[0]
		queue = queue[1:]
		s.out[state] = append(s.out[state], s.out[fail[state]]...)
		for c := 0; c < 256; c++ {
			t := s.next[state][c]
			if t < 0 {
				s.next[state][c] = s.next[fail[state]][c]
				continue
			}
			fail[t] = s.next[fail[state]][c]
			queue = append(queue, t)
		}
	}
}

// present marks in a bitmap (one bool per literal) the literals the lower-cased text holds.
func (s *literalSet) present(lower string, marks []bool) []bool {
	if cap(marks) < s.n {
		marks = make([]bool, s.n)
	}
	marks = marks[:s.n]
	clear(marks)
	state := int32(0)
	for i := 0; i < len(lower); i++ {
		state = s.next[state][lower[i]]
		for _, id := range s.out[state] {
			marks[id] = true
		}
	}
	return marks
}

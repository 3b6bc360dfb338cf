package rule

// literalSet finds, in one pass over a text, which of a fixed set of literals it contains
// (an Aho-Corasick automaton over bytes). The book builds one over every rule's required
// literals, so the prefilter of all rules costs one scan of each sentence instead of a
// substring search per literal per rule.
//
// Its moves are indexed by byte class, not byte: the literals use a few dozen distinct bytes
// and every other byte moves alike (back to the start), so a row holds a column per class
// and the table is several times smaller than 256 columns a state, which kept it out of the
// processor's caches while every sentence of a filing walked it.
type literalSet struct {
	class [256]int32 // byte -> column; 0 for the bytes no literal holds
	width int32      // columns per state
	next  []int32    // state*width + column -> state, failure moves folded in
	out   [][]int32  // literal ids that end at each state
	n     int        // number of literals
}

// newLiteralSet builds the automaton of literals (lower-case; id = index).
func newLiteralSet(literals []string) *literalSet {
	s := &literalSet{n: len(literals), width: 1}
	states := 1 // a trie has at most one state per literal byte
	for _, lit := range literals {
		states += len(lit)
		for i := 0; i < len(lit); i++ {
			if s.class[lit[i]] == 0 {
				s.class[lit[i]] = s.width
				s.width++
			}
		}
	}
	s.next = make([]int32, s.width, int(s.width)*states)
	s.out = make([][]int32, 1, states)
	for i := range s.next {
		s.next[i] = -1
	}
	for id, lit := range literals {
		state := int32(0)
		for i := 0; i < len(lit); i++ {
			at := state*s.width + s.class[lit[i]]
			if s.next[at] < 0 {
				s.next[at] = s.addState()
			}
			state = s.next[at]
		}
		s.out[state] = append(s.out[state], int32(id))
	}
	s.link()
	s.flagOutputs()
	return s
}

// addState appends a state without moves and returns its number.
func (s *literalSet) addState() int32 {
	n := int32(len(s.out))
	for range s.width {
		s.next = append(s.next, -1)
	}
	s.out = append(s.out, nil)
	return n
}

// link adds the failure transitions breadth first, so every state has a move for every class.
func (s *literalSet) link() {
	fail := make([]int32, len(s.out))
	var queue []int32
	for c := int32(0); c < s.width; c++ {
		if t := s.next[c]; t < 0 {
			s.next[c] = 0
		} else {
			queue = append(queue, t)
		}
	}
	for len(queue) > 0 {
		state := queue[0]
		queue = queue[1:]
		s.out[state] = append(s.out[state], s.out[fail[state]]...)
		for c := int32(0); c < s.width; c++ {
			t := s.next[state*s.width+c]
			if t < 0 {
				s.next[state*s.width+c] = s.next[fail[state]*s.width+c]
				continue
			}
			fail[t] = s.next[fail[state]*s.width+c]
			queue = append(queue, t)
		}
	}
}

// present marks in a bitmap (one bool per literal) the literals the lower-cased text holds.
func (s *literalSet) present(lower string, marks []bool) []bool {
	return s.presentAfter("", lower, marks)
}

// presentAfter is present over head+lower, without joining them.
func (s *literalSet) presentAfter(head, lower string, marks []bool) []bool {
	if cap(marks) < s.n {
		marks = make([]bool, s.n)
	}
	marks = marks[:s.n]
	clear(marks)
	state := s.scan(0, head, marks)
	s.scan(state, lower, marks)
	return marks
}

// scan moves from state over text, marking the literals that end on the way. A move to a
// state where literals end is stored complemented (see flagOutputs), so the common move reads
// the table alone.
func (s *literalSet) scan(state int32, text string, marks []bool) int32 {
	for i := 0; i < len(text); i++ {
		state = s.next[state*s.width+s.class[text[i]]]
		if state < 0 {
			state = ^state
			for _, id := range s.out[state] {
				marks[id] = true
			}
		}
	}
	return state
}

// flagOutputs complements every move that ends in a state where literals end.
func (s *literalSet) flagOutputs() {
	for i, t := range s.next {
		if len(s.out[t]) > 0 {
			s.next[i] = ^t
		}
	}
}

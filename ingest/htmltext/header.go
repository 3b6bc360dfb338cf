package htmltext

// headerBuilder collects the content of an ix:header (hidden from the canonical text) as a
// tree of Nodes, so the iXBRL reader gets contexts, units and hidden facts from this parse.
type headerBuilder struct {
	on    bool
	roots []*Node
	stack []*Node
	texts []*textBuf // parallel to stack
}

func (h *headerBuilder) active() bool { return h.on }

func (h *headerBuilder) begin() {
	h.on = true
	h.roots, h.stack, h.texts = nil, nil, nil
}

func (h *headerBuilder) start(name string, attrs map[string]string, empty bool) {
	n := &Node{Name: name, Attrs: attrs}
	if len(h.stack) == 0 {
		h.roots = append(h.roots, n)
	} else {
		parent := h.stack[len(h.stack)-1]
		parent.Children = append(parent.Children, n)
	}
	if empty || len(h.stack) >= maxDepth {
		return
	}
	h.stack = append(h.stack, n)
	h.texts = append(h.texts, &textBuf{limit: maxFactText})
}

// end closes the innermost open node named name, and any node left open inside it.
func (h *headerBuilder) end(name string) {
	for i := len(h.stack) - 1; i >= 0; i-- {
		if h.stack[i].Name != name {
			continue
		}
		for len(h.stack) > i {
			h.closeTop()
		}
		return
	}
}

func (h *headerBuilder) closeTop() {
	last := len(h.stack) - 1
	h.stack[last].Text = h.texts[last].take()
	h.stack, h.texts = h.stack[:last], h.texts[:last]
}

func (h *headerBuilder) text(s string) {
	if len(h.texts) > 0 {
		h.texts[len(h.texts)-1].write(s)
	}
}

// finish closes the header and appends its top-level nodes to out.
func (h *headerBuilder) finish(out *[]*Node) {
	for len(h.stack) > 0 {
		h.closeTop()
	}
	*out = append(*out, h.roots...)
	h.on, h.roots = false, nil
}

/*
 * pattern.c - patterns compiled to a program of byte sets, splits and
 * jumps, run as a set of threads over the string (pattern.h).
 */
#include "pattern.h"

#include <stdlib.h>
#include <string.h>

#include "util/arena.h"

#define MAX_PROGRAM 4096	/* instructions */
#define MAX_BOUND 255		/* the largest m and n of {m,n} */
#define MAX_DEPTH 32		/* groups within groups */

enum op { OP_SET, OP_SPLIT, OP_JMP, OP_BOL, OP_EOL, OP_MATCH };

struct inst {
	enum op op;
	int x, y;		/* SPLIT: both; JMP: x; SET: the set's index */
};

struct umpire_pattern {
	struct inst *code;
	int n;
	unsigned char (*sets)[32];	/* 256 bits each */
	int nsets;
	bool anchored;		/* every way starts with ^ */
};

/* ------------------------------------------------------------- parse */

enum kind { K_SET, K_BOL, K_EOL, K_CAT, K_ALT, K_REPEAT };

struct node {
	enum kind kind;
	int a, b;		/* CAT, ALT: children; REPEAT: child in a */
	int min, max;		/* REPEAT; max -1 for no bound */
	int set;		/* SET */
};

struct parser {
	const unsigned char *p;
	struct node *nodes;
	int n, cap;
	unsigned char (*sets)[32];
	int nsets, setcap;
	int depth;
	bool bad;
};

static int
new_node(struct parser *ps, enum kind kind)
{
	if (ps->n == ps->cap) {
		ps->cap = ps->cap ? ps->cap * 2 : 32;
		ps->nodes = umpire_xrealloc(ps->nodes, (size_t)ps->cap *
			sizeof(*ps->nodes));
	}
	ps->nodes[ps->n] = (struct node){ kind, -1, -1, 0, 0, -1 };
	return ps->n++;
}

static int
new_set(struct parser *ps)
{
	if (ps->nsets == ps->setcap) {
		ps->setcap = ps->setcap ? ps->setcap * 2 : 16;
		ps->sets = umpire_xrealloc(ps->sets, (size_t)ps->setcap *
			sizeof(*ps->sets));
	}
	memset(ps->sets[ps->nsets], 0, sizeof(ps->sets[0]));
	int k = new_node(ps, K_SET);
	ps->nodes[k].set = ps->nsets++;
	return k;
}

static void
set_add(unsigned char *set, unsigned c)
{
	set[c >> 3] |= (unsigned char)(1u << (c & 7));
}

static bool
set_has(const unsigned char *set, unsigned c)
{
	return set[c >> 3] >> (c & 7) & 1;
}

/* After '[': bytes and ranges up to the closing ']'. */
static int
parse_bracket(struct parser *ps)
{
	int k = new_set(ps);
	unsigned char *set = ps->sets[ps->nodes[k].set];
	bool negate = *ps->p == '^';

	if (negate)
		ps->p++;
	for (bool first = true; first || *ps->p != ']'; first = false) {
		unsigned c = *ps->p++, d;
		/* [:class:], [=equivalence=], [.collating.]: not implemented. */
		if (!c || (c == '[' && (*ps->p == ':' || *ps->p == '=' ||
		    *ps->p == '.'))) {
			ps->bad = true;
			return k;
		}
		d = c;
		if (ps->p[0] == '-' && ps->p[1] && ps->p[1] != ']') {
			d = ps->p[1];
			ps->p += 2;
			if (d < c || (d == '[' && (*ps->p == ':' || *ps->p == '=' ||
			    *ps->p == '.'))) {
				ps->bad = true;
				return k;
			}
		}
		for (unsigned b = c; b <= d; b++)
			set_add(set, b);
	}
	ps->p++;
	if (negate)
		for (int i = 0; i < 32; i++)
			set[i] = (unsigned char)~set[i];
	return k;
}

static int parse_alt(struct parser *ps);

static int
parse_atom(struct parser *ps)
{
	unsigned c = *ps->p;
	int k;

	switch (c) {
	case '(':
		ps->p++;
		if (++ps->depth > MAX_DEPTH) {
			ps->bad = true;
			return -1;
		}
		k = parse_alt(ps);
		ps->depth--;
		if (*ps->p != ')') {
			ps->bad = true;
			return -1;
		}
		ps->p++;
		return k;
	case '[':
		ps->p++;
		return parse_bracket(ps);
	case '^':
		ps->p++;
		return new_node(ps, K_BOL);
	case '$':
		ps->p++;
		return new_node(ps, K_EOL);
	case '.':
		ps->p++;
		k = new_set(ps);
		memset(ps->sets[ps->nodes[k].set], 0xff, 32);
		return k;
	case '\\':
		/* Only an escaped special character, which stands for itself. */
		c = ps->p[1];
		if (!c || !strchr(".[]()*+?{}|^$\\", (int)c)) {
			ps->bad = true;
			return -1;
		}
		ps->p += 2;
		break;
	case '\0': case ')': case '|': case '*': case '+': case '?': case '{':
	case '}': case ']':
		ps->bad = true;
		return -1;
	default:
		ps->p++;
		break;
	}
	k = new_set(ps);
	set_add(ps->sets[ps->nodes[k].set], c);
	return k;
}

static bool
parse_number(struct parser *ps, int *out)
{
	int n = 0;

	if (*ps->p < '0' || *ps->p > '9')
		return false;
	while (*ps->p >= '0' && *ps->p <= '9') {
		n = n * 10 + (*ps->p++ - '0');
		if (n > MAX_BOUND)
			return false;
	}
	*out = n;
	return true;
}

static int
parse_piece(struct parser *ps)
{
	int atom = parse_atom(ps), min, max;

	if (ps->bad)
		return -1;
	switch (*ps->p) {
	case '*':
		min = 0, max = -1;
		break;
	case '+':
		min = 1, max = -1;
		break;
	case '?':
		min = 0, max = 1;
		break;
	case '{':
		ps->p++;
		if (!parse_number(ps, &min)) {
			ps->bad = true;
			return -1;
		}
		max = min;
		if (*ps->p == ',') {
			ps->p++;
			max = -1;
			if (*ps->p != '}' && (!parse_number(ps, &max) || max < min)) {
				ps->bad = true;
				return -1;
			}
		}
		if (*ps->p != '}') {
			ps->bad = true;
			return -1;
		}
		break;
	default:
		return atom;
	}
	ps->p++;
	/* An anchor repeated, or a repetition repeated: not implemented. */
	enum kind ak = ps->nodes[atom].kind;
	if (ak == K_BOL || ak == K_EOL || strchr("*+?{", *ps->p)) {
		ps->bad = true;
		return -1;
	}
	int k = new_node(ps, K_REPEAT);
	ps->nodes[k].a = atom;
	ps->nodes[k].min = min;
	ps->nodes[k].max = max;
	return k;
}

static int
parse_cat(struct parser *ps)
{
	int k = parse_piece(ps);

	while (!ps->bad && *ps->p && *ps->p != '|' && *ps->p != ')') {
		int next = parse_piece(ps), cat = new_node(ps, K_CAT);
		ps->nodes[cat].a = k;
		ps->nodes[cat].b = next;
		k = cat;
	}
	return k;
}

static int
parse_alt(struct parser *ps)
{
	int k = parse_cat(ps);

	while (!ps->bad && *ps->p == '|') {
		ps->p++;
		int next = parse_cat(ps), alt = new_node(ps, K_ALT);
		ps->nodes[alt].a = k;
		ps->nodes[alt].b = next;
		k = alt;
	}
	return k;
}

/* ---------------------------------------------------------- compile */

struct emitter {
	const struct parser *ps;
	struct inst *code;
	int n;
	bool bad;
};

static int
emit(struct emitter *e, enum op op, int x, int y)
{
	if (e->n == MAX_PROGRAM) {
		e->bad = true;
		return e->n - 1;
	}
	e->code[e->n] = (struct inst){ op, x, y };
	return e->n++;
}

static void
emit_node(struct emitter *e, int k)
{
	const struct node *nd = &e->ps->nodes[k];
	int split, jmp;

	if (e->bad)
		return;
	switch (nd->kind) {
	case K_SET:
		emit(e, OP_SET, nd->set, 0);
		break;
	case K_BOL:
		emit(e, OP_BOL, 0, 0);
		break;
	case K_EOL:
		emit(e, OP_EOL, 0, 0);
		break;
	case K_CAT:
		emit_node(e, nd->a);
		emit_node(e, nd->b);
		break;
	case K_ALT:
		split = emit(e, OP_SPLIT, 0, 0);
		e->code[split].x = e->n;
		emit_node(e, nd->a);
		jmp = emit(e, OP_JMP, 0, 0);
		e->code[split].y = e->n;
		emit_node(e, nd->b);
		e->code[jmp].x = e->n;
		break;
	case K_REPEAT:
		for (int i = 0; i < nd->min; i++)
			emit_node(e, nd->a);
		if (nd->max < 0) {
			split = emit(e, OP_SPLIT, 0, 0);
			e->code[split].x = e->n;
			emit_node(e, nd->a);
			emit(e, OP_JMP, split, 0);
			e->code[split].y = e->n;
			break;
		}
		/* Each optional copy skips to the end: none follows a skip. */
		int first = e->n;
		for (int i = nd->min; i < nd->max && !e->bad; i++) {
			emit(e, OP_SPLIT, e->n + 1, -1);
			emit_node(e, nd->a);
		}
		for (int i = first; i < e->n; i++)
			if (e->code[i].op == OP_SPLIT && e->code[i].y == -1)
				e->code[i].y = e->n;
		break;
	}
}

struct umpire_pattern *
umpire_pattern_compile(const char *re)
{
	struct parser ps = { (const unsigned char *)re, NULL, 0, 0, NULL, 0, 0,
		0, false };
	int root = parse_alt(&ps);
	struct umpire_pattern *p = NULL;

	if (!ps.bad && *ps.p == '\0' && root >= 0) {
		struct emitter e = { &ps, umpire_xmalloc(MAX_PROGRAM *
			sizeof(struct inst)), 0, false };
		emit_node(&e, root);
		emit(&e, OP_MATCH, 0, 0);
		if (!e.bad) {
			p = umpire_xmalloc(sizeof(*p));
			p->code = umpire_xrealloc(e.code, (size_t)e.n * sizeof(*e.code));
			p->n = e.n;
			p->sets = ps.sets;
			p->nsets = ps.nsets;
			ps.sets = NULL;
			/* Every way through the program starts with ^ when its
			 * one entry is one. */
			p->anchored = p->code[0].op == OP_BOL;
		} else {
			free(e.code);
		}
	}
	free(ps.nodes);
	free(ps.sets);
	return p;
}

void
umpire_pattern_free(struct umpire_pattern *p)
{
	if (!p)
		return;
	free(p->code);
	free(p->sets);
	free(p);
}

/* ------------------------------------------------------------ match */

struct threads {
	int *pc;
	int n;
};

/*
 * Follow pc through splits, jumps and anchors to the instructions that
 * read a byte, and add those to t; at most once each in a step (mark).
 * Returns true when the pattern has matched.
 */
static bool
add(const struct umpire_pattern *p, struct threads *t, unsigned *mark,
	unsigned gen, int *stack, int pc, const unsigned char *s, size_t pos)
{
	int top = 0;

	stack[top++] = pc;
	while (top) {
		pc = stack[--top];
		if (mark[pc] == gen)
			continue;
		mark[pc] = gen;
		const struct inst *in = &p->code[pc];
		switch (in->op) {
		case OP_SET:
			t->pc[t->n++] = pc;
			break;
		case OP_SPLIT:
			stack[top++] = in->y;
			stack[top++] = in->x;
			break;
		case OP_JMP:
			stack[top++] = in->x;
			break;
		case OP_BOL:
			if (pos == 0)
				stack[top++] = pc + 1;
			break;
		case OP_EOL:
			if (s[pos] == '\0')
				stack[top++] = pc + 1;
			break;
		case OP_MATCH:
			return true;
		}
	}
	return false;
}

bool
umpire_pattern_match(const struct umpire_pattern *p, const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t n = (size_t)p->n;
	/*
	 * Two lists of threads, the marks, and the stack of add (each
	 * instruction, followed once a step, pushes at most two).
	 */
	int *mem = umpire_xmalloc((5 * n + 1) * sizeof(int));
	struct threads cur = { mem, 0 }, next = { mem + n, 0 };
	unsigned *mark = (unsigned *)(mem + 2 * n);
	int *stack = mem + 3 * n;
	unsigned gen = 1;
	bool matched;

	memset(mark, 0, n * sizeof(*mark));
	matched = add(p, &cur, mark, gen, stack, 0, s, 0);
	for (size_t pos = 0; !matched && s[pos]; pos++) {
		next.n = 0;
		gen++;
		for (int i = 0; i < cur.n && !matched; i++) {
			const struct inst *in = &p->code[cur.pc[i]];
			if (set_has(p->sets[in->x], s[pos]))
				matched = add(p, &next, mark, gen, stack,
					cur.pc[i] + 1, s, pos + 1);
		}
		/* A match may also start at the next byte, unless it must
		 * start at the first. */
		if (!matched && !p->anchored)
			matched = add(p, &next, mark, gen, stack, 0, s, pos + 1);
		struct threads t = cur;
		cur = next;
		next = t;
		if (!cur.n && p->anchored)
			break;
	}
	free(mem);
	return matched;
}

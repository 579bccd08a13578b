#include "grid.h"

#include <stdio.h>
#include <string.h>

bool
umpire_grid_on(const struct umpire_grid *g, struct umpire_square s)
{
	return s.file >= 1 && s.file <= g->files && s.rank >= 1 &&
		s.rank <= g->ranks;
}

int
umpire_grid_index(const struct umpire_grid *g, struct umpire_square s)
{
	return (s.rank - 1) * g->files + (s.file - 1);
}

struct umpire_square
umpire_grid_square(const struct umpire_grid *g, int index)
{
	return (struct umpire_square){ index % g->files + 1,
		index / g->files + 1 };
}

bool
umpire_grid_same(struct umpire_square a, struct umpire_square b)
{
	return a.file == b.file && a.rank == b.rank;
}

static int
iabs(int x)
{
	return x < 0 ? -x : x;
}

int
umpire_grid_distance(struct umpire_square a, struct umpire_square b)
{
	int df = iabs(a.file - b.file), dr = iabs(a.rank - b.rank);

	return df > dr ? df : dr;
}

char *
umpire_grid_file_name(int file, char *out)
{
	if (file < 1 || file > UMPIRE_GRID_MAX_FILES) {
		snprintf(out, 3, "??");
	} else if (file <= 26) {
		out[0] = (char)('a' + file - 1);
		out[1] = '\0';
	} else {
		/* Like spreadsheet columns: aa is the 27th, az the 52nd, ba... */
		out[0] = (char)('a' + (file - 27) / 26);
		out[1] = (char)('a' + (file - 27) % 26);
		out[2] = '\0';
	}
	return out;
}

char *
umpire_grid_name(struct umpire_square s, char *out)
{
	char digits[4];
	int n = 0, k;

	/* By hand: a campaign turn names squares by the thousand. */
	umpire_grid_file_name(s.file, out);
	k = (int)strlen(out);
	if (s.rank < 1 || s.rank > UMPIRE_GRID_MAX_RANKS) {
		out[k++] = '?';
	} else {
		for (int r = s.rank; r; r /= 10)
			digits[n++] = (char)('0' + r % 10);
		while (n)
			out[k++] = digits[--n];
	}
	out[k] = '\0';
	return out;
}

/* letters: "a".."zz" as a file number, or 0. */
static int
file_number(const char *s, size_t n)
{
	if (n == 1)
		return s[0] - 'a' + 1;
	if (n == 2)
		return 27 + (s[0] - 'a') * 26 + (s[1] - 'a');
	return 0;
}

/* digits: "1".."999" with no leading zero as a rank, or 0. */
static int
rank_number(const char *s, size_t n)
{
	int r = 0;

	if (n < 1 || n > 3 || s[0] == '0')
		return 0;
	for (size_t i = 0; i < n; i++)
		r = r * 10 + (s[i] - '0');
	return r;
}

int
umpire_grid_parse(const char *s, struct umpire_square *out)
{
	size_t letters = strspn(s, "abcdefghijklmnopqrstuvwxyz");
	size_t digits = strspn(s + letters, "0123456789");

	if (s[letters + digits] != '\0' || letters < 1 || letters > 2)
		return -1;
	int f = file_number(s, letters), r = rank_number(s + letters, digits);
	if (!f || !r)
		return -1;
	out->file = f;
	out->rank = r;
	return 0;
}

int
umpire_grid_guess(const char *s, struct umpire_square *out)
{
	char lower[16], fixed[16];
	size_t n = strlen(s);

	if (n == 0 || n >= sizeof(lower))
		return -1;
	for (size_t i = 0; i <= n; i++)
		lower[i] = s[i] >= 'A' && s[i] <= 'Z' ? (char)(s[i] - 'A' + 'a') :
			s[i];
	/* Letters then digits ("E4", "e04"), or digits then letters ("4e"). */
	size_t la = strspn(lower, "abcdefghijklmnopqrstuvwxyz");
	size_t da = strspn(lower + la, "0123456789");
	size_t db = strspn(lower, "0123456789");
	size_t lb = strspn(lower + db, "abcdefghijklmnopqrstuvwxyz");
	const char *letters, *digits;
	size_t nl, nd;
	if (la && da && la + da == n) {
		letters = lower;
		nl = la;
		digits = lower + la;
		nd = da;
	} else if (db && lb && db + lb == n) {
		letters = lower + db;
		nl = lb;
		digits = lower;
		nd = db;
	} else {
		return -1;
	}
	while (nd > 1 && digits[0] == '0') {
		digits++;
		nd--;
	}
	snprintf(fixed, sizeof(fixed), "%.*s%.*s", (int)nl, letters, (int)nd,
		digits);
	return umpire_grid_parse(fixed, out);
}

int
umpire_grid_neighbours(const struct umpire_grid *g, struct umpire_square s,
	struct umpire_square out[8])
{
	int n = 0;

	for (int dr = -1; dr <= 1; dr++)
		for (int df = -1; df <= 1; df++) {
			struct umpire_square t = { s.file + df, s.rank + dr };
			if ((df || dr) && umpire_grid_on(g, t))
				out[n++] = t;
		}
	return n;
}

size_t
umpire_grid_within(const struct umpire_grid *g, struct umpire_square s, int d,
	struct umpire_square *out)
{
	size_t n = 0;

	for (int r = s.rank - d; r <= s.rank + d; r++)
		for (int f = s.file - d; f <= s.file + d; f++) {
			struct umpire_square t = { f, r };
			if (umpire_grid_on(g, t))
				out[n++] = t;
		}
	return n;
}

/* ------------------------------------------------------------------ moves */

/* The window cell of t, or -1 beyond r->steps of r->from. */
static int
cell(const struct umpire_grid_reach *r, struct umpire_square t)
{
	int df = t.file - r->from.file, dr = t.rank - r->from.rank;

	if (iabs(df) > r->steps || iabs(dr) > r->steps)
		return -1;
	return (dr + UMPIRE_GRID_MAX_STEPS) * UMPIRE_GRID_WINDOW +
		df + UMPIRE_GRID_MAX_STEPS;
}

void
umpire_grid_reach(struct umpire_grid_reach *r, const struct umpire_grid *g,
	struct umpire_square from, int steps, umpire_grid_test *enter,
	umpire_grid_test *stop, void *ctx)
{
	/* Breadth first: each square is first met by a shortest path. */
	struct umpire_square queue[UMPIRE_GRID_WINDOW * UMPIRE_GRID_WINDOW];
	size_t head = 0, tail = 0;

	if (steps > UMPIRE_GRID_MAX_STEPS)
		steps = UMPIRE_GRID_MAX_STEPS;
	if (steps < 0)
		steps = 0;
	r->from = from;
	r->steps = steps;
	/* Only the rows of the window a move of `steps` can touch. */
	for (int dr = -steps; dr <= steps; dr++) {
		int row = (dr + UMPIRE_GRID_MAX_STEPS) * UMPIRE_GRID_WINDOW +
			UMPIRE_GRID_MAX_STEPS - steps;
		memset(&r->dist[row], -1, (size_t)(2 * steps + 1));
		memset(&r->through[row], 0, (size_t)(2 * steps + 1) *
			sizeof(r->through[0]));
	}
	int c0 = cell(r, from);
	r->dist[c0] = 0;
	r->through[c0] = true;
	queue[tail++] = from;
	while (head < tail) {
		struct umpire_square s = queue[head++], next[8];
		int k = cell(r, s), d = r->dist[k];
		if (d >= steps || !r->through[k])
			continue;
		int n = umpire_grid_neighbours(g, s, next);
		for (int i = 0; i < n; i++) {
			int c = cell(r, next[i]);
			if (c < 0 || r->dist[c] >= 0 || !enter(ctx, next[i]))
				continue;
			r->dist[c] = (signed char)(d + 1);
			r->through[c] = !stop || !stop(ctx, next[i]);
			queue[tail++] = next[i];
		}
	}
}

int
umpire_grid_reach_steps(const struct umpire_grid_reach *r,
	struct umpire_square to)
{
	int c = cell(r, to);

	return c < 0 ? -1 : r->dist[c];
}

int
umpire_grid_reach_path(const struct umpire_grid_reach *r,
	const struct umpire_grid *g, struct umpire_square to,
	struct umpire_square *out)
{
	int len = umpire_grid_reach_steps(r, to);

	if (len < 0)
		return -1;
	/*
	 * Walk back from `to`, each time to a square one step nearer from
	 * which a move may go on: of those, the one nearest the start as the
	 * crow flies, so that the path keeps close to the straight line.
	 */
	struct umpire_square at = to;
	for (int d = len; d > 0; d--) {
		struct umpire_square next[8];
		int best = -1, best_d2 = 0;
		out[d - 1] = at;
		int n = umpire_grid_neighbours(g, at, next);
		for (int i = 0; i < n; i++) {
			int c = cell(r, next[i]);
			int df = next[i].file - r->from.file;
			int dr = next[i].rank - r->from.rank;
			if (c >= 0 && r->dist[c] == d - 1 && r->through[c] &&
			    (best < 0 || df * df + dr * dr < best_d2)) {
				best = i;
				best_d2 = df * df + dr * dr;
			}
		}
		if (best >= 0)
			at = next[best];
	}
	return len;
}

/* ---------------------------------------------------------- line of sight */

/* p / q rounded to the nearest integer, halves up; p >= 0, q > 0. */
static int
round_div(int p, int q)
{
	return (2 * p + q) / (2 * q);
}

/*
 * The i-th square from a of the straight line from a to b, 0 < i < n for
 * n = umpire_grid_distance(a, b).  Drawn from the lesser end always, so
 * that a line and its reverse cross the same squares: whether a sees b
 * is whether b sees a.
 */
static struct umpire_square
line_square(struct umpire_square a, struct umpire_square b, int n, int i)
{
	bool swap = b.file < a.file || (b.file == a.file && b.rank < a.rank);
	struct umpire_square p = swap ? b : a, q = swap ? a : b;
	int df = q.file - p.file, dr = q.rank - p.rank;
	int sf = df < 0 ? -1 : 1, sr = dr < 0 ? -1 : 1;
	int k = swap ? n - i : i;

	return (struct umpire_square){
		p.file + sf * round_div(k * iabs(df), n),
		p.rank + sr * round_div(k * iabs(dr), n),
	};
}

int
umpire_grid_line(struct umpire_square a, struct umpire_square b,
	struct umpire_square *out)
{
	int n = umpire_grid_distance(a, b);

	for (int i = 1; i < n; i++)
		out[i - 1] = line_square(a, b, n, i);
	return n > 0 ? n - 1 : 0;
}

bool
umpire_grid_clear(struct umpire_square a, struct umpire_square b,
	umpire_grid_test *blocked, void *ctx)
{
	int n = umpire_grid_distance(a, b);

	/* Square by square, from a: no array, however long the line. */
	for (int i = 1; i < n; i++)
		if (blocked(ctx, line_square(a, b, n, i)))
			return false;
	return true;
}

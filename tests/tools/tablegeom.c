/*
 * tablegeom - the tabletop's answers (geom/), one line per question, for
 * tests/py/test_table.py, which works each out again with Python's
 * fractions and compares.  Reads questions from standard input, one a
 * line; every line gets exactly one line of answer:
 *
 *   table W D                    a new table, no pieces, no figures: ok
 *   piece K N X1 Y1 .. XN YN     piece R (added when R is 0)
 *   rect K FX FY X1 Y1 .. X4 Y4  rect R (added when R is 0)
 *   box K CX CY FX FY L W        box R [X1 Y1 .. X4 Y4] (added when R is 0)
 *   figure X Y BASE              figure I
 *   isqrt N                      isqrt DOWN UP
 *   frac A B C D                 frac CMP
 *   segs AX AY BX BY CX CY DX DY segs MEET
 *   dist2 PX PY AX AY BX BY      dist2 NUM DEN
 *   arc FX FY HX HY VX VY        arc IN
 *   holds I X Y                  holds CLOSED OPEN
 *   seg I AX AY BX BY BASE       seg MEETS ENTERS NEAR
 *   overlap I J                  overlap OVERLAP
 *   sweep I DX DY                sweep R [N X1 Y1 ..]
 *   measure I J LEN              measure CMP_C CMP_E DOWN_C UP_C DOWN_E UP_E
 *   within X Y R                 within I.. | I..  (centres | edges)
 *   path BASE MASK N X1 Y1 ..    path LEN ON OFF | P,C,L,S .. |
 *                                NUM/DEN@LEG:CMP_C:CMP_E:DOWN_E:UP_C ..
 *                                (the near figures are all of them; the
 *                                length compared is 300)
 *   sight I J MASK               sight VERDICT BLOCKED LINES BY0 .. BY12
 *   view I J MASK                view VERDICT BY  (exact sight at figure J)
 *   viewp I P CX CY MASK         view VERDICT BY  (exact sight at piece P,
 *                                its centre (CX, CY), left out as a blocker)
 *   cover I J MASK N K1 .. KN    cover SEEN HALF  (umpire_cover: exact sight
 *                                at figure J through pieces and the bases
 *                                of figures K1..KN; HALF -1, 0, 1: the
 *                                pieces hide less than, just, more than
 *                                half of J)
 *   roots LEN N X1 Y1 ..         roots CMP UP  (the exact length against
 *                                LEN, and rounded up)
 *
 * sight answers from one question at a time with the names of the pieces
 * (UMPIRE_SIGHT_EXPLAIN) and checks, before it answers, that the same
 * question without names and through an eye, with and without, agree;
 * if not it answers "sight mismatch".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "geom/path.h"
#include "geom/sight.h"
#include "geom/table.h"

#define MAX_PIECES 256
#define MAX_FIGURES 256
#define MAX_WAYPOINTS 64

static struct umpire_piece pieces[MAX_PIECES];
static struct umpire_figure figs[MAX_FIGURES];
static struct umpire_table table = { 7200, 4800, pieces, 0 };
static size_t nfigs;

/* The numbers of a line after its word: how many were read. */
static int
numbers(const char *s, long long *v, int max)
{
	int n = 0;
	char *end;

	while (n < max) {
		long long x = strtoll(s, &end, 10);
		if (end == s)
			break;
		v[n++] = x;
		s = end;
	}
	return n;
}

static struct umpire_pt
pt(const long long *v)
{
	return (struct umpire_pt){ (int32_t)v[0], (int32_t)v[1] };
}

static void
add_piece(const char *word, int r, const struct umpire_piece *p)
{
	printf("%s %d", word, r);
	if (r == 0 && table.npieces < MAX_PIECES)
		pieces[table.npieces++] = *p;
}

static int
piece_index(long long i)
{
	return i >= 0 && (size_t)i < table.npieces;
}

static void
sight(const long long *v)
{
	struct umpire_sight s, plain, eyed, eyed_plain;
	struct umpire_eye eye = UMPIRE_EYE_INIT;
	const struct umpire_figure *from = &figs[v[0]], *to = &figs[v[1]];
	unsigned mask = (unsigned)v[2];

	umpire_sight(&s, &table, from, to, mask, UMPIRE_SIGHT_EXPLAIN);
	umpire_sight(&plain, &table, from, to, mask, 0);
	umpire_eye_aim(&eye, &table, from, mask);
	umpire_eye_look(&eyed, &eye, to, UMPIRE_SIGHT_EXPLAIN);
	umpire_eye_look(&eyed_plain, &eye, to, 0);
	umpire_eye_free(&eye);
	if (plain.lines != s.lines || eyed.lines != s.lines ||
	    eyed_plain.lines != s.lines || plain.verdict != s.verdict ||
	    memcmp(eyed.by, s.by, sizeof(s.by)) != 0) {
		printf("sight mismatch");
		return;
	}
	printf("sight %d %d %u", (int)s.verdict, s.blocked, (unsigned)s.lines);
	for (int k = 0; k < UMPIRE_SIGHT_LINES; k++)
		printf(" %d", s.by[k]);
}

/* Exact sight both ways, one question and through an eye: equal. */
static void
view(size_t from, const struct umpire_target *to, unsigned mask)
{
	struct umpire_view plain, eyed;
	struct umpire_eye eye = UMPIRE_EYE_INIT;

	umpire_view(&plain, &table, figs[from].at, to, mask);
	umpire_eye_aim(&eye, &table, &figs[from], mask);
	umpire_eye_view(&eyed, &eye, to);
	umpire_eye_free(&eye);
	if (plain.verdict != eyed.verdict || plain.by != eyed.by) {
		printf("view mismatch");
		return;
	}
	printf("view %d %d", (int)plain.verdict, plain.by);
}

/* Exact sight and cover (umpire_cover): figure v[0] at figure v[1],
 * through the pieces of kinds v[2] and the v[3] figures that follow. */
static void
cover(const long long *v)
{
	struct umpire_figure disc[MAX_FIGURES];
	struct umpire_cover c;
	size_t n = (size_t)v[3];

	for (size_t i = 0; i < n; i++) {
		if (v[4 + i] < 0 || (size_t)v[4 + i] >= nfigs) {
			printf("bad");
			return;
		}
		disc[i] = figs[v[4 + i]];
	}
	umpire_cover(&c, &table, figs[v[0]].at, &figs[v[1]], (unsigned)v[2],
		disc, n);
	printf("cover %d %d", c.seen, c.half);
}

static void
roots(const long long *v, int n)
{
	struct umpire_pt wp[UMPIRE_PATH_EXACT_MAX];
	long long k = v[1];

	if (k < 1 || k > UMPIRE_PATH_EXACT_MAX || n != 2 + 2 * k) {
		printf("bad");
		return;
	}
	for (long long i = 0; i < k; i++)
		wp[i] = (struct umpire_pt){ (int32_t)v[2 + 2 * i],
			(int32_t)v[3 + 2 * i] };
	printf("roots %d %lld", umpire_path_cmp(wp, (size_t)k, v[0]),
		(long long)umpire_path_length_up(wp, (size_t)k));
}

static void
path(const long long *v, int n)
{
	struct umpire_pt wp[MAX_WAYPOINTS];
	struct umpire_path_hit hit[MAX_PIECES];
	struct umpire_near near[MAX_FIGURES];
	int32_t base = (int32_t)v[0];
	unsigned mask = (unsigned)v[1];
	size_t k = (size_t)v[2], off = (size_t)-1;

	if (k < 1 || k > MAX_WAYPOINTS || n != 3 + 2 * (int)k) {
		printf("path bad");
		return;
	}
	for (size_t i = 0; i < k; i++)
		wp[i] = pt(&v[3 + 2 * i]);
	bool on = umpire_path_on_table(&table, wp, k, &off);
	printf("path %lld %d %lld |", (long long)umpire_path_length(wp, k),
	    on, on ? -1LL : (long long)off);
	size_t h = umpire_path_pieces(hit, &table, mask, wp, k, base);
	for (size_t i = 0; i < h; i++)
		printf(" %zu,%d,%d,%d", hit[i].piece, hit[i].crosses,
		    hit[i].climbs, hit[i].starts_on);
	printf(" |");
	umpire_path_closest(near, wp, k, figs, nfigs);
	for (size_t i = 0; i < nfigs; i++)
		printf(" %lld/%lld@%zu:%d:%d:%d:%d", (long long)near[i].d2.num,
		    (long long)near[i].d2.den, near[i].leg,
		    umpire_near_cmp(&near[i], UMPIRE_CENTRES, base, &figs[i], 300),
		    umpire_near_cmp(&near[i], UMPIRE_EDGES, base, &figs[i], 300),
		    umpire_near_distance(&near[i], UMPIRE_EDGES, base, &figs[i],
		    UMPIRE_DOWN),
		    umpire_near_distance(&near[i], UMPIRE_CENTRES, base, &figs[i],
		    UMPIRE_UP));
}

static void
answer(char *line)
{
	long long v[2 + 2 * MAX_WAYPOINTS + 2];
	char word[16];
	int skip = 0, n;

	if (sscanf(line, "%15s%n", word, &skip) != 1) {
		printf("bad");
		return;
	}
	n = numbers(line + skip, v, (int)(sizeof(v) / sizeof(v[0])));
	if (!strcmp(word, "table") && n == 2) {
		table.width = (int32_t)v[0];
		table.depth = (int32_t)v[1];
		table.npieces = 0;
		nfigs = 0;
		printf("ok");
	} else if (!strcmp(word, "piece") && n >= 2 && n == 2 + 2 * v[1] &&
	    v[1] <= UMPIRE_PIECE_CORNERS + 1) {
		struct umpire_pt c[UMPIRE_PIECE_CORNERS + 1];
		struct umpire_piece p;
		for (int i = 0; i < v[1]; i++)
			c[i] = pt(&v[2 + 2 * i]);
		add_piece("piece", umpire_piece_make(&p, (int)v[0], c, (int)v[1]),
		    &p);
	} else if (!strcmp(word, "rect") && n == 11) {
		struct umpire_pt c[4];
		struct umpire_piece p;
		for (int i = 0; i < 4; i++)
			c[i] = pt(&v[3 + 2 * i]);
		add_piece("rect", umpire_piece_rect(&p, (int)v[0], c, pt(&v[1])),
		    &p);
	} else if (!strcmp(word, "box") && n == 7) {
		struct umpire_piece p;
		int r = umpire_piece_box(&p, (int)v[0], pt(&v[1]), pt(&v[3]),
			(int32_t)v[5], (int32_t)v[6]);
		add_piece("box", r, &p);
		for (int i = 0; r == 0 && i < 4; i++)
			printf(" %d %d", p.corner[i].x, p.corner[i].y);
	} else if (!strcmp(word, "figure") && n == 3 && nfigs < MAX_FIGURES) {
		figs[nfigs] = (struct umpire_figure){ pt(v), (int32_t)v[2],
			{ 0, 0 } };
		printf("figure %zu", nfigs++);
	} else if (!strcmp(word, "isqrt") && n == 1) {
		printf("isqrt %llu %llu",
		    (unsigned long long)umpire_exact_isqrt((uint64_t)v[0]),
		    (unsigned long long)umpire_exact_isqrt_up((uint64_t)v[0]));
	} else if (!strcmp(word, "frac") && n == 4) {
		printf("frac %d", umpire_exact_frac_cmp(
		    (struct umpire_frac){ v[0], v[1] },
		    (struct umpire_frac){ v[2], v[3] }));
	} else if (!strcmp(word, "segs") && n == 8) {
		printf("segs %d", umpire_plane_segments_meet(pt(v), pt(v + 2),
		    pt(v + 4), pt(v + 6)));
	} else if (!strcmp(word, "dist2") && n == 6) {
		struct umpire_frac d = umpire_plane_seg_dist2(pt(v), pt(v + 2),
			pt(v + 4));
		printf("dist2 %lld %lld", (long long)d.num, (long long)d.den);
	} else if (!strcmp(word, "arc") && n == 6) {
		printf("arc %d", umpire_plane_in_arc(pt(v), pt(v + 2), pt(v + 4)));
	} else if (!strcmp(word, "holds") && n == 3 && piece_index(v[0])) {
		printf("holds %d %d", umpire_piece_holds(&pieces[v[0]], pt(v + 1)),
		    umpire_piece_holds_inside(&pieces[v[0]], pt(v + 1)));
	} else if (!strcmp(word, "seg") && n == 6 && piece_index(v[0])) {
		const struct umpire_piece *p = &pieces[v[0]];
		printf("seg %d %d %d", umpire_piece_meets(p, pt(v + 1), pt(v + 3)),
		    umpire_piece_enters(p, pt(v + 1), pt(v + 3)),
		    umpire_piece_near(p, pt(v + 1), pt(v + 3), (int32_t)v[5]));
	} else if (!strcmp(word, "overlap") && n == 2 && piece_index(v[0]) &&
	    piece_index(v[1])) {
		printf("overlap %d", umpire_piece_overlap(&pieces[v[0]],
		    &pieces[v[1]]));
	} else if (!strcmp(word, "sweep") && n == 3 && piece_index(v[0])) {
		struct umpire_piece s;
		int r = umpire_piece_sweep(&s, &pieces[v[0]], pt(v + 1));
		printf("sweep %d", r);
		if (r == 0) {
			printf(" %d", s.n);
			for (int i = 0; i < s.n; i++)
				printf(" %d %d", s.corner[i].x, s.corner[i].y);
		}
	} else if (!strcmp(word, "measure") && n == 3 && v[0] >= 0 &&
	    (size_t)v[0] < nfigs && v[1] >= 0 && (size_t)v[1] < nfigs) {
		const struct umpire_figure *a = &figs[v[0]], *b = &figs[v[1]];
		int32_t len = (int32_t)v[2];
		printf("measure %d %d %d %d %d %d",
		    umpire_figure_cmp(a, b, UMPIRE_CENTRES, len),
		    umpire_figure_cmp(a, b, UMPIRE_EDGES, len),
		    umpire_figure_distance(a, b, UMPIRE_CENTRES, UMPIRE_DOWN),
		    umpire_figure_distance(a, b, UMPIRE_CENTRES, UMPIRE_UP),
		    umpire_figure_distance(a, b, UMPIRE_EDGES, UMPIRE_DOWN),
		    umpire_figure_distance(a, b, UMPIRE_EDGES, UMPIRE_UP));
	} else if (!strcmp(word, "within") && n == 3) {
		size_t out[MAX_FIGURES], k;
		printf("within");
		k = umpire_table_within(out, figs, nfigs, pt(v), (int32_t)v[2],
			UMPIRE_CENTRES);
		for (size_t i = 0; i < k; i++)
			printf(" %zu", out[i]);
		printf(" |");
		k = umpire_table_within(out, figs, nfigs, pt(v), (int32_t)v[2],
			UMPIRE_EDGES);
		for (size_t i = 0; i < k; i++)
			printf(" %zu", out[i]);
	} else if (!strcmp(word, "path") && n >= 3) {
		path(v, n);
	} else if (!strcmp(word, "sight") && n == 3 && v[0] >= 0 &&
	    (size_t)v[0] < nfigs && v[1] >= 0 && (size_t)v[1] < nfigs) {
		sight(v);
	} else if (!strcmp(word, "view") && n == 3 && v[0] >= 0 &&
	    (size_t)v[0] < nfigs && v[1] >= 0 && (size_t)v[1] < nfigs) {
		struct umpire_target to = { figs[v[1]].at, figs[v[1]].base, NULL };
		view((size_t)v[0], &to, (unsigned)v[2]);
	} else if (!strcmp(word, "viewp") && n == 5 && v[0] >= 0 &&
	    (size_t)v[0] < nfigs && piece_index(v[1])) {
		struct umpire_target to = { { (int32_t)v[2], (int32_t)v[3] }, 0,
			&pieces[v[1]] };
		view((size_t)v[0], &to, (unsigned)v[4]);
	} else if (!strcmp(word, "cover") && n >= 4 && v[0] >= 0 &&
	    (size_t)v[0] < nfigs && v[1] >= 0 && (size_t)v[1] < nfigs &&
	    v[3] >= 0 && n == 4 + v[3]) {
		cover(v);
	} else if (!strcmp(word, "roots") && n >= 4) {
		roots(v, n);
	} else {
		printf("bad");
	}
}

int
main(void)
{
	char line[8192];

	while (fgets(line, sizeof(line), stdin)) {
		answer(line);
		putchar('\n');
	}
	return ferror(stdout) ? 1 : 0;
}

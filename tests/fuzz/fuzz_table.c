/*
 * fuzz_table - the tabletop's arithmetic (geom/): nothing there parses
 * text (the rulesets read scenarios into it), so this target reads its
 * bytes as numbers, mostly at the bounds of the plane, builds a layout
 * from them and asks every question, under the sanitizers, to find an
 * input that overflows or breaks a promise:
 *
 *   - line of sight one question at a time and through an eye, with and
 *     without naming pieces, agree exactly, and a verdict matches its
 *     lines;
 *   - a path is never shorter than the straight line from its start to
 *     its end, nor comes further from a figure than its ends do;
 *   - a distance rounded down is at most the one rounded up, by at most
 *     one hundredth, and the comparisons agree with both;
 *   - what a piece sweeps overlaps the piece.
 */
#include "fuzz.h"
#include "geom/path.h"
#include "geom/sight.h"
#include "geom/table.h"

struct bytes {
	const uint8_t *p;
	size_t n;
};

static unsigned
byte(struct bytes *b)
{
	if (!b->n)
		return 0;
	b->n--;
	return *b->p++;
}

/* A coordinate: 16 bits, clamped to the plane, so its edges come often. */
static int32_t
coord(struct bytes *b)
{
	int32_t v = (int16_t)(uint16_t)(byte(b) | byte(b) << 8);

	return v > UMPIRE_PLANE_MAX ? UMPIRE_PLANE_MAX :
		v < -UMPIRE_PLANE_MAX ? -UMPIRE_PLANE_MAX : v;
}

static struct umpire_pt
point(struct bytes *b)
{
	int32_t x = coord(b);
	return (struct umpire_pt){ x, coord(b) };
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct bytes b = { data, size };
	struct umpire_piece pieces[8];
	struct umpire_figure figs[6];
	struct umpire_table t = { 7200, 4800, pieces, 0 };
	size_t nfig = 1 + byte(&b) % 6;

	for (unsigned k = byte(&b) % 9; k > 0 && t.npieces < 8; k--) {
		struct umpire_pt c[8];
		int n = 3 + (int)(byte(&b) % 6), kind = (int)(byte(&b) % 3);
		if (byte(&b) & 1) {
			for (int i = 0; i < n; i++)
				c[i] = point(&b);
			if (umpire_piece_make(&pieces[t.npieces], kind, c, n) == 0)
				t.npieces++;
		} else {
			struct umpire_pt at = point(&b), f = point(&b);
			int32_t l = 1 + (int32_t)((byte(&b) | byte(&b) << 8) % 4096);
			int32_t w = 1 + (int32_t)((byte(&b) | byte(&b) << 8) % 4096);
			f.x *= 2;
			f.y *= 2;
			if (umpire_piece_box(&pieces[t.npieces], kind, at, f, l, w) == 0)
				t.npieces++;
		}
	}
	for (size_t i = 0; i < nfig; i++)
		figs[i] = (struct umpire_figure){ point(&b),
			(int32_t)((byte(&b) | byte(&b) << 8) % (UMPIRE_BASE_MAX + 1)),
			{ 0, 0 } };

	struct umpire_eye eye = UMPIRE_EYE_INIT;
	for (size_t i = 0; i < nfig; i++)
		for (unsigned mask = 1; mask <= 7; mask += 6) {
			umpire_eye_aim(&eye, &t, &figs[i], mask);
			for (size_t j = 0; j < nfig; j++) {
				struct umpire_sight a, an, e, en;
				umpire_sight(&a, &t, &figs[i], &figs[j], mask, 0);
				umpire_sight(&an, &t, &figs[i], &figs[j], mask,
					UMPIRE_SIGHT_EXPLAIN);
				umpire_eye_look(&e, &eye, &figs[j], 0);
				umpire_eye_look(&en, &eye, &figs[j], UMPIRE_SIGHT_EXPLAIN);
				if (a.lines != an.lines || a.lines != e.lines ||
				    a.lines != en.lines ||
				    memcmp(an.by, en.by, sizeof(an.by)) != 0)
					fuzz_fail(NULL, NULL, 0, "sight %zu -> %zu: the "
					    "ways of asking disagree", i, j);
				int n = 0;
				for (int k = 0; k < UMPIRE_SIGHT_LINES; k++) {
					n += (int)(a.lines >> k & 1);
					if ((an.by[k] >= 0) != (int)(a.lines >> k & 1))
						fuzz_fail(NULL, NULL, 0, "sight: line %d "
						    "named wrong", k);
				}
				if (n != a.blocked || a.verdict != (n == 0 ?
				    UMPIRE_SIGHT_CLEAR : n == UMPIRE_SIGHT_LINES ?
				    UMPIRE_SIGHT_BLOCKED : UMPIRE_SIGHT_PARTLY))
					fuzz_fail(NULL, NULL, 0, "sight: verdict");
				/* Exact sight: both ways agree, and it never
				 * blocks a target one of the 13 lines reaches. */
				struct umpire_target to = { figs[j].at, figs[j].base,
					NULL };
				struct umpire_view v, ve;
				umpire_view(&v, &t, figs[i].at, &to, mask);
				umpire_eye_view(&ve, &eye, &to);
				if (v.verdict != ve.verdict || v.by != ve.by)
					fuzz_fail(NULL, NULL, 0, "exact sight %zu -> %zu: "
					    "the ways of asking disagree", i, j);
				if (v.verdict == UMPIRE_SIGHT_BLOCKED &&
				    a.verdict != UMPIRE_SIGHT_BLOCKED && figs[j].base &&
				    umpire_dist2(figs[i].at, figs[j].at) * 4 >
				    (int64_t)figs[j].base * figs[j].base)
					fuzz_fail(NULL, NULL, 0, "exact sight %zu -> %zu: "
					    "blocked, yet a line is clear", i, j);
			}
		}
	umpire_eye_free(&eye);

	struct umpire_pt wp[8];
	size_t nwp = 1 + byte(&b) % 8;
	int32_t base = (int32_t)(byte(&b) * 8);
	for (size_t i = 0; i < nwp; i++)
		wp[i] = point(&b);
	if (umpire_path_length(wp, nwp) < umpire_path_leg(wp[0], wp[nwp - 1]))
		fuzz_fail(NULL, NULL, 0, "path: shorter than the straight line");
	/* The exact length: within the legs rounded up, and its own
	 * rounding up agrees with the comparison either side of it. */
	int64_t exact = umpire_path_length_up(wp, nwp);
	if (exact > umpire_path_length(wp, nwp) ||
	    umpire_path_cmp(wp, nwp, exact) > 0 ||
	    (exact > 0 && umpire_path_cmp(wp, nwp, exact - 1) <= 0))
		fuzz_fail(NULL, NULL, 0, "path: exact length %lld",
			(long long)exact);
	struct umpire_path_hit hit[8];
	(void)umpire_path_pieces(hit, &t, 7, wp, nwp, base);
	(void)umpire_path_on_table(&t, wp, nwp, NULL);
	struct umpire_near near[6];
	umpire_path_closest(near, wp, nwp, figs, nfig);
	for (size_t i = 0; i < nfig; i++) {
		struct umpire_frac s = { umpire_dist2(wp[0], figs[i].at), 1 };
		struct umpire_frac e = { umpire_dist2(wp[nwp - 1], figs[i].at), 1 };
		if (umpire_exact_frac_cmp(near[i].d2, s) > 0 ||
		    umpire_exact_frac_cmp(near[i].d2, e) > 0)
			fuzz_fail(NULL, NULL, 0, "path: closest beyond an end");
		for (int m = 0; m < 2; m++) {
			enum umpire_measure how = m ? UMPIRE_EDGES : UMPIRE_CENTRES;
			int32_t down = umpire_near_distance(&near[i], how, base,
				&figs[i], UMPIRE_DOWN);
			int32_t up = umpire_near_distance(&near[i], how, base,
				&figs[i], UMPIRE_UP);
			if (down > up || up - down > 1 ||
			    umpire_near_cmp(&near[i], how, base, &figs[i], up) > 0 ||
			    (down > 0 && umpire_near_cmp(&near[i], how, base,
			    &figs[i], down) < 0))
				fuzz_fail(NULL, NULL, 0, "path: rounding");
		}
		for (size_t j = 0; j < nfig; j++) {
			int32_t down = umpire_figure_distance(&figs[i], &figs[j],
				UMPIRE_EDGES, UMPIRE_DOWN);
			int32_t up = umpire_figure_distance(&figs[i], &figs[j],
				UMPIRE_EDGES, UMPIRE_UP);
			if (down > up || up - down > 1 ||
			    umpire_figure_cmp(&figs[i], &figs[j], UMPIRE_EDGES,
			    up) > 0)
				fuzz_fail(NULL, NULL, 0, "measure: rounding");
		}
	}
	for (size_t i = 0; i < t.npieces; i++) {
		struct umpire_piece s;
		struct umpire_pt d = { coord(&b) / 2, coord(&b) / 2 };
		if (umpire_piece_sweep(&s, &pieces[i], d) == 0 &&
		    !umpire_piece_overlap(&s, &pieces[i]))
			fuzz_fail(NULL, NULL, 0, "sweep: does not cover the piece");
	}
	return 0;
}

/*
 * tell.c - how a step of Army Men is told: points and lengths in inches
 * as a player reads them off his ruler, dice, and the marks the step's
 * picture draws (arrows for moves, shots and assaults, crosses for the
 * fallen).
 *
 * A text for a message (plan.c's refusals) may be made without an arena:
 * it then lives in one of a few static buffers, each reused after
 * AM_TEXT_SLOTS more, enough for one message's worth.
 */
#include <stdio.h>
#include <string.h>

#include "armymen.h"

#define AM_TEXT_SLOTS 8

static char *
slot(void)
{
	static char buf[AM_TEXT_SLOTS][64];
	static unsigned next;

	return buf[next++ % AM_TEXT_SLOTS];
}

static void
fmt_len(char *out, size_t n, int64_t v)
{
	const char *sign = v < 0 ? "-" : "";
	uint64_t m = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;

	if (m % AM_INCH == 0)
		snprintf(out, n, "%s%llu", sign, (unsigned long long)(m / AM_INCH));
	else if (m % 10 == 0)
		snprintf(out, n, "%s%llu.%llu", sign,
			(unsigned long long)(m / AM_INCH),
			(unsigned long long)(m % AM_INCH / 10));
	else
		snprintf(out, n, "%s%llu.%02llu", sign,
			(unsigned long long)(m / AM_INCH),
			(unsigned long long)(m % AM_INCH));
}

const char *
am_len_text(struct umpire_arena *a, int64_t v)
{
	char buf[64];

	fmt_len(buf, sizeof(buf), v);
	if (a)
		return umpire_arena_strdup(a, buf);
	char *s = slot();
	memcpy(s, buf, sizeof(buf));
	return s;
}

const char *
am_pt_text(struct umpire_arena *a, struct umpire_pt p)
{
	char x[24], y[24], buf[64];

	fmt_len(x, sizeof(x), p.x);
	fmt_len(y, sizeof(y), p.y);
	snprintf(buf, sizeof(buf), "(%s, %s)", x, y);
	if (a)
		return umpire_arena_strdup(a, buf);
	char *s = slot();
	memcpy(s, buf, sizeof(buf));
	return s;
}

struct umpire_node *
am_pt_node(struct umpire_arena *a, struct umpire_pt p)
{
	struct umpire_node *n = umpire_node_seq(a, true);

	umpire_seq_add(a, n, umpire_node_fixed_new(a, p.x, 2));
	umpire_seq_add(a, n, umpire_node_fixed_new(a, p.y, 2));
	return n;
}

const char *
am_dice_text(struct umpire_arena *a, const int *dice, int n)
{
	struct umpire_buf b = UMPIRE_BUF_INIT;
	char num[8];

	for (int i = 0; i < n; i++) {
		umpire_buf_puts(&b, umpire_list_sep((size_t)i, (size_t)n));
		snprintf(num, sizeof(num), "%d", dice[i]);
		umpire_buf_puts(&b, num);
	}
	const char *s = umpire_arena_strdup(a, b.len ? umpire_buf_cstr(&b) : "");
	umpire_buf_free(&b);
	return s;
}

void
am_mark(struct umpire_ctx *ctx, enum umpire_mark_kind kind,
	const struct am_unit *u, struct umpire_pt from, struct umpire_pt to,
	const char *note)
{
	umpire_marks_add(ctx->marks, &(struct umpire_mark){ .kind = kind,
		.player = am_sides[u->side], .unit = u->id,
		.from = { from.x, from.y }, .to = { to.x, to.y }, .note = note });
}

#include "render/marks.h"

#include <stdbool.h>
#include <string.h>

void
umpire_marks_init(struct umpire_marks *m, struct umpire_arena *a)
{
	memset(m, 0, sizeof(*m));
	m->arena = a;
}

static const char *
copy(struct umpire_arena *a, const char *s)
{
	return s ? umpire_arena_strdup(a, s) : NULL;
}

void
umpire_marks_add(struct umpire_marks *m, const struct umpire_mark *mark)
{
	if (!m)
		return;
	m->v = umpire_arena_grow(m->arena, m->v, sizeof(*m->v), m->n, &m->cap,
		m->n + 1);
	struct umpire_mark *k = &m->v[m->n++];
	*k = *mark;
	k->player = copy(m->arena, mark->player);
	k->unit = copy(m->arena, mark->unit);
	k->note = copy(m->arena, mark->note);
}

static bool
under(const struct umpire_mark *k)
{
	return k->kind == UMPIRE_MARK_LOSS || k->kind == UMPIRE_MARK_PLACE;
}

const struct umpire_mark *
umpire_marks_layered(const struct umpire_marks *m, size_t i)
{
	for (int pass = 0; pass < 2; pass++)
		for (size_t k = 0; k < m->n; k++)
			if (under(&m->v[k]) == (pass == 0) && i-- == 0)
				return &m->v[k];
	return NULL;
}

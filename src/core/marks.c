#include "marks.h"

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

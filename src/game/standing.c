/*
 * standing.c - standing orders (standing.h).
 */
#include "game/standing.h"

#include <stdio.h>
#include <string.h>

#include "doc/schema.h"
#include "game/secret.h"
#include "util/text.h"

static const char *const envelope_keys[] = { "umpire", "ruleset", "game",
	"player", "step", "standing" };

/* A copy of n in a, strings too, placed nowhere (it outlives its file). */
static struct umpire_node *
copy(struct umpire_arena *a, const struct umpire_node *n)
{
	struct umpire_node *c = umpire_node_new(a, n->type);

	c->flow = n->flow;
	c->big = n->big;
	c->weight = n->weight;
	c->bytes = n->bytes;
	c->text = n->text ? umpire_arena_strdup(a, n->text) : NULL;
	switch (n->type) {
	case UMPIRE_STR:
		c->u.s.ptr = umpire_arena_strndup(a, n->u.s.ptr, n->u.s.len);
		c->u.s.len = n->u.s.len;
		break;
	case UMPIRE_SEQ:
		for (size_t i = 0; i < n->u.seq.n; i++)
			umpire_seq_add(a, c, copy(a, n->u.seq.v[i]));
		break;
	case UMPIRE_MAP:
		for (size_t i = 0; i < n->u.map.n; i++)
			umpire_map_add(a, c, umpire_arena_strndup(a,
				n->u.map.v[i].key->u.s.ptr, n->u.map.v[i].key->u.s.len),
				copy(a, n->u.map.v[i].val));
		break;
	default:
		c->u = n->u;
		if (n->big)
			c->u.s.ptr = umpire_arena_strndup(a, n->u.s.ptr, n->u.s.len);
	}
	return c;
}

void
umpire_standing_read(struct umpire_standing_list *l,
	struct umpire_arena *arena, const struct umpire_node *list)
{
	l->v = NULL;
	l->n = 0;
	if (!list || list->type != UMPIRE_SEQ)
		return;
	l->v = umpire_arena_alloc(arena, (list->u.seq.n + 1) * sizeof(*l->v));
	for (size_t i = 0; i < list->u.seq.n; i++) {
		const struct umpire_node *e = list->u.seq.v[i];
		const struct umpire_node *hold = umpire_map_get(e, "hold");
		l->v[l->n++] = (struct umpire_standing_order){
			.player = umpire_node_cstr(umpire_map_get(e, "player")),
			.kind = umpire_node_cstr(umpire_map_get(e, "kind")),
			.hold = hold && hold->type == UMPIRE_BOOL && hold->u.b,
			.from = (long)umpire_node_integer(umpire_map_get(e, "from"), 0),
			.orders = umpire_map_get(e, "orders"),
			.alts = umpire_map_get(e, "else"),
		};
	}
}

void
umpire_standing_write(const struct umpire_standing_list *l,
	struct umpire_arena *a, struct umpire_node *root)
{
	if (!l->n)
		return;
	struct umpire_node *list = umpire_map_add(a, root, "standing",
		umpire_node_seq(a, false));
	for (size_t i = 0; i < l->n; i++) {
		const struct umpire_standing_order *s = &l->v[i];
		struct umpire_node *e = umpire_seq_add(a, list, umpire_node_map(a,
			false));
		umpire_map_add(a, e, "player", umpire_node_str(a, s->player));
		umpire_map_add(a, e, "from", umpire_node_int(a, s->from));
		umpire_map_add(a, e, "kind", umpire_node_str(a, s->kind));
		if (s->hold)
			umpire_map_add(a, e, "hold", umpire_node_bool(a, true));
		umpire_map_add(a, e, "orders", (struct umpire_node *)s->orders);
		if (s->alts)
			umpire_map_add(a, e, "else", (struct umpire_node *)s->alts);
	}
}

/* One body of orders that would stand (entry i's, or an alternative). */
static void
check_body(struct umpire_ctx *ctx, const struct umpire_ruleset *rules,
	const void *rs, const struct umpire_node *envelope, const char *kind,
	const struct umpire_node *body, size_t i)
{
	struct umpire_diags *d = ctx->diags;
	size_t at = d->errors;

	for (size_t k = 0; k < sizeof(envelope_keys) /
	    sizeof(envelope_keys[0]); k++) {
		const struct umpire_pair *p = umpire_map_pair(body,
			envelope_keys[k]);
		if (p)
			umpire_node_error(d, p->key, "standing[%zu]: %s: umpire "
				"writes the envelope of standing orders; give only the "
				"orders' own keys", i, envelope_keys[k]);
	}
	const struct umpire_node *sealed = umpire_sealed_first(body);
	if (sealed)
		umpire_node_error(d, sealed, "standing[%zu]: a sealed value cannot "
			"stand: whether it is legal when its decision comes would "
			"tell what it hides; send it with the decision it answers", i);
	if (d->errors != at)
		return;
	/* The ruleset's orders schema, on the orders as they will be. */
	struct umpire_node *doc = umpire_node_map(ctx->arena, false);
	doc->file = body->file;
	doc->line = body->line;
	doc->col = body->col;
	for (size_t k = 0; k < envelope->u.map.n; k++)
		umpire_map_add(ctx->arena, doc, envelope->u.map.v[k].key->u.s.ptr,
			envelope->u.map.v[k].val);
	for (size_t k = 0; k < body->u.map.n; k++)
		umpire_map_add(ctx->arena, doc, body->u.map.v[k].key->u.s.ptr,
			body->u.map.v[k].val);
	char schema[64];
	snprintf(schema, sizeof(schema), "%s/orders", rules->name);
	if (umpire_schema_validate(schema, doc, d))
		return;
	rules->stands(ctx, rs, kind, body);
}

size_t
umpire_standing_check(struct umpire_ctx *ctx,
	const struct umpire_ruleset *rules, const void *rs,
	const struct umpire_node *envelope, const struct umpire_node *list)
{
	struct umpire_diags *d = ctx->diags;
	size_t before = d->errors;

	if (umpire_version_older(ctx->version ? ctx->version : UMPIRE_VERSION,
	    UMPIRE_STANDING_SINCE)) {
		umpire_node_error(d, list, "standing: orders stand from umpire %s "
			"on; answer this game's decisions one by one",
			UMPIRE_STANDING_SINCE);
		return d->errors - before;
	}
	if (!rules->stands && list->u.seq.n) {
		umpire_node_error(d, list, "standing: no orders stand in %s (see "
			"umpire-%s(7)); answer each decision as it comes",
			rules->title, rules->name);
		return d->errors - before;
	}
	for (size_t i = 0; i < list->u.seq.n; i++) {
		const struct umpire_node *e = list->u.seq.v[i];
		const struct umpire_node *alts = umpire_map_get(e, "else");
		const char *kind = umpire_node_cstr(umpire_map_get(e, "kind"));
		check_body(ctx, rules, rs, envelope, kind, umpire_map_get(e,
			"orders"), i);
		for (size_t k = 0; alts && k < alts->u.seq.n; k++)
			check_body(ctx, rules, rs, envelope, kind, alts->u.seq.v[k], i);
	}
	return d->errors - before;
}

const struct umpire_node *
umpire_standing_strip(struct umpire_arena *a, const struct umpire_node *doc)
{
	if (doc->type != UMPIRE_MAP || !umpire_map_get(doc, "standing"))
		return doc;
	struct umpire_node *map = umpire_node_map(a, doc->flow);
	*map = *doc;
	map->u.map.v = umpire_arena_alloc(a, doc->u.map.n * sizeof(*map->u.map.v));
	map->u.map.n = 0;
	for (size_t i = 0; i < doc->u.map.n; i++)
		if (!umpire_node_is_str(doc->u.map.v[i].key, "standing"))
			map->u.map.v[map->u.map.n++] = doc->u.map.v[i];
	map->u.map.cap = map->u.map.n;
	return map;
}

void
umpire_standing_take(struct umpire_standing_list *l,
	struct umpire_arena *arena, const char *player,
	const struct umpire_node *list, long step)
{
	struct umpire_standing_order *v = umpire_arena_alloc(arena,
		(l->n + list->u.seq.n + 1) * sizeof(*v));
	size_t n = 0;

	for (size_t i = 0; i < l->n; i++)
		if (strcmp(l->v[i].player, player) != 0)
			v[n++] = l->v[i];
	for (size_t i = 0; i < list->u.seq.n; i++) {
		const struct umpire_node *e = list->u.seq.v[i];
		const struct umpire_node *hold = umpire_map_get(e, "hold");
		v[n++] = (struct umpire_standing_order){
			.player = player,
			.kind = umpire_arena_strdup(arena,
				umpire_node_cstr(umpire_map_get(e, "kind"))),
			.hold = hold && hold->type == UMPIRE_BOOL && hold->u.b,
			.from = step,
			.orders = copy(arena, umpire_map_get(e, "orders")),
			.alts = umpire_map_get(e, "else") ? copy(arena,
				umpire_map_get(e, "else")) : NULL,
		};
	}
	l->v = v;
	l->n = n;
}

static long
due_index(const struct umpire_standing_list *l,
	const struct umpire_decision *dec)
{
	if (!dec->player)
		return -1;
	for (size_t i = 0; i < l->n; i++)
		if (strcmp(l->v[i].player, dec->player) == 0 &&
		    strcmp(l->v[i].kind, dec->kind) == 0)
			return (long)i;
	return -1;
}

const struct umpire_standing_order *
umpire_standing_due(const struct umpire_standing_list *l,
	const struct umpire_decision *dec)
{
	long i = due_index(l, dec);

	return i < 0 ? NULL : &l->v[i];
}

void
umpire_standing_use(struct umpire_standing_list *l,
	const struct umpire_decision *dec)
{
	long i = due_index(l, dec);

	if (i < 0 || l->v[i].hold)
		return;
	memmove(&l->v[i], &l->v[i + 1], (l->n - (size_t)i - 1) * sizeof(*l->v));
	l->n--;
}

void
umpire_standing_drop(struct umpire_standing_list *l, const char *player,
	const char *kind)
{
	size_t n = 0;

	for (size_t i = 0; i < l->n; i++)
		if (strcmp(l->v[i].player, player) != 0 ||
		    strcmp(l->v[i].kind, kind) != 0)
			l->v[n++] = l->v[i];
	l->n = n;
}

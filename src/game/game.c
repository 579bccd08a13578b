#include "game/game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>
#include <sodium.h>

#include "crypto/age.h"
#include "game/gamekey.h"
#include "crypto/pad.h"
#include "doc/prune.h"
#include "history/paths.h"
#include "game/picture.h"
#include "game/report.h"
#include "game/rng.h"
#include "doc/schema.h"
#include "crypto/sshsig.h"
#include "util/text.h"
#include "game/deadline.h"

static const char state_comment[] =
	"umpire game state: change it only through umpire (umpire verify "
	"notices any edit)";

const struct umpire_node *
umpire_game_parse(struct umpire_arena *a, const char *file, const char *text,
	size_t len, struct umpire_diags *d)
{
	struct umpire_node *n;
	const char *code = d->code;

	d->code = "yaml";
	int rc = umpire_yaml_parse(&n, a, file, text, len, NULL, d);
	d->code = code;
	return rc < 0 ? NULL : n;
}

const struct umpire_ruleset *
umpire_game_validate(const struct umpire_node *doc, const char *kind,
	struct umpire_diags *d)
{
	if (doc->type == UMPIRE_NULL) {
		/* An empty file, or the template's comments left alone. */
		umpire_node_error(d, doc, "the file holds no YAML, only comments "
			"or nothing: it must be a mapping that starts with "
			"'umpire: %d' and 'ruleset:'%s", UMPIRE_FORMAT,
			strcmp(kind, "orders") == 0 ? "; umpire orders DIR prints "
			"orders to fill in" : "");
		return NULL;
	}
	if (doc->type != UMPIRE_MAP) {
		umpire_node_error(d, doc, "expected a mapping that starts with "
			"'umpire: %d' and 'ruleset:', got %s", UMPIRE_FORMAT,
			umpire_node_type_name(doc->type));
		return NULL;
	}
	const struct umpire_node *fmt = umpire_map_get(doc, "umpire");
	const struct umpire_node *name = umpire_map_get(doc, "ruleset");
	size_t before = d->errors;
	if (!fmt)
		umpire_node_error(d, doc, "missing required key 'umpire' (the file "
			"format version: write 'umpire: %d')", UMPIRE_FORMAT);
	else if (fmt->type != UMPIRE_INT && fmt->type != UMPIRE_FLOAT)
		umpire_node_error(d, fmt, "umpire: expected the format version, "
			"the integer %d, got %s", UMPIRE_FORMAT,
			umpire_node_type_name(fmt->type));
	else if (umpire_node_integer(fmt, -1) != UMPIRE_FORMAT)
		umpire_node_error(d, fmt, "umpire: this is file format version %s; "
			"this umpire reads version %d only", fmt->big ?
			umpire_arena_printf(&d->arena, "%.40s%s", fmt->u.s.ptr,
			fmt->u.s.len > 40 ? "..." : "") :
			fmt->type == UMPIRE_FLOAT ?
			umpire_arena_printf(&d->arena, "%g", fmt->u.f) :
			umpire_arena_printf(&d->arena, "%lld", fmt->u.i), UMPIRE_FORMAT);
	const struct umpire_ruleset *rules = NULL;
	if (!name) {
		umpire_node_error(d, doc, "missing required key 'ruleset' "
			"(`umpire rules` lists them)");
	} else if (!umpire_node_cstr(name)) {
		umpire_node_error(d, name, "ruleset: expected a string, got %s",
			umpire_node_type_name(name->type));
	} else if (!(rules = umpire_ruleset_find(name->u.s.ptr))) {
		struct umpire_suggest sg;
		umpire_suggest_init(&sg, name->u.s.ptr);
		for (const struct umpire_ruleset *const *r = umpire_rulesets_list(); *r; r++)
			umpire_suggest_add(&sg, (*r)->name);
		umpire_node_error(d, name, "ruleset: unknown ruleset %s%s; "
			"`umpire rules` lists them", umpire_quote(d, name->u.s.ptr,
			name->u.s.len),
			umpire_suggest_hint(&sg));
	}
	if (d->errors != before)
		return NULL;
	char schema[64];
	snprintf(schema, sizeof(schema), "%s/%s", rules->name, kind);
	if (umpire_schema_validate(schema, doc, d))
		return NULL;
	return rules;
}

/*
 * The game id: the ruleset's name, '-', and hex digits keyed by the seed.
 * Since UMPIRE_BOUND_ID_SINCE they also bind what else made the game,
 * the scenario's bytes as committed (its players and keys with them) and
 * whether it is sealed, so that a game made with the same seed from
 * anything else has another id and refuses this game's orders; and there
 * are 32 of them, so that no one finds a scenario that makes a given id,
 * or two that make one id, by trying (umpire-files(5)).  Before, text is
 * NULL: ten digits from the seed alone.
 */
static const char *
make_id(struct umpire_arena *a, const char *ruleset,
	const struct umpire_seed *seed, bool sealed, const char *text,
	size_t len)
{
	static const char v1[] = "umpire-game-id-v1";
	static const char v2[] = "umpire-game-id-v2";
	const char *how = sealed ? "sealed" : "open";
	unsigned char mac[crypto_auth_hmacsha256_BYTES];
	char hex[33];

	if (!text) {
		crypto_auth_hmacsha256(mac, (const unsigned char *)v1,
			sizeof(v1) - 1, seed->bytes);
		sodium_bin2hex(hex, sizeof(hex), mac, 5);
		return umpire_arena_printf(a, "%s-%s", ruleset, hex);
	}
	crypto_auth_hmacsha256_state st;
	crypto_auth_hmacsha256_init(&st, seed->bytes, sizeof(seed->bytes));
	crypto_auth_hmacsha256_update(&st, (const unsigned char *)v2,
		sizeof(v2));	/* with its 0x00 */
	crypto_auth_hmacsha256_update(&st, (const unsigned char *)how,
		strlen(how) + 1);
	crypto_auth_hmacsha256_update(&st, (const unsigned char *)text, len);
	crypto_auth_hmacsha256_final(&st, mac);
	sodium_bin2hex(hex, sizeof(hex), mac, 16);
	return umpire_arena_printf(a, "%s-%s", ruleset, hex);
}

/* A player's key: lines (one string or a list), parsed. */
static void
decode_keys(struct umpire_game *g, struct umpire_player *pl,
	const struct umpire_node *key, struct umpire_diags *d)
{
	const struct umpire_node *one[1] = { key };
	const struct umpire_node *const *v = one;
	size_t n = 1;

	if (!key)
		return;
	if (key->type == UMPIRE_SEQ) {
		v = (const struct umpire_node *const *)key->u.seq.v;
		n = key->u.seq.n;
	}
	pl->keys = umpire_arena_alloc(&g->arena, n * sizeof(*pl->keys));
	pl->key_lines = umpire_arena_alloc(&g->arena, n * sizeof(*pl->key_lines));
	for (size_t i = 0; i < n; i++) {
		struct umpire_crypto_error err;
		if (v[i]->type != UMPIRE_STR)
			continue;	/* the schema said so */
		if (umpire_sshkey_parse_public(&pl->keys[pl->nkeys], v[i]->u.s.ptr,
		    v[i]->u.s.len, &err)) {
			umpire_node_error(d, v[i], "key: %s", err.msg);
			continue;
		}
		pl->key_lines[pl->nkeys++] = umpire_arena_strndup(&g->arena,
			v[i]->u.s.ptr, v[i]->u.s.len);
	}
}

static void
decode_players(struct umpire_game *g, const struct umpire_node *players,
	bool keys, struct umpire_diags *d)
{
	size_t n = players ? players->u.map.n : 0, keyed = 0;

	g->players = umpire_arena_alloc(&g->arena, (n + 1) * sizeof(*g->players));
	for (size_t i = 0; i < n; i++) {
		const struct umpire_pair *p = &players->u.map.v[i];
		struct umpire_player *pl = &g->players[g->nplayers++];
		const char *name = umpire_node_cstr(umpire_map_get(p->val, "name"));
		const char *email = umpire_node_cstr(umpire_map_get(p->val, "email"));
		memset(pl, 0, sizeof(*pl));
		pl->id = umpire_arena_strdup(&g->arena, p->key->u.s.ptr);
		pl->name = umpire_arena_strdup(&g->arena, name ? name : pl->id);
		pl->email = email ? umpire_arena_strdup(&g->arena, email) :
			umpire_arena_printf(&g->arena, "%s@umpire.invalid", pl->id);
		if (keys)
			decode_keys(g, pl, umpire_map_get(p->val, "key"), d);
		keyed += umpire_map_get(p->val, "key") != NULL;
	}
	/* Keys for some players only would let the others be impersonated. */
	if (keyed && keyed != n) {
		for (size_t i = 0; i < n; i++)
			if (!umpire_map_get(players->u.map.v[i].val, "key"))
				umpire_node_error(d, players->u.map.v[i].key, "players.%s: "
					"no key, though other players have keys: in a game "
					"either every player has keys or none has",
					players->u.map.v[i].key->u.s.ptr);
	}
	g->keyed = keyed && keyed == n;
	/* A key twice would make one player able to sign as another. */
	for (size_t i = 0; i < g->nplayers; i++)
		for (size_t k = 0; k < g->players[i].nkeys; k++)
			for (size_t j = 0; j < i; j++)
				for (size_t m = 0; m < g->players[j].nkeys; m++)
					if (memcmp(g->players[i].keys[k].pk,
					    g->players[j].keys[m].pk, UMPIRE_SSHKEY_BYTES) == 0)
						umpire_node_error(d, players->u.map.v[i].key,
							"players.%s: has a key of %s's; each key "
							"signs for one player only", g->players[i].id,
							g->players[j].id);
}

static struct umpire_game *
game_new(const struct umpire_ruleset *rules)
{
	struct umpire_game *g = umpire_xmalloc(sizeof(*g));

	memset(g, 0, sizeof(*g));
	g->rules = rules;
	g->version = UMPIRE_VERSION;
	return g;
}

/* The version whose rulings decide (game.h's ruling). */
static const char *
ruling(const struct umpire_game *g)
{
	return g->ruling ? g->ruling : UMPIRE_VERSION;
}

/* The key commitments are salted with, or NULL without the seed. */
static const struct umpire_secret_key *
skey(const struct umpire_game *g)
{
	return g->have_seed ? &g->skey : NULL;
}

static void
set_recipient(struct umpire_game *g)
{
	struct umpire_buf r = UMPIRE_BUF_INIT;

	umpire_gamekey_recipient(&r, &g->seed);
	g->recipient = umpire_arena_strdup(&g->arena, umpire_buf_cstr(&r));
	umpire_buf_free(&r);
}

void
umpire_game_free(struct umpire_game *g)
{
	if (!g)
		return;
	sodium_memzero(&g->seed, sizeof(g->seed));
	umpire_secret_key_wipe(&g->skey);
	if (g->have_identity)
		umpire_age_identity_wipe(&g->identity);
	umpire_arena_free(&g->arena);
	free(g);
}

/*
 * The game's identity, or NULL when the seed is not known.  A memo: the
 * game is const to its readers, and the identity is the seed's, derived
 * once (every game is malloc'd, never a const object).
 */
static const struct umpire_age_identity *
game_identity(const struct umpire_game *cg)
{
	struct umpire_game *g = (struct umpire_game *)cg;

	if (!g->have_seed)
		return NULL;
	if (!g->have_identity) {
		umpire_gamekey_identity(&g->identity, &g->seed);
		g->have_identity = true;
	}
	return &g->identity;
}

/* The result, not over, for the game's players. */
static void
init_result(struct umpire_game *g)
{
	const char **ids = umpire_arena_alloc(&g->arena,
		(g->nplayers + 1) * sizeof(*ids));

	for (size_t i = 0; i < g->nplayers; i++)
		ids[i] = g->players[i].id;
	umpire_result_init(&g->result, &g->arena, ids, g->nplayers);
}

/*
 * After create or resolve: the ruleset awaits a player of the game, or
 * has ended it.  Anything else is a bug in the ruleset, not bad input.
 */
static void
check_decision(const struct umpire_game *g)
{
	struct umpire_decision dec;

	memset(&dec, 0, sizeof(dec));
	g->rules->decision(g->rs, &dec);
	if (dec.player ? !g->result.over && dec.kind &&
	    umpire_game_player(g, dec.player) : g->result.over)
		return;
	fprintf(stderr, "umpire: internal error: ruleset %s %s at step %ld\n",
		g->rules->name, dec.player ? (g->result.over ? "awaits a decision "
		"in a game it ended" : "awaits a decision from no player of the "
		"game") : "ended the game without a result", g->step);
	abort();
}

/*
 * Pass every empty decision that follows (ruleset.h, the empty hook) in
 * the step ctx makes, when the step is made as a version that does
 * (version NULL: this umpire): resolve the ruleset's "nothing" as if
 * its player had sent it, after checking it as his orders would be,
 * and say so in the report.  Whether a decision is empty depends on
 * public information only, so verify passes the same ones.
 */
static void
autopass(struct umpire_game *g, struct umpire_ctx *ctx, const char *version)
{
	struct umpire_decision dec;
	struct umpire_buf why = UMPIRE_BUF_INIT;

	if (version && umpire_version_older(version, UMPIRE_AUTOPASS_SINCE))
		return;
	for (;;) {
		umpire_game_decision(g, &dec);
		if (!dec.player)
			break;
		struct umpire_arena *a = ctx->arena;
		struct umpire_node *orders = umpire_node_map(a, false);
		umpire_map_add(a, orders, "umpire", umpire_node_int(a,
			UMPIRE_FORMAT));
		umpire_map_add(a, orders, "ruleset", umpire_node_str(a,
			g->rules->name));
		umpire_map_add(a, orders, "game", umpire_node_str(a, g->id));
		umpire_map_add(a, orders, "player", umpire_node_str(a,
			dec.player));
		umpire_map_add(a, orders, "step", umpire_node_int(a, g->step));
		umpire_buf_clear(&why);
		if (!g->rules->empty(ctx, g->rs, orders, &why))
			break;
		struct umpire_diags d = UMPIRE_DIAGS_INIT;
		if (umpire_game_check_doc(g, a, orders, &d)) {
			fprintf(stderr, "umpire: internal error: ruleset %s passes "
				"%s's %s at step %ld with orders it refuses:\n",
				g->rules->name, dec.player, dec.kind, ctx->step);
			umpire_diags_print(&d, stderr);
			abort();
		}
		umpire_diags_free(&d);
		struct umpire_report pass;
		umpire_report_init(&pass, a);
		struct umpire_ctx pctx = *ctx;
		pctx.report = &pass;
		umpire_report_printf(ctx->report, "\n%s, passed.\n",
			umpire_buf_cstr(&why));
		/* Orders standing for it are used up by the pass (standing.h). */
		umpire_standing_use(&g->standing, &dec);
		g->rules->resolve(&pctx, g->rs, orders);
		if (pass.body.len)
			umpire_report_printf(ctx->report, "\n%s",
				umpire_buf_cstr(&pass.body));
		umpire_report_free(&pass);
		check_decision(g);
	}
	umpire_buf_free(&why);
}

bool
umpire_game_empty(const struct umpire_game *g, struct umpire_arena *a)
{
	struct umpire_decision dec;
	struct umpire_buf why = UMPIRE_BUF_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;

	umpire_game_decision(g, &dec);
	if (!dec.player)
		return false;
	struct umpire_ctx ctx = { .arena = a, .diags = &d, .game_id = g->id,
		.step = g->step, .result = (struct umpire_result *)&g->result,
		.version = ruling(g) };
	bool empty = g->rules->empty(&ctx, g->rs, umpire_node_map(a, false),
		&why);
	umpire_buf_free(&why);
	umpire_diags_free(&d);
	return empty;
}

/*
 * Whether the report tells the order each shuffle gave: only where no
 * shuffle is a secret, and from UMPIRE_SHUFFLE_ORDER_SINCE.
 */
static bool
orders_public(const struct umpire_game *g, const char *version)
{
	return !g->hides && !umpire_version_older(version ? version :
		UMPIRE_VERSION, UMPIRE_SHUFFLE_ORDER_SINCE);
}

/*
 * In a game that hides information, from UMPIRE_SHUFFLE_COMMIT_SINCE:
 * each shuffle's commitment to the order it gave, under the label
 * "shuffle/STEP/K", the order written as the order column would be
 * ("2 0 3 1"), so that anyone checks it once the seed is revealed.
 */
static void
commit_orders(const struct umpire_game *g, const struct umpire_ctx *ctx,
	struct umpire_dice *dice, const char *version)
{
	struct umpire_buf text = UMPIRE_BUF_INIT;

	if (!g->hides || !ctx->secret || umpire_version_older(version ?
	    version : UMPIRE_VERSION, UMPIRE_SHUFFLE_COMMIT_SINCE))
		return;
	for (size_t i = 0; i < dice->nshuffles; i++) {
		struct umpire_shuffle *sh = &dice->shuffles[i];
		umpire_buf_clear(&text);
		for (size_t p = 0; p < sh->n; p++)
			umpire_buf_printf(&text, "%s%u", p ? " " : "", sh->order[p]);
		sh->commitment = umpire_secret_commit(ctx, umpire_arena_printf(
			ctx->arena, "shuffle/%ld/%u", dice->step, sh->k), text.ptr,
			text.len);
	}
	umpire_buf_free(&text);
}

static void
render(const struct umpire_game *g, const struct umpire_report *rep,
	long step, const struct umpire_dice *dice,
	const struct umpire_marks *marks, struct umpire_step_report *out)
{
	struct umpire_buf board = UMPIRE_BUF_INIT;

	if (out->no_text)
		return;
	g->rules->board(&board, g->rs);
	umpire_report_render(out, rep, g->id, step, umpire_buf_cstr(&board),
		&g->result, dice);
	umpire_buf_free(&board);
	umpire_buf_clear(&out->picture);
	if (out->want_picture) {
		struct umpire_picture_game frame;
		umpire_game_frame(g, &frame);
		umpire_picture_render(&out->picture, &frame, rep, step, dice,
			marks, NULL);
	}
}

int
umpire_game_create(struct umpire_game **out, const struct umpire_node *scenario,
	const char *text, size_t len, const struct umpire_seed *seed, bool sealed,
	struct umpire_step_report *report, struct umpire_diags *d)
{
	const struct umpire_ruleset *rules = umpire_game_validate(scenario,
		"scenario", d);

	*out = NULL;
	if (!rules)
		return EX_DATAERR;
	struct umpire_game *g = game_new(rules);
	g->id = make_id(&g->arena, rules->name, seed, sealed, text, len);
	g->seed = *seed;
	g->have_seed = true;
	umpire_secret_key_init(&g->skey, seed);
	g->sealed = sealed;
	umpire_seed_commitment(seed, g->commitment);
	struct umpire_buf why = UMPIRE_BUF_INIT;
	if (rules->hides && rules->hides(scenario, &why)) {
		g->hides = true;
		g->secret_known = true;
		set_recipient(g);
		if (!sealed)
			umpire_node_error(d, scenario, "%s, so this game must be "
				"sealed (umpire new --sealed): an open game's seed in "
				"game.yaml would tell every player every secret",
				umpire_buf_cstr(&why));
	}
	umpire_buf_free(&why);
	if (d->errors) {
		umpire_game_free(g);
		return EX_DATAERR;
	}
	const char *title = umpire_node_cstr(umpire_map_get(scenario, "title"));
	g->title = umpire_arena_strdup(&g->arena, title ? title : rules->title);
	decode_players(g, umpire_map_get(scenario, "players"), true, d);
	if (g->hides && !d->errors && !g->keyed)
		umpire_node_error(d, scenario, "this game hides information, so "
			"its players need keys (players.ID.key: their OpenSSH ed25519 "
			"public keys, or umpire new --key ID=FILE): each player's "
			"private view is encrypted to his");
	if (d->errors) {
		umpire_game_free(g);
		return EX_DATAERR;
	}
	init_result(g);

	struct umpire_arena job = UMPIRE_ARENA_INIT;
	struct umpire_dice dice;
	struct umpire_report rep;
	struct umpire_marks marks;
	umpire_dice_init(&dice, &job, seed, g->id, 0);
	dice.orders_public = orders_public(g, report->version);
	umpire_report_init(&rep, &job);
	umpire_marks_init(&marks, &job);
	struct umpire_ctx ctx = { .arena = &job, .diags = d, .dice = &dice,
		.report = &rep, .marks = &marks, .game_id = g->id, .step = 0,
		.result = &g->result, .secret = skey(g), .secret_known = true,
		.version = report->version };
	g->rs = rules->create(&g->arena, &ctx, scenario);
	if (g->rs) {
		g->step = 1;
		check_decision(g);
		autopass(g, &ctx, report->version);
		g->rolls = dice.n;
		commit_orders(g, &ctx, &dice, report->version);
		render(g, &rep, 0, &dice, &marks, report);
	}
	umpire_dice_end(&dice);
	umpire_report_free(&rep);
	umpire_arena_free(&job);
	if (!g->rs) {
		umpire_game_free(g);
		return EX_DATAERR;
	}
	*out = g;
	return 0;
}

/*
 * The envelope's awaiting or result (the schemas say which is there):
 * the awaited player must be a player of the game, its step the state's.
 */
static void
read_decision(struct umpire_game *g, const struct umpire_node *doc,
	struct umpire_ctx *ctx, struct umpire_diags *d)
{
	const struct umpire_node *aw = umpire_map_get(doc, "awaiting");
	const struct umpire_node *res = umpire_map_get(doc, "result");

	if (res) {
		umpire_result_decode(&g->result, res, d);
		if (g->result.step != g->step - 1)
			umpire_node_error(d, umpire_map_get(res, "step"), "result.step "
				"is %ld, but a game that awaits no step after step %ld ended "
				"in step %ld", g->result.step, g->step - 1, g->step - 1);
		return;
	}
	const struct umpire_node *player = umpire_map_get(aw, "player");
	const struct umpire_node *step = umpire_map_get(aw, "step");
	const struct umpire_player *p = umpire_game_player(g, player->u.s.ptr);
	if (!p) {
		struct umpire_suggest sg;
		umpire_suggest_init(&sg, player->u.s.ptr);
		for (size_t i = 0; i < g->nplayers; i++)
			umpire_suggest_add(&sg, g->players[i].id);
		umpire_node_error(d, player, "awaiting.player: %s is not a player "
			"of this game%s", umpire_quote(d, player->u.s.ptr,
			player->u.s.len), umpire_suggest_hint(&sg));
	}
	if (umpire_node_integer(step, -1) != g->step)
		umpire_node_error(d, step, "awaiting.step is %lld, but the state's "
			"step is %ld", umpire_node_integer(step, -1), g->step);
	ctx->awaiting = aw;
	ctx->awaited.player = p ? p->id : NULL;
	ctx->awaited.kind = umpire_node_cstr(umpire_map_get(aw, "kind"));
}

/*
 * What the ruleset makes of its own state must agree with the envelope:
 * the same decision awaited, or the game over.  Returns the problems.
 */
static size_t
agree(const struct umpire_game *g, const struct umpire_ctx *ctx,
	const struct umpire_node *doc, struct umpire_diags *d)
{
	struct umpire_decision dec;
	size_t before = d->errors;

	umpire_game_decision(g, &dec);
	if (!ctx->awaiting) {
		if (dec.player)
			umpire_node_error(d, umpire_map_get(doc, "result"), "result: "
				"the game is over, but the position awaits %s %s",
				dec.player, dec.kind);
	} else if (!dec.player) {
		umpire_node_error(d, ctx->awaiting, "awaiting: the position "
			"holds no decision to await; the game is over");
	} else if (strcmp(dec.player, ctx->awaited.player) != 0 ||
	    strcmp(dec.kind, ctx->awaited.kind) != 0) {
		char whose[80];
		umpire_node_error(d, ctx->awaiting, "awaiting: the position awaits "
			"%s %s, not %s %s", umpire_possessive(dec.player, whose,
			sizeof(whose)), dec.kind, ctx->awaited.player,
			ctx->awaited.kind);
	}
	return d->errors - before;
}

/*
 * What the host's steps recorded (UMPIRE_HOST_SINCE): the policy that
 * replaces the scenario's, and the holidays.
 */
static void
read_host(struct umpire_game *g, const struct umpire_node *doc,
	struct umpire_diags *d)
{
	const struct umpire_node *pol = umpire_map_get(doc, "deadlines"),
		*hol = umpire_map_get(doc, "holidays");

	if ((pol || hol) && (!g->version ||
	    umpire_version_older(g->version, UMPIRE_HOST_SINCE)))
		umpire_node_error(d, pol ? pol : hol, "%s: a state of umpire %s or "
			"later records the host's deadline controls, not one of %s",
			pol ? "deadlines" : "holidays", UMPIRE_HOST_SINCE,
			g->version ? g->version : "no version");
	if (pol && umpire_deadline_read(&g->policy, doc, d) == 0)
		g->has_policy = true;
	if (!hol || hol->type != UMPIRE_SEQ)
		return;
	g->holidays = umpire_arena_alloc(&g->arena, (hol->u.seq.n + 1) *
		sizeof(*g->holidays));
	for (size_t i = 0; i < hol->u.seq.n; i++) {
		const struct umpire_node *h = hol->u.seq.v[i];
		struct umpire_holiday *o = &g->holidays[g->nholidays];
		const struct umpire_node *from = umpire_map_get(h, "from"),
			*to = umpire_map_get(h, "to"), *who = umpire_map_get(h, "player");
		o->player = who ? umpire_node_cstr(who) : NULL;
		if (umpire_time_parse(&o->from, umpire_node_cstr(from)) != 0 ||
		    umpire_time_parse(&o->to, umpire_node_cstr(to)) != 0 ||
		    o->to <= o->from)
			umpire_node_error(d, h, "holidays: from and to are times in "
				"UTC, 2026-12-24T00:00:00Z, from before to");
		else if (o->player && !umpire_game_player(g, o->player))
			umpire_node_error(d, who, "holidays: %s is not a player of "
				"this game", o->player);
		else
			g->nholidays++;
	}
}

/* The state's date and deadline (umpire-files(5), Deadlines), if any. */
static void
read_dates(struct umpire_game *g, const struct umpire_node *doc,
	struct umpire_diags *d)
{
	const struct umpire_node *n;

	if ((n = umpire_map_get(doc, "date"))) {
		if (umpire_time_parse(&g->date, umpire_node_cstr(n)) == 0)
			g->dated = true;
		else
			umpire_node_error(d, n, "date: not a time: write RFC 3339 in "
				"UTC, 2026-11-26T07:00:00Z");
	}
	if ((n = umpire_map_get(doc, "deadline"))) {
		if (!g->dated)
			umpire_node_error(d, n, "deadline: a state without a date has "
				"no deadline");
		else if (umpire_time_parse(&g->deadline, umpire_node_cstr(n)) != 0)
			umpire_node_error(d, n, "deadline: not a time: write RFC 3339 "
				"in UTC, 2026-11-26T07:00:00Z");
		else if (g->deadline < g->date)
			umpire_node_error(d, n, "deadline: it is before the state's "
				"date");
		else
			g->has_deadline = true;
	}
	read_host(g, doc, d);
}

/* The state's standing orders (standing.h), each a player's of the game. */
static void
read_standing(struct umpire_game *g, const struct umpire_node *list,
	struct umpire_diags *d)
{
	umpire_standing_read(&g->standing, &g->arena, list);
	for (size_t i = 0; i < g->standing.n; i++) {
		struct umpire_standing_order *s = &g->standing.v[i];
		const struct umpire_player *p = umpire_game_player(g, s->player);
		if (!p)
			umpire_node_error(d, list->u.seq.v[i], "standing[%zu].player: "
				"%s is not a player of this game", i, s->player);
		else
			s->player = p->id;
	}
}

/*
 * A game from its state doc, parsed into parse, which the game then
 * owns; NULL: doc is the caller's and outlives the game.  own:
 * umpire_game_encode wrote it a moment ago (umpire_game_load_copy), so
 * it is not checked against the schema again, and the players' keys
 * are not read.
 */
static int
load(struct umpire_game **out, struct umpire_arena *parse,
	const struct umpire_node *doc, bool own, struct umpire_diags *d)
{
	const struct umpire_ruleset *rules;

	*out = NULL;
	if (!(rules = own ? umpire_ruleset_find(umpire_node_cstr(
	    umpire_map_get(doc, "ruleset"))) : umpire_game_validate(doc, "state",
	    d))) {
		if (parse)
			umpire_arena_free(parse);
		return EX_DATAERR;
	}
	struct umpire_game *g = game_new(rules);
	/* The document becomes part of the game: decode may keep its strings. */
	if (parse)
		g->arena = *parse;
	g->id = umpire_node_cstr(umpire_map_get(doc, "game"));
	g->version = umpire_node_cstr(umpire_map_get(doc, "version"));
	/* The schema allows only "grouped"; flat games say nothing. */
	g->layout = umpire_map_get(doc, "layout") ? UMPIRE_LAYOUT_GROUPED :
		UMPIRE_LAYOUT_FLAT;
	g->title = umpire_node_cstr(umpire_map_get(doc, "title"));
	g->step = umpire_node_integer(umpire_map_get(doc, "step"), 0);
	decode_players(g, umpire_map_get(doc, "players"), !own, d);
	read_dates(g, doc, d);
	const struct umpire_node *seed = umpire_map_get(doc, "seed");
	const char *s = umpire_node_cstr(seed);
	if (strncmp(s, UMPIRE_COMMITMENT_PREFIX,
	    sizeof(UMPIRE_COMMITMENT_PREFIX) - 1) == 0) {
		g->sealed = true;
		snprintf(g->commitment, sizeof(g->commitment), "%s", s);
	} else if (umpire_seed_from_hex(&g->seed, s) == 0) {
		g->have_seed = true;
		umpire_secret_key_init(&g->skey, &g->seed);
		umpire_seed_commitment(&g->seed, g->commitment);
	} else {
		umpire_node_error(d, seed, "seed: expected 64 hex digits or "
			"'sha256:' and 64 hex digits");
	}
	const struct umpire_node *rcp = umpire_map_get(doc, "recipient");
	if (rcp) {
		g->hides = true;
		g->recipient = umpire_node_cstr(rcp);
		if (!rules->hides)
			umpire_node_error(d, rcp, "recipient: ruleset %s hides nothing, "
				"so its games have no recipient", rules->name);
		else if (g->have_seed) {
			set_recipient(g);
			if (strcmp(g->recipient, umpire_node_cstr(rcp)) != 0)
				umpire_node_error(d, rcp, "recipient: this is not the "
					"recipient the game's seed derives (%s)", g->recipient);
		}
	}
	init_result(g);
	struct umpire_ctx ctx = { .arena = &g->arena, .diags = d,
		.game_id = g->id, .step = g->step, .result = &g->result,
		.secret = skey(g) };
	read_decision(g, doc, &ctx, d);
	read_standing(g, umpire_map_get(doc, "standing"), d);
	if (d->errors || !(g->rs = rules->decode(&g->arena, &ctx, doc)) ||
	    agree(g, &ctx, doc, d)) {
		umpire_game_free(g);
		return EX_DATAERR;
	}
	*out = g;
	return 0;
}

int
umpire_game_load(struct umpire_game **out, const char *file, const char *text,
	size_t len, struct umpire_diags *d)
{
	struct umpire_arena parse = UMPIRE_ARENA_INIT;
	const struct umpire_node *doc = umpire_game_parse(&parse, file, text,
		len, d);

	if (!doc) {
		*out = NULL;
		umpire_arena_free(&parse);
		return EX_DATAERR;
	}
	return load(out, &parse, doc, false, d);
}

int
umpire_game_set_seed(struct umpire_game *g, const struct umpire_seed *seed,
	const char *source, struct umpire_diags *d)
{
	char c[sizeof(g->commitment)];

	umpire_seed_commitment(seed, c);
	if (strcmp(c, g->commitment) != 0) {
		umpire_diag(d, UMPIRE_ERROR, source, 0, 0, "this seed does not "
			"match the game's commitment %s; it is not this game's seed",
			g->commitment);
		return EX_DATAERR;
	}
	g->seed = *seed;
	g->have_seed = true;
	umpire_secret_key_init(&g->skey, seed);
	return 0;
}

void
umpire_game_encode(const struct umpire_game *g, const char *version,
	struct umpire_buf *out)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_node *root = umpire_node_map(&a, false);
	char hex[UMPIRE_SEED_HEX + 1];

	umpire_map_add(&a, root, "umpire", umpire_node_int(&a, UMPIRE_FORMAT));
	umpire_map_add(&a, root, "ruleset", umpire_node_str(&a, g->rules->name));
	umpire_map_add(&a, root, "game", umpire_node_str(&a, g->id));
	umpire_map_add(&a, root, "version", umpire_node_str(&a, version));
	if (g->layout == UMPIRE_LAYOUT_GROUPED)
		umpire_map_add(&a, root, "layout", umpire_node_str(&a, "grouped"));
	if (g->sealed) {
		umpire_map_add(&a, root, "seed", umpire_node_str(&a, g->commitment));
	} else {
		umpire_seed_to_hex(&g->seed, hex);
		umpire_map_add(&a, root, "seed", umpire_node_str(&a, hex));
	}
	if (g->hides)
		umpire_map_add(&a, root, "recipient",
			umpire_node_str(&a, g->recipient));
	umpire_map_add(&a, root, "step", umpire_node_int(&a, g->step));
	struct umpire_decision dec;
	umpire_game_decision(g, &dec);
	if (g->dated) {
		char when[UMPIRE_TIME_SIZE];
		umpire_map_add(&a, root, "date", umpire_node_str(&a,
			umpire_arena_strdup(&a, umpire_time_format(when, g->date))));
		if (g->has_deadline && dec.player)
			umpire_map_add(&a, root, "deadline", umpire_node_str(&a,
				umpire_arena_strdup(&a, umpire_time_format(when,
				g->deadline))));
	}
	if (g->has_policy && !umpire_version_older(version, UMPIRE_HOST_SINCE))
		umpire_map_add(&a, root, "deadlines", umpire_deadline_node(&a,
			&g->policy));
	if (g->nholidays && !umpire_version_older(version, UMPIRE_HOST_SINCE)) {
		struct umpire_node *hs = umpire_map_add(&a, root, "holidays",
			umpire_node_seq(&a, false));
		for (size_t i = 0; i < g->nholidays; i++) {
			char when[UMPIRE_TIME_SIZE];
			struct umpire_node *h = umpire_seq_add(&a, hs,
				umpire_node_map(&a, true));
			umpire_map_add(&a, h, "from", umpire_node_str(&a,
				umpire_arena_strdup(&a, umpire_time_format(when,
				g->holidays[i].from))));
			umpire_map_add(&a, h, "to", umpire_node_str(&a,
				umpire_arena_strdup(&a, umpire_time_format(when,
				g->holidays[i].to))));
			if (g->holidays[i].player)
				umpire_map_add(&a, h, "player", umpire_node_str(&a,
					g->holidays[i].player));
		}
	}
	umpire_map_add(&a, root, "title", umpire_node_str(&a, g->title));
	struct umpire_node *players = umpire_map_add(&a, root, "players",
		umpire_node_map(&a, false));
	for (size_t i = 0; i < g->nplayers; i++) {
		/* Key lines are long: a player with keys gets a block mapping. */
		struct umpire_node *p = umpire_map_add(&a, players, g->players[i].id,
			umpire_node_map(&a, g->players[i].nkeys == 0));
		umpire_map_add(&a, p, "name", umpire_node_str(&a, g->players[i].name));
		umpire_map_add(&a, p, "email", umpire_node_str(&a, g->players[i].email));
		const struct umpire_player *pl = &g->players[i];
		if (pl->nkeys == 1) {
			umpire_map_add(&a, p, "key", umpire_node_str(&a,
				pl->key_lines[0]));
		} else if (pl->nkeys > 1) {
			struct umpire_node *keys = umpire_map_add(&a, p, "key",
				umpire_node_seq(&a, false));
			for (size_t k = 0; k < pl->nkeys; k++)
				umpire_seq_add(&a, keys, umpire_node_str(&a,
					pl->key_lines[k]));
		}
	}
	struct umpire_node *tail;
	if (dec.player) {
		tail = umpire_map_add(&a, root, "awaiting", umpire_node_map(&a, true));
		umpire_map_add(&a, tail, "player", umpire_node_str(&a, dec.player));
		umpire_map_add(&a, tail, "step", umpire_node_int(&a, g->step));
		umpire_map_add(&a, tail, "kind", umpire_node_str(&a, dec.kind));
	} else {
		tail = umpire_map_add(&a, root, "result",
			umpire_result_encode(&a, &g->result));
	}
	/*
	 * A game forfeited (umpire_game_forfeit) is over where its ruleset
	 * would await a decision: what the ruleset says of that decision
	 * (its dice, say) goes nowhere.
	 */
	struct umpire_decision own;
	memset(&own, 0, sizeof(own));
	g->rules->decision(g->rs, &own);
	if (own.player && !dec.player)
		tail = umpire_node_map(&a, true);
	struct umpire_ctx ctx = { .arena = &a, .game_id = g->id, .step = g->step,
		.result = (struct umpire_result *)&g->result, .tail = tail,
		.secret = skey(g), .secret_known = g->secret_known,
		.version = version };
	g->rules->encode(&ctx, g->rs, root);
	if (dec.player)
		umpire_standing_write(&g->standing, &a, root);
	umpire_yaml_emit(out, root, state_comment);
	umpire_arena_free(&a);
}

void
umpire_game_board(const struct umpire_game *g, struct umpire_buf *out)
{
	g->rules->board(out, g->rs);
}

void
umpire_game_picture(const struct umpire_game *g, const char *viewer,
	struct umpire_buf *out)
{
	struct umpire_picture_game frame;

	umpire_game_frame(g, &frame);
	umpire_picture_render(out, &frame, NULL, g->step - 1, NULL, NULL, viewer);
}

void
umpire_game_frame(const struct umpire_game *g, struct umpire_picture_game *out)
{
	*out = (struct umpire_picture_game){
		.title = g->title, .rules = g->rules, .rs = g->rs, .id = g->id,
		.step = g->step, .result = &g->result,
	};
	umpire_game_decision(g, &out->awaited);
}

const struct umpire_player *
umpire_game_player(const struct umpire_game *g, const char *id)
{
	for (size_t i = 0; i < g->nplayers; i++)
		if (strcmp(g->players[i].id, id) == 0)
			return &g->players[i];
	return NULL;
}

/* Whether a problem is recorded at n already (by the schema, say). */
static bool
flagged(const struct umpire_diags *d, const struct umpire_node *n)
{
	for (size_t i = 0; i < d->n; i++)
		if (d->v[i].line == n->line && d->v[i].col == n->col &&
		    d->v[i].file && n->file && strcmp(d->v[i].file, n->file) == 0)
			return true;
	return false;
}

/*
 * The orders' envelope against the game: right game, step and player.
 * A field the schema already refused is not reported twice.
 */
static void
check_envelope(const struct umpire_game *g, const struct umpire_node *doc,
	struct umpire_diags *d)
{
	const struct umpire_node *game = umpire_map_get(doc, "game");
	const struct umpire_node *step = umpire_map_get(doc, "step");
	const struct umpire_node *player = umpire_map_get(doc, "player");
	struct umpire_decision dec;

	umpire_game_decision(g, &dec);
	if (!flagged(d, game) && strcmp(game->u.s.ptr, g->id) != 0)
		umpire_node_error(d, game, "these orders are for game %s, but "
			"this is game '%s'", umpire_quote(d, game->u.s.ptr,
			game->u.s.len), g->id);
	if (!dec.player) {
		struct umpire_buf how = UMPIRE_BUF_INIT;
		umpire_result_summary(&how, &g->result);
		umpire_node_error(d, doc, "the game is over (%s at step %ld); no "
			"orders are awaited", umpire_buf_cstr(&how), g->result.step);
		umpire_buf_free(&how);
		return;
	}
	long s = (long)umpire_node_integer(step, -1);
	if (s != g->step && !flagged(d, step))
		umpire_node_error(d, step, "these orders are for step %ld, but the "
			"game awaits step %ld%s", s, g->step, s < g->step ?
			" (were they applied already?)" : "");
	if (!umpire_node_is_str(player, dec.player) && !flagged(d, player)) {
		const char *who = player->u.s.ptr;
		if (!umpire_game_player(g, who)) {
			struct umpire_suggest sg;
			umpire_suggest_init(&sg, who);
			for (size_t i = 0; i < g->nplayers; i++)
				umpire_suggest_add(&sg, g->players[i].id);
			umpire_node_error(d, player, "%s is not a player of this "
				"game%s", umpire_quote_str(d, who),
				umpire_suggest_hint(&sg));
		} else {
			char whose[80];
			umpire_node_error(d, player, "these orders are from %s, but the "
				"game awaits %s %s at step %ld", who,
				umpire_possessive(dec.player, whose, sizeof(whose)),
				dec.kind, g->step);
		}
	}
}

/*
 * The orders failed their schema in some list entries only: judge the
 * other entries by the rules as if those were not there (prune.h), so
 * that one run reports every error.  Whether it could; if not, the
 * caller falls back to looking up names alone (ctx->partial).
 */
static bool
judge_pruned(const struct umpire_game *g, struct umpire_ctx *ctx,
	const struct umpire_node *doc, struct umpire_diags *d, size_t from)
{
	struct umpire_pruned good, bad;
	struct umpire_diags scratch = UMPIRE_DIAGS_INIT;

	if (umpire_orders_prune(&good, ctx->arena, doc, d, from, false) ||
	    umpire_orders_prune(&bad, ctx->arena, doc, d, from, true))
		return false;
	bool valid = umpire_game_validate(good.doc, "orders", &scratch) != NULL;
	umpire_diags_free(&scratch);
	if (!valid)
		return false;
	size_t before = d->errors;
	d->code = "envelope";
	check_envelope(g, good.doc, d);
	if (d->errors != before)
		return true;
	/* The names in the entries refused, as far as they can be read... */
	d->code = "rules";
	size_t at = d->n;
	ctx->partial = true;
	g->rules->check(ctx, g->rs, bad.doc);
	umpire_orders_renumber(d, at, &bad);
	/* ...and the rules on the others. */
	at = d->n;
	ctx->partial = false;
	g->rules->check(ctx, g->rs, good.doc);
	umpire_orders_renumber(d, at, &good);
	return true;
}

static struct umpire_node *standing_envelope(const struct umpire_game *g,
	struct umpire_arena *a, const char *player);
static int check_doc(const struct umpire_game *g, struct umpire_arena *a,
	const struct umpire_node *doc, const struct umpire_node *knowledge,
	const struct umpire_node *const *clear, size_t nclear,
	struct umpire_diags *d, const struct umpire_node *const **sealed,
	size_t *nsealed, size_t *opened_at);

/*
 * A diagnostic about what a sealed value holds must not quote it: the
 * orders file is public, and so may be standard error (a CI log).  The
 * values opened keep the place of their sealed block (secret.c), so
 * every diagnostic at that place is about a secret; it says so instead.
 */
/*
 * Whether a closing parenthesis holds a ruleset's citation and nothing
 * taken from the input: "(AMB-17)", "(Mine Detector, AMB-17)".
 */
static bool
ruling_cited(const char *p)
{
	bool tag = false;

	for (p++; *p && *p != ')'; p++) {
		if (!strchr("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
		    "0123456789 ,-&", *p))
			return false;
		tag |= *p == '-' && p[-1] >= 'A' && p[-1] <= 'Z' &&
			p[1] >= '0' && p[1] <= '9';
	}
	return tag && *p == ')' && !p[1];
}

static void
redact(struct umpire_diags *d, size_t from,
	const struct umpire_node *const *sealed, size_t nsealed)
{
	for (size_t i = from; i < d->n; i++)
		for (size_t k = 0; k < nsealed; k++)
			if (d->v[i].line == sealed[k]->line &&
			    d->v[i].col == sealed[k]->col && d->v[i].file &&
			    sealed[k]->file && strcmp(d->v[i].file,
			    sealed[k]->file) == 0) {
				/* The rule it breaks, cited last, names no value. */
				const char *m = d->v[i].msg, *cite = strrchr(m, '(');
				size_t n = strlen(m);
				bool cited = cite && n && m[n - 1] == ')' &&
					ruling_cited(cite);
				d->v[i].msg = umpire_arena_printf(&d->arena, "what this "
					"sealed value holds is not valid here; its text is "
					"secret, so it is not shown: check the value before "
					"sealing it%s%.*s", cited ? " " : "", cited ?
					(int)(m + n - cite) : 0, cited ? cite : "");
				break;
			}
}

/*
 * The phases of a check give their diagnostics their codes (diag.h):
 * envelope, sealed, schema, rules; the caller's code is kept after.
 */
int
umpire_game_check_doc(const struct umpire_game *g, struct umpire_arena *a,
	const struct umpire_node *doc, struct umpire_diags *d)
{
	const char *code = d->code;
	const struct umpire_node *const *sealed = NULL;
	size_t nsealed = 0, from = d->n;
	int rc = check_doc(g, a, doc, NULL, NULL, 0, d, &sealed, &nsealed,
		&from);

	redact(d, from, sealed, nsealed);
	d->code = code;
	return rc;
}

/*
 * The orders without their sealed values, which a player checking his
 * own orders cannot open (only the game's identity does): each is noted
 * as left to the host.  The values umpire seal sealed were checked then.
 */
static const struct umpire_node *
unsealed(struct umpire_arena *a, const struct umpire_node *doc,
	struct umpire_diags *d)
{
	struct umpire_node *map = umpire_node_map(a, false);

	*map = *doc;
	map->u.map.v = umpire_arena_alloc(a, (doc->u.map.n + 1) *
		sizeof(*map->u.map.v));
	map->u.map.n = 0;
	for (size_t i = 0; i < doc->u.map.n; i++) {
		const struct umpire_pair *p = &doc->u.map.v[i];
		if (umpire_sealed_any(p->val)) {
			umpire_node_note(d, p->key, "%s: sealed to the game, so only "
				"the host can open it and check it (umpire seal checked "
				"it when it was sealed)", p->key->u.s.ptr);
			continue;
		}
		map->u.map.v[map->u.map.n++] = *p;
	}
	return map;
}

int
umpire_game_check_knowing(const struct umpire_game *g, struct umpire_arena *a,
	const char *file, const char *text, size_t len,
	const struct umpire_node *knowledge, struct umpire_diags *d)
{
	const struct umpire_node *doc = umpire_game_parse(a, file, text, len, d);
	const struct umpire_node *const *sealed = NULL;
	const char *code = d->code;
	size_t nsealed = 0, from = d->n;

	if (g->secret_known || !g->hides) {
		fprintf(stderr, "umpire: internal error: a player's check of game "
			"%s given the umpire's secrets\n", g->id);
		abort();
	}
	if (!doc)
		return EX_DATAERR;
	const struct umpire_node *whole = doc;
	if (doc->type == UMPIRE_MAP)
		doc = unsealed(a, doc, d);
	size_t at = d->n;
	int rc = check_doc(g, a, doc, knowledge, NULL, 0, d, &sealed, &nsealed,
		&from);
	/*
	 * A sealed value taken out is not missing: what the rules say of
	 * its absence, at the orders as a whole, is dropped.
	 */
	size_t kept = at;
	for (size_t k = at; k < d->n; k++) {
		const struct umpire_diag *v = &d->v[k];
		bool absent = false;
		for (size_t i = 0; i < whole->u.map.n && v->line == whole->line &&
		    v->col == whole->col && whole->type == UMPIRE_MAP; i++)
			absent |= umpire_sealed_any(whole->u.map.v[i].val) &&
				strstr(v->msg, whole->u.map.v[i].key->u.s.ptr);
		if (absent && v->level == UMPIRE_ERROR)
			d->errors--;
		else
			d->v[kept++] = *v;
	}
	d->n = kept;
	if (rc == EX_DATAERR && d->errors == 0)
		rc = 0;
	d->code = code;
	return rc;
}

/*
 * The key of the orders whose value is sealed to the game: the one the
 * ruleset's orders schema describes so ("sealed to the game"), or NULL.
 */
static const char *
sealed_key(const struct umpire_game *g, struct umpire_arena *a)
{
	char name[64];
	size_t len;
	struct umpire_diags quiet = UMPIRE_DIAGS_INIT;

	snprintf(name, sizeof(name), "%s/orders", g->rules->name);
	const char *text = umpire_schema_text(name, &len);
	const struct umpire_node *schema = text ? umpire_game_parse(a, name,
		text, len, &quiet) : NULL;
	const struct umpire_node *props = schema ? umpire_map_get(schema,
		"properties") : NULL;
	const char *key = NULL;
	for (size_t i = 0; props && props->type == UMPIRE_MAP &&
	    i < props->u.map.n && !key; i++) {
		const char *what = umpire_node_cstr(umpire_map_get(
			props->u.map.v[i].val, "description"));
		if (what && strstr(what, "sealed to the game"))
			key = props->u.map.v[i].key->u.s.ptr;
	}
	umpire_diags_free(&quiet);
	return key;
}

int
umpire_game_check_sealed(const struct umpire_game *g, struct umpire_arena *a,
	const char *file, const char *text, size_t len,
	const struct umpire_node *knowledge, struct umpire_diags *d)
{
	const struct umpire_node *value = umpire_game_parse(a, file, text, len,
		d);
	const char *key = sealed_key(g, a);
	const char *code = d->code;

	if (!value)
		return EX_DATAERR;
	if (!key || !g->hides)
		return 0;
	/*
	 * Orders the player could send, the bot's, with the value in the
	 * clear under its key as if core had opened it: what the rules say
	 * of the value is what the host will say of it sealed.
	 */
	const struct umpire_node *bot = g->secret_known ?
		umpire_game_bot_doc(g, a, "seal", 4) :
		umpire_game_bot_knowing(g, a, "seal", 4, knowledge);
	struct umpire_node *doc = umpire_node_map(a, false);
	for (size_t i = 0; i < bot->u.map.n; i++)
		if (!umpire_node_is_str(bot->u.map.v[i].key, key))
			umpire_map_add(a, doc, bot->u.map.v[i].key->u.s.ptr,
				bot->u.map.v[i].val);
	umpire_map_add(a, doc, key, (struct umpire_node *)value);
	const struct umpire_node *const *sealed = NULL, *clear[1] = { value };
	size_t nsealed = 0, from = d->n;
	check_doc(g, a, doc, knowledge, clear, 1, d, &sealed, &nsealed, &from);
	/* Only what is said of the value: the rest is the bot's. */
	size_t kept = from;
	for (size_t k = from; k < d->n; k++) {
		const struct umpire_diag *v = &d->v[k];
		if (v->file && strcmp(v->file, file) == 0)
			d->v[kept++] = *v;
		else if (v->level == UMPIRE_ERROR)
			d->errors--;
	}
	d->n = kept;
	d->code = code;
	for (size_t k = from; k < d->n; k++)
		if (d->v[k].level == UMPIRE_ERROR)
			return EX_DATAERR;
	return 0;
}

static int
check_doc(const struct umpire_game *g, struct umpire_arena *a,
	const struct umpire_node *doc, const struct umpire_node *knowledge,
	const struct umpire_node *const *clear, size_t nclear,
	struct umpire_diags *d, const struct umpire_node *const **sealed,
	size_t *nsealed, size_t *opened_at)
{
	/* Name the ruleset mismatch plainly rather than as schema noise. */
	const struct umpire_node *name = umpire_map_get(doc, "ruleset");
	d->code = "envelope";
	if (umpire_node_cstr(name) && !umpire_node_is_str(name, g->rules->name) &&
	    umpire_ruleset_find(name->u.s.ptr)) {
		umpire_node_error(d, name, "these orders are for the ruleset '%s', "
			"but game '%s' plays '%s'", name->u.s.ptr, g->id,
			g->rules->name);
		return EX_DATAERR;
	}
	struct umpire_ctx ctx = { .arena = a, .diags = d, .game_id = g->id,
		.step = g->step, .result = (struct umpire_result *)&g->result,
		.secret = skey(g), .secret_known = g->secret_known,
		.version = ruling(g), .knowledge = knowledge, .sealed = clear,
		.nsealed = nclear };
	const struct umpire_pair *standing = doc->type == UMPIRE_MAP ?
		umpire_map_pair(doc, "standing") : NULL;
	const struct umpire_node *sealed_standing = standing ?
		umpire_sealed_first(standing->val) : NULL;
	if (sealed_standing) {
		/* umpire-files(5), Standing orders: why none stands. */
		d->code = "sealed";
		umpire_node_error(d, sealed_standing, "standing: a sealed value "
			"cannot stand: whether it is legal when its decision comes, and "
			"so whether the game then waits for the player, would tell what "
			"it hides; send it with the decision it answers");
		return EX_DATAERR;
	}
	/*
	 * Sealed values first: the schema and the ruleset see what they
	 * hold.  (The document is the caller's, parsed into a for this.)
	 */
	if (g->hides && doc->type == UMPIRE_MAP && umpire_sealed_any(doc)) {
		d->code = "sealed";
		const struct umpire_node **opened;
		size_t bad = umpire_sealed_open(a, (struct umpire_node *)doc,
			g->in_memory ? UMPIRE_SEALED_IN_MEMORY_ID : game_identity(g),
			&opened, &ctx.nsealed, d);
		ctx.sealed = opened;
		/* What is said from here on may be about what they hold. */
		*sealed = opened;
		*nsealed = ctx.nsealed;
		*opened_at = d->n;
		if (bad)
			return EX_DATAERR;
	}
	d->code = "schema";
	size_t schema_from = d->n;
	if (!umpire_game_validate(doc, "orders", d)) {
		if (judge_pruned(g, &ctx, doc, d, schema_from))
			return EX_DATAERR;
		/*
		 * Report what else is wrong too, if the envelope can be read
		 * and matches: a misspelt key must not hide a misspelt name.
		 */
		if (doc->type == UMPIRE_MAP &&
		    umpire_node_is_str(umpire_map_get(doc, "ruleset"),
		    g->rules->name) &&
		    umpire_node_cstr(umpire_map_get(doc, "game")) &&
		    umpire_node_cstr(umpire_map_get(doc, "player")) &&
		    umpire_node_integer(umpire_map_get(doc, "step"), -1) >= 0) {
			size_t before = d->errors;
			d->code = "envelope";
			check_envelope(g, doc, d);
			ctx.partial = true;
			d->code = "rules";
			if (d->errors == before)
				g->rules->check(&ctx, g->rs, doc);
		}
		return EX_DATAERR;
	}
	d->code = "envelope";
	check_envelope(g, doc, d);
	if (!d->errors && g->step >= UMPIRE_LAST_STEP)
		umpire_node_error(d, doc, "game %s has reached step %ld, the last "
			"a state file can record", g->id, g->step);
	if (d->errors)
		return EX_DATAERR;
	d->code = "rules";
	size_t bad = 0;
	if (standing) {
		struct umpire_decision dec;
		umpire_game_decision(g, &dec);
		bad += umpire_standing_check(&ctx, g->rules, g->rs,
			standing_envelope(g, a, dec.player), standing->val);
		doc = umpire_standing_strip(a, doc);
	}
	bad += g->rules->check(&ctx, g->rs, doc);
	return bad ? EX_DATAERR : 0;
}

int
umpire_game_check(const struct umpire_game *g, struct umpire_arena *a,
	const char *file, const char *text, size_t len,
	const struct umpire_node **orders, struct umpire_diags *d)
{
	const struct umpire_node *doc = umpire_game_parse(a, file, text, len, d);
	int rc;

	*orders = NULL;
	if (!doc)
		return EX_DATAERR;
	if ((rc = umpire_game_check_doc(g, a, doc, d)))
		return rc;
	*orders = doc;
	return 0;
}

/* The envelope of orders for the awaited decision, as a new mapping. */
static struct umpire_node *
standing_envelope(const struct umpire_game *g, struct umpire_arena *a,
	const char *player)
{
	struct umpire_node *doc = umpire_node_map(a, false);

	umpire_map_add(a, doc, "umpire", umpire_node_int(a, UMPIRE_FORMAT));
	umpire_map_add(a, doc, "ruleset", umpire_node_str(a, g->rules->name));
	umpire_map_add(a, doc, "game", umpire_node_str(a, g->id));
	umpire_map_add(a, doc, "player", umpire_node_str(a, player));
	umpire_map_add(a, doc, "step", umpire_node_int(a, g->step));
	return doc;
}

const struct umpire_standing_order *
umpire_game_standing_due(const struct umpire_game *g)
{
	struct umpire_decision dec;

	umpire_game_decision(g, &dec);
	return umpire_standing_due(&g->standing, &dec);
}

/* The orders file of the due entry s with body (alternative alt, or 0). */
static void
text_of(const struct umpire_game *g, const struct umpire_standing_order *s,
	const struct umpire_node *body, size_t alt, struct umpire_buf *out)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	char whose[80];

	struct umpire_node *doc = standing_envelope(g, &a, s->player);
	for (size_t k = 0; k < body->u.map.n; k++)
		umpire_map_add(&a, doc, body->u.map.v[k].key->u.s.ptr,
			body->u.map.v[k].val);
	const char *first = umpire_arena_printf(&a, "standing orders for %s "
		"%s, sent with the orders of step %ld, applied by umpire%s",
		umpire_possessive(s->player, whose, sizeof(whose)), s->kind,
		s->from, alt ? umpire_arena_printf(&a, " (else no. %zu: those "
		"before it are not legal now)", alt) : "");
	umpire_buf_clear(out);
	umpire_yaml_emit(out, doc, umpire_orders_comment(&a, g->rules->name,
		first));
	umpire_arena_free(&a);
}

bool
umpire_game_standing(const struct umpire_game *g, struct umpire_arena *a,
	struct umpire_buf *out, const struct umpire_node **doc, size_t *which,
	struct umpire_diags *d)
{
	const struct umpire_standing_order *s = umpire_game_standing_due(g);
	const struct umpire_node *parsed;
	struct umpire_step_paths paths;

	umpire_step_paths(&paths, g->layout, g->step, s->player);
	size_t n = s->alts ? s->alts->u.seq.n : 0;
	for (size_t alt = 0; alt <= n; alt++) {
		struct umpire_diags quiet = UMPIRE_DIAGS_INIT;
		text_of(g, s, alt ? s->alts->u.seq.v[alt - 1] : s->orders, alt, out);
		int rc = umpire_game_check(g, a, paths.orders, out->ptr, out->len,
			&parsed, &quiet);
		umpire_diags_free(&quiet);
		if (rc == 0) {
			if (doc)
				*doc = parsed;
			if (which)
				*which = alt;
			return true;
		}
	}
	/* Why the entry's own orders are refused, for the report. */
	text_of(g, s, s->orders, 0, out);
	umpire_game_check(g, a, paths.orders, out->ptr, out->len, &parsed, d);
	return false;
}

/*
 * At the end of a step: if orders stand for the decision it brought,
 * check them as their step will; refused, they are dropped (with the
 * player's others of that kind), and rep says why with the diagnostics
 * the file its step would have written would have had.
 */
static void
standing_settle(struct umpire_game *g, struct umpire_arena *a,
	struct umpire_report *rep)
{
	const struct umpire_standing_order *s = umpire_game_standing_due(g);
	struct umpire_buf text = UMPIRE_BUF_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_step_paths paths;
	char whose[80], own[80];

	if (!s)
		return;
	umpire_step_paths(&paths, g->layout, g->step, s->player);
	if (umpire_game_standing(g, a, &text, NULL, NULL, &d))
		goto done;
	umpire_report_printf(rep, "\n%s standing orders for %s, sent with the "
		"orders of step %ld, are not legal now%s: umpire drops %s standing "
		"orders for %s and waits for %s own.\n\n",
		umpire_possessive(s->player, whose, sizeof(whose)), s->kind,
		s->from, s->alts ? ", nor any of their alternatives" : "", whose,
		s->kind, umpire_possessive(s->player, own, sizeof(own)));
	for (size_t i = 0; i < d.n; i++)
		if (d.v[i].level == UMPIRE_ERROR)
			umpire_report_printf(rep, "    %s:%d:%d: %s\n", d.v[i].file ?
				d.v[i].file : paths.orders, d.v[i].line, d.v[i].col,
				d.v[i].msg);
	/*
	 * Every one of that kind, hold or not: the game waits for him, and
	 * he may send others with his answer.
	 */
	umpire_standing_drop(&g->standing, s->player, s->kind);
done:
	umpire_diags_free(&d);
	umpire_buf_free(&text);
}

/*
 * Resolve orders as a step (standing NULL) or as the step that applies
 * standing orders, from the step standing names.
 */
static size_t
resolve(struct umpire_game *g, struct umpire_arena *a,
	const struct umpire_node *orders, struct umpire_step_report *report,
	const struct umpire_standing_order *standing, size_t alt)
{
	struct umpire_dice dice;
	struct umpire_report rep;
	struct umpire_marks marks;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_decision dec;
	long step = g->step;
	char whose[80];

	if (g->hides && !g->secret_known) {
		fprintf(stderr, "umpire: internal error: game %s resolved without "
			"its secret part\n", g->id);
		abort();
	}
	umpire_game_decision(g, &dec);
	const char *player = umpire_arena_strdup(a, dec.player);
	const struct umpire_node *sent = orders->type == UMPIRE_MAP ?
		umpire_map_get(orders, "standing") : NULL;
	umpire_dice_init(&dice, a, &g->seed, g->id, step);
	dice.orders_public = orders_public(g, ruling(g));
	umpire_report_init(&rep, a);
	umpire_marks_init(&marks, a);
	struct umpire_ctx ctx = { .arena = a, .diags = &d, .dice = &dice,
		.report = &rep, .marks = &marks, .game_id = g->id, .step = step,
		.result = &g->result, .secret = skey(g), .secret_known = true,
		.version = ruling(g) };
	g->rules->resolve(&ctx, g->rs, umpire_standing_strip(a, orders));
	if (standing)
		umpire_report_printf(&rep, "\nThese are %s standing orders for "
			"%s, sent with the orders of step %ld%s: umpire applied %s.\n",
			umpire_possessive(player, whose, sizeof(whose)), dec.kind,
			standing->from, standing->hold ? ", which hold until he sends "
			"others" : "", alt ? umpire_arena_printf(a, "their else no. "
			"%zu, since those before it are not legal now", alt) : "them");
	g->step = step + 1;
	check_decision(g);
	autopass(g, &ctx, report->version);
	if (!report->version || !umpire_version_older(report->version,
	    UMPIRE_STANDING_SINCE)) {
		if (sent)
			umpire_standing_take(&g->standing, &g->arena,
				umpire_game_player(g, player)->id, sent, step);
		standing_settle(g, a, &rep);
	}
	commit_orders(g, &ctx, &dice, ruling(g));
	render(g, &rep, step, &dice, &marks, report);
	umpire_dice_end(&dice);
	umpire_report_free(&rep);
	umpire_diags_free(&d);
	g->rolls = dice.n;
	return dice.n;
}

size_t
umpire_game_resolve(struct umpire_game *g, struct umpire_arena *a,
	const struct umpire_node *orders, struct umpire_step_report *report)
{
	return resolve(g, a, orders, report, NULL, 0);
}

size_t
umpire_game_resolve_standing(struct umpire_game *g, struct umpire_arena *a,
	const struct umpire_node *orders, size_t alt,
	struct umpire_step_report *report)
{
	const struct umpire_standing_order *due = umpire_game_standing_due(g);
	struct umpire_decision dec;

	if (!due) {
		fprintf(stderr, "umpire: internal error: game %s applies standing "
			"orders at step %ld, but none are due\n", g->id, g->step);
		abort();
	}
	struct umpire_standing_order s = *due;
	umpire_game_decision(g, &dec);
	umpire_standing_use(&g->standing, &dec);
	return resolve(g, a, orders, report, &s, alt);
}

void
umpire_game_forfeit(struct umpire_game *g, struct umpire_arena *a,
	const char *player, const char *why, struct umpire_step_report *report)
{
	struct umpire_dice dice;
	struct umpire_report rep;
	struct umpire_marks marks;
	long step = g->step;

	umpire_dice_init(&dice, a, NULL, g->id, step);	/* no rolls */
	umpire_report_init(&rep, a);
	umpire_marks_init(&marks, a);
	umpire_report_title(&rep, "Step %ld: %s forfeits", step, player);
	umpire_report_headline(&rep, "%s", why);
	umpire_result_end(&g->result, step, "%s", why);
	for (size_t i = 0; i < g->nplayers; i++)
		umpire_result_score(&g->result, g->players[i].id,
			strcmp(g->players[i].id, player) != 0);
	umpire_result_rank_by_score(&g->result);
	g->step = step + 1;
	render(g, &rep, step, &dice, &marks, report);
	umpire_dice_end(&dice);
	umpire_report_free(&rep);
	g->rolls = 0;
}

static const struct umpire_node *
bot_doc(const struct umpire_game *g, struct umpire_arena *a,
	const void *salt, size_t saltlen, bool knowing,
	const struct umpire_node *knowledge, bool standing)
{
	struct umpire_decision dec;
	struct umpire_buf key = UMPIRE_BUF_INIT;
	struct umpire_rng rng;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;

	umpire_game_decision(g, &dec);
	umpire_buf_printf(&key, "umpire-bot-v1%c%s%c%ld%c%s%c", 0, g->id, 0,
		g->step, 0, dec.player ? dec.player : "", 0);
	umpire_buf_add(&key, salt, saltlen);
	/*
	 * In a game that hides, which draws a bot makes depends on what it
	 * knows (a hand), so a stream anyone can compute would let anyone
	 * replay the bot against guessed hands and read the hand from its
	 * orders.  The host's bot draws keyed by the seed; a player's bot,
	 * which has no seed, with fresh randomness unless given a salt.
	 */
	unsigned char fresh[32];
	if (g->hides && !knowing && g->have_seed) {
		umpire_buf_add(&key, g->skey.seed.bytes, sizeof(g->skey.seed.bytes));
	} else if (g->hides && knowing && !saltlen) {
		randombytes_buf(fresh, sizeof(fresh));
		umpire_buf_add(&key, fresh, sizeof(fresh));
		sodium_memzero(fresh, sizeof(fresh));
	}
	umpire_rng_seed(&rng, key.ptr, key.len);
	sodium_memzero(key.ptr, key.len);
	umpire_buf_free(&key);

	struct umpire_node *root = umpire_node_map(a, false);
	umpire_map_add(a, root, "umpire", umpire_node_int(a, UMPIRE_FORMAT));
	umpire_map_add(a, root, "ruleset", umpire_node_str(a, g->rules->name));
	umpire_map_add(a, root, "game", umpire_node_str(a, g->id));
	umpire_map_add(a, root, "player", umpire_node_str(a, dec.player));
	umpire_map_add(a, root, "step", umpire_node_int(a, g->step));
	struct umpire_ctx ctx = { .arena = a, .diags = &d, .game_id = g->id,
		.step = g->step, .result = (struct umpire_result *)&g->result,
		.secret = knowing ? NULL : skey(g),
		.secret_known = g->secret_known, .knowledge = knowledge,
		.version = ruling(g),
		.recipient = g->recipient, .in_memory = g->in_memory };
	g->rules->bot(&ctx, g->rs, &rng, root);
	if (standing && g->rules->bot_standing)
		g->rules->bot_standing(&ctx, g->rs, &rng, root);
	umpire_diags_free(&d);
	return root;
}

const struct umpire_node *
umpire_game_bot_doc(const struct umpire_game *g, struct umpire_arena *a,
	const void *salt, size_t saltlen)
{
	if (g->hides && !g->secret_known) {
		fprintf(stderr, "umpire: internal error: the umpire's bot for game "
			"%s without its secret part\n", g->id);
		abort();
	}
	return bot_doc(g, a, salt, saltlen, false, NULL, false);
}

const struct umpire_node *
umpire_game_bot_standing(const struct umpire_game *g, struct umpire_arena *a,
	const void *salt, size_t saltlen)
{
	if (g->hides && !g->secret_known) {
		fprintf(stderr, "umpire: internal error: the umpire's bot for game "
			"%s without its secret part\n", g->id);
		abort();
	}
	return bot_doc(g, a, salt, saltlen, false, NULL, true);
}

const struct umpire_node *
umpire_game_bot_knowing(const struct umpire_game *g, struct umpire_arena *a,
	const void *salt, size_t saltlen, const struct umpire_node *knowledge)
{
	if (g->secret_known) {
		fprintf(stderr, "umpire: internal error: a player's bot for game "
			"%s given the umpire's secrets\n", g->id);
		abort();
	}
	return bot_doc(g, a, salt, saltlen, true, knowledge, false);
}

/* The secret part's envelope, as every file's, and the ruleset's keys. */
void
umpire_game_encode_secret(const struct umpire_game *g, struct umpire_buf *out)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_node *root = umpire_node_map(&a, false);

	if (!g->hides || !g->secret_known || !g->have_seed) {
		fprintf(stderr, "umpire: internal error: the secret part of game "
			"%s asked for without it\n", g->id);
		abort();
	}
	umpire_map_add(&a, root, "umpire", umpire_node_int(&a, UMPIRE_FORMAT));
	umpire_map_add(&a, root, "ruleset", umpire_node_str(&a, g->rules->name));
	umpire_map_add(&a, root, "game", umpire_node_str(&a, g->id));
	umpire_map_add(&a, root, "step", umpire_node_int(&a, g->step));
	struct umpire_ctx ctx = { .arena = &a, .game_id = g->id, .step = g->step,
		.result = (struct umpire_result *)&g->result, .secret = skey(g),
		.secret_known = true };
	g->rules->secret_encode(&ctx, g->rs, root);
	umpire_yaml_emit(out, root, "umpire's secrets for this game: only the "
		"holder of the seed can read this file");
	umpire_arena_free(&a);
}

/* Encrypt text to to[0..n), deterministically under label with the seed. */
static int
seal(const struct umpire_game *g, const char *label,
	const struct umpire_age_recipient *to, size_t n, const void *text,
	size_t len, bool armor, struct umpire_buf *out,
	struct umpire_crypto_error *err)
{
	struct umpire_age_detrand dr;
	struct umpire_age_encrypt_opts o = UMPIRE_AGE_ENCRYPT_OPTS_INIT;
	int rc;

	o.armor = armor;
	if (g->have_seed) {
		umpire_age_detrand_init(&dr, g->seed.bytes, label, text, len);
		o.random = umpire_age_detrand;
		o.random_ctx = &dr;
	}
	rc = umpire_age_encrypt(out, to, n, text, len, &o, err);
	if (g->have_seed)
		umpire_age_detrand_wipe(&dr);
	return rc;
}

void
umpire_game_seal_secret(const struct umpire_game *g, const char *path,
	size_t pad, struct umpire_buf *out)
{
	struct umpire_buf plain = UMPIRE_BUF_INIT;
	struct umpire_age_recipient r;
	struct umpire_crypto_error err;

	umpire_game_encode_secret(g, &plain);
	if (pad)
		umpire_pad(&plain, pad);
	if (umpire_age_recipient_parse(&r, g->recipient, strlen(g->recipient),
	    &err) || seal(g, path, &r, 1, plain.ptr, plain.len,
	    false, out, &err)) {
		fprintf(stderr, "umpire: internal error: sealing the secret part "
			"of game %s: %s\n", g->id, err.msg);
		abort();
	}
	sodium_memzero(plain.ptr, plain.len);
	umpire_buf_free(&plain);
}

int
umpire_game_seal_view(const struct umpire_game *g, const char *label,
	const struct umpire_age_recipient *to, size_t n, const void *text,
	size_t len, struct umpire_buf *out, struct umpire_crypto_error *err)
{
	return seal(g, label, to, n, text, len, false, out, err);
}

int
umpire_game_load_secret(struct umpire_game *g, const char *file,
	const void *data, size_t len, struct umpire_diags *d)
{
	struct umpire_buf plain = UMPIRE_BUF_INIT;
	struct umpire_crypto_error err;
	struct umpire_age_decrypt_opts o = UMPIRE_AGE_DECRYPT_OPTS_INIT;
	int rc = EX_DATAERR;

	if (!g->hides || !g->have_seed || g->secret_known) {
		fprintf(stderr, "umpire: internal error: loading the secret part "
			"of game %s out of turn\n", g->id);
		abort();
	}
	o.format = UMPIRE_AGE_BINARY;
	int crc = umpire_age_decrypt(&plain, game_identity(g), 1, data, len, &o,
		&err);
	if (crc) {
		umpire_diag(d, UMPIRE_ERROR, file, 0, 0, "the game's identity does "
			"not open this file: %s", err.msg);
		goto out;
	}
	rc = umpire_game_read_secret(g, file, plain.ptr,
		umpire_pad_strip(plain.ptr, plain.len), d);
out:
	sodium_memzero(plain.ptr, plain.len);
	umpire_buf_free(&plain);
	return rc;
}

/*
 * The secret part doc into g; own: as load's, not checked against the
 * schema.  doc lives as long as g.
 */
static int
read_secret(struct umpire_game *g, const struct umpire_node *doc, bool own,
	struct umpire_diags *d)
{
	if (!g->hides || !g->have_seed || g->secret_known) {
		fprintf(stderr, "umpire: internal error: reading the secret part "
			"of game %s out of turn\n", g->id);
		abort();
	}
	if (!doc || (!own && !umpire_game_validate(doc, "secret", d)))
		return EX_DATAERR;
	const struct umpire_node *game = umpire_map_get(doc, "game");
	const struct umpire_node *step = umpire_map_get(doc, "step");
	if (!umpire_node_is_str(game, g->id))
		umpire_node_error(d, game, "game: this secret part is for another "
			"game than %s", g->id);
	if (umpire_node_integer(step, -1) != g->step)
		umpire_node_error(d, step, "step: this secret part is of step "
			"%lld, but the state's step is %ld",
			umpire_node_integer(step, -1), g->step);
	if (d->errors)
		return EX_DATAERR;
	struct umpire_ctx ctx = { .arena = &g->arena, .diags = d,
		.game_id = g->id, .step = g->step, .result = &g->result,
		.secret = skey(g), .secret_known = true };
	if (!g->rules->secret_decode(&ctx, g->rs, doc))
		return EX_DATAERR;
	g->secret_known = true;
	return 0;
}

int
umpire_game_read_secret(struct umpire_game *g, const char *file,
	const char *text, size_t len, struct umpire_diags *d)
{
	/* Parsed into the game's arena: secret_decode may keep its strings. */
	return read_secret(g, umpire_game_parse(&g->arena, file, text, len, d),
		false, d);
}

int
umpire_game_load_copy(struct umpire_game **out, const struct umpire_game *g,
	const struct umpire_node *state, const struct umpire_node *secret,
	struct umpire_diags *d)
{
	struct umpire_game *c;

	*out = NULL;
	if (load(&c, NULL, state, true, d))
		return EX_DATAERR;
	if (c->sealed && !c->have_seed) {
		c->seed = g->seed;
		c->have_seed = true;
		umpire_secret_key_init(&c->skey, &c->seed);
	}
	if (secret && read_secret(c, secret, true, d)) {
		umpire_game_free(c);
		return EX_DATAERR;
	}
	*out = c;
	return 0;
}

void
umpire_game_view(const struct umpire_game *g, const char *player,
	struct umpire_buf *out)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;

	if (g->hides && g->secret_known) {
		struct umpire_ctx ctx = { .arena = &a, .diags = &d,
			.game_id = g->id, .step = g->step,
			.result = (struct umpire_result *)&g->result,
			.secret = skey(g), .secret_known = true };
		g->rules->view(&ctx, g->rs, player, out);
	}
	umpire_diags_free(&d);
	umpire_arena_free(&a);
}

const char *
umpire_orders_comment(struct umpire_arena *a, const char *ruleset,
	const char *first)
{
	return umpire_arena_printf(a, "%s\n# yaml-language-server: "
		"$schema=" UMPIRE_SCHEMA_DIR "/%s-orders.json", first, ruleset);
}

void
umpire_game_bot(const struct umpire_game *g, const void *salt, size_t saltlen,
	struct umpire_buf *out)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;

	umpire_yaml_emit(out, umpire_game_bot_doc(g, &a, salt, saltlen),
		umpire_orders_comment(&a, g->rules->name,
		"orders drawn by umpire bot"));
	umpire_arena_free(&a);
}

static int
check_signature(const struct umpire_game *g, const char *player,
	const char *sigfile, const void *sig, size_t siglen, const void *text,
	size_t len, char fp[UMPIRE_SSHKEY_FINGERPRINT_SIZE],
	struct umpire_diags *d)
{
	const struct umpire_player *p = umpire_game_player(g, player);
	struct umpire_crypto_error err;
	struct umpire_sshsig s;
	char whose[80];
	int rc;

	fp[0] = '\0';
	if (!sig || (rc = umpire_sshsig_parse(&s, sig, siglen, &err)) ==
	    UMPIRE_CRYPTO_ENOSIG) {
		umpire_diag(d, UMPIRE_ERROR, sigfile, 0, 0, "unsigned orders: game "
			"%s takes orders signed with %s key only (umpire sign ORDERS "
			"--key KEY, or ssh-keygen -Y sign -n umpire -f KEY ORDERS)",
			g->id,
			umpire_possessive(player, whose, sizeof(whose)));
		return EX_NOPERM;
	}
	if (rc == 0)
		rc = umpire_sshsig_verify(NULL, &s, text, len,
			UMPIRE_SSHSIG_NAMESPACE, p->keys, p->nkeys, &err);
	if (rc == UMPIRE_CRYPTO_ENOTALLOWED) {
		/* Name the player whose key it is, if it is one's. */
		for (size_t i = 0; i < g->nplayers; i++)
			for (size_t k = 0; k < g->players[i].nkeys; k++)
				if (memcmp(g->players[i].keys[k].pk, s.key.pk,
				    UMPIRE_SSHKEY_BYTES) == 0) {
					char other[80];
					umpire_diag(d, UMPIRE_ERROR, sigfile, 0, 0, "signed "
						"with %s key (%s), not %s: these orders are %s",
						umpire_possessive(g->players[i].id, other,
						sizeof(other)), s.fingerprint,
						umpire_possessive(player, whose, sizeof(whose)),
						whose);
					return EX_NOPERM;
				}
		umpire_diag(d, UMPIRE_ERROR, sigfile, 0, 0, "signed with a key of "
			"no player of game %s (%s), not %s", g->id, s.fingerprint,
			umpire_possessive(player, whose, sizeof(whose)));
		return EX_NOPERM;
	}
	if (rc == UMPIRE_CRYPTO_EBADSIG) {
		umpire_diag(d, UMPIRE_ERROR, sigfile, 0, 0, "the orders changed "
			"after they were signed: the signature by %s does not match "
			"them", s.fingerprint);
		return EX_NOPERM;
	}
	if (rc) {
		umpire_diag(d, UMPIRE_ERROR, sigfile, 0, 0, "%s", err.msg);
		return EX_NOPERM;
	}
	umpire_sshkey_fingerprint(fp, &s.key);
	return 0;
}

/* The signature check's diagnostics have the code "signature". */
int
umpire_game_check_signature(const struct umpire_game *g, const char *player,
	const char *sigfile, const void *sig, size_t siglen, const void *text,
	size_t len, char fp[UMPIRE_SSHKEY_FINGERPRINT_SIZE],
	struct umpire_diags *d)
{
	const char *code = d->code;

	d->code = "signature";
	int rc = check_signature(g, player, sigfile, sig, siglen, text, len, fp,
		d);
	d->code = code;
	return rc;
}

void
umpire_signed_trailer(struct umpire_buf *msg, const char *fp)
{
	if (fp && *fp)
		umpire_buf_printf(msg, "\n" UMPIRE_SIGNED_TRAILER ": %s\n", fp);
}

void
umpire_game_add_holiday(struct umpire_game *g, const struct umpire_holiday *h)
{
	struct umpire_holiday *all = umpire_arena_alloc(&g->arena,
		(g->nholidays + 1) * sizeof(*all));

	if (g->nholidays)
		memcpy(all, g->holidays, g->nholidays * sizeof(*all));
	all[g->nholidays] = *h;
	if (h->player)
		all[g->nholidays].player = umpire_arena_strdup(&g->arena, h->player);
	g->holidays = all;
	g->nholidays++;
}

void
umpire_game_set_policy(struct umpire_game *g,
	const struct umpire_deadline_policy *p)
{
	g->policy = *p;
	for (size_t i = 0; i < p->nkinds; i++)
		g->policy.kinds[i].kind = umpire_arena_strdup(&g->arena,
			p->kinds[i].kind);
	for (size_t i = 0; i < p->nplayers; i++) {
		g->policy.players[i].player = umpire_arena_strdup(&g->arena,
			p->players[i].player);
		g->policy.players[i].node = NULL;
	}
	g->has_policy = true;
}

const struct umpire_deadline_policy *
umpire_game_policy(const struct umpire_game *g,
	const struct umpire_deadline_policy *scenario)
{
	return g->has_policy ? &g->policy : scenario;
}

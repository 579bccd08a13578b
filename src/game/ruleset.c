/*
 * ruleset.c - finding a ruleset, and checking that each one registered
 * keeps the interface (as libgit2 checks the version of a backend).
 */
#include "game/ruleset.h"

#include <stdio.h>
#include <string.h>

#include "doc/embedded.h"
#include "doc/schema.h"

static const struct umpire_ruleset *const none[] = { NULL };
static const struct umpire_ruleset *const *registry = none;

void
umpire_rulesets_use(const struct umpire_ruleset *const *list)
{
	registry = list ? list : none;
}

const struct umpire_ruleset *const *
umpire_rulesets_list(void)
{
	return registry;
}

const struct umpire_ruleset *
umpire_ruleset_find(const char *name)
{
	for (const struct umpire_ruleset *const *r = registry; *r; r++)
		if (strcmp((*r)->name, name) == 0)
			return *r;
	return NULL;
}

/* What the envelope schema allows as a ruleset's name. */
static bool
good_name(const char *s)
{
	size_t n = strlen(s);

	if (n < 1 || n > 16 || s[0] < 'a' || s[0] > 'z')
		return false;
	return strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789") == n;
}

size_t
umpire_ruleset_check(const struct umpire_ruleset *r, struct umpire_diags *d)
{
	static const char *const kinds[] = { "scenario", "state", "orders" };
	const char *name = r->name ? r->name : "(unnamed)";
	size_t before = d->errors;
	char schema[64];

	if (r->version != UMPIRE_RULESET_VERSION) {
		umpire_diag(d, UMPIRE_ERROR, NULL, 0, 0, "internal error: ruleset "
			"'%s' implements interface version %d, but this umpire needs "
			"version %d", name, r->version, UMPIRE_RULESET_VERSION);
		return d->errors - before;	/* nothing else can be trusted */
	}
	if (!r->name || !good_name(r->name))
		umpire_diag(d, UMPIRE_ERROR, NULL, 0, 0, "internal error: ruleset "
			"'%s': a name is 1 to 16 lowercase letters and digits, "
			"starting with a letter", name);
	if (!r->title || !r->players || !r->default_scenario)
		umpire_diag(d, UMPIRE_ERROR, NULL, 0, 0, "internal error: ruleset "
			"'%s' lacks its title, players or default scenario", name);
	struct { const char *hook; bool set; } hooks[] = {
		{ "create", r->create != NULL }, { "decode", r->decode != NULL },
		{ "encode", r->encode != NULL }, { "decision", r->decision != NULL },
		{ "check", r->check != NULL }, { "resolve", r->resolve != NULL },
		{ "bot", r->bot != NULL }, { "board", r->board != NULL },
		{ "picture", r->picture != NULL }, { "empty", r->empty != NULL },
	};
	for (size_t i = 0; i < sizeof(hooks) / sizeof(hooks[0]); i++)
		if (!hooks[i].set)
			umpire_diag(d, UMPIRE_ERROR, NULL, 0, 0, "internal error: "
				"ruleset '%s' has no %s hook", name, hooks[i].hook);
	/* Standing orders: what stands, and the bot's, or neither. */
	if ((r->stands != NULL) != (r->bot_standing != NULL))
		umpire_diag(d, UMPIRE_ERROR, NULL, 0, 0, "internal error: ruleset "
			"'%s' has one of the stands and bot_standing hooks but not "
			"both", name);
	/* Hidden information: all four hooks, and the secret's schema. */
	int hidden = (r->hides != NULL) + (r->secret_encode != NULL) +
	    (r->secret_decode != NULL) + (r->view != NULL);
	if (hidden != 0 && hidden != 4)
		umpire_diag(d, UMPIRE_ERROR, NULL, 0, 0, "internal error: ruleset "
			"'%s' has some of the hides, secret_encode, secret_decode and "
			"view hooks but not all four", name);
	if (hidden == 4 && r->name) {
		snprintf(schema, sizeof(schema), "%s/secret", r->name);
		if (!umpire_schema_text(schema, NULL))
			umpire_diag(d, UMPIRE_ERROR, NULL, 0, 0, "internal error: "
				"ruleset '%s' may hide, but has no built-in schema "
				"schemas/%s.yaml", name, schema);
	}
	if (r->default_scenario && !umpire_embedded_find(r->default_scenario))
		umpire_diag(d, UMPIRE_ERROR, NULL, 0, 0, "internal error: ruleset "
			"'%s': its default scenario %s is not built in", name,
			r->default_scenario);
	for (size_t i = 0; r->name && i < 3; i++) {
		snprintf(schema, sizeof(schema), "%s/%s", r->name, kinds[i]);
		if (!umpire_schema_text(schema, NULL))
			umpire_diag(d, UMPIRE_ERROR, NULL, 0, 0, "internal error: "
				"ruleset '%s' has no built-in schema schemas/%s.yaml", name,
				schema);
	}
	return d->errors - before;
}

size_t
umpire_rulesets_check(struct umpire_diags *d)
{
	size_t bad = 0;

	for (const struct umpire_ruleset *const *r = registry; *r; r++) {
		bad += umpire_ruleset_check(*r, d);
		for (const struct umpire_ruleset *const *q = registry; q < r;
		    q++)
			if ((*r)->name && (*q)->name &&
			    strcmp((*r)->name, (*q)->name) == 0) {
				umpire_diag(d, UMPIRE_ERROR, NULL, 0, 0, "internal error: "
					"two rulesets are called '%s'", (*r)->name);
				bad++;
			}
	}
	return bad;
}

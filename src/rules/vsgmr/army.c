/*
 * army.c - VSGMR's figures: their names, what they cost (sections IV, V
 * and VI), whether one may be fielded, and an army read from its file.
 *
 * Prices are whole points and a figure's price is the sum of its items,
 * so a force's total is exact and the same everywhere.  An army file
 * arrives valid under schemas/vsgmr/army.yaml (types, names, ranges);
 * what is checked here is what a schema cannot say: one commander, a
 * trait written twice under its two names, ids unique once the lines
 * with a count are numbered, and the rulings on what a kind may buy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vsgmr.h"

const char *const vs_kind_names[VS_KINDS] = {
	"troop", "hero", "cavalry", "vehicle",
};
const char *const vs_kind_titles[VS_KINDS] = {
	"Troop guy", "Hero guy", "Cavalry", "Vehicle",
};
const char *const vs_armor_names[3] = { "none", "light", "heavy" };
const char *const vs_trait_names[VS_TRAITS] = {
	"area-effect-attack", "cause-fear", "combat-master", "double-strike",
	"flight", "ignores-armor", "independent", "inspiration", "recruit",
	"revenge", "sharpshooter", "summon", "tough",
};
const char *const vs_trait_titles[VS_TRAITS] = {
	"Area Effect Attack", "Cause Fear", "Combat Master", "Double Strike",
	"Flight", "Ignores Armor", "Independent", "Inspiration", "Recruit",
	"Revenge", "Sharpshooter", "Summon", "Tough",
};
const char *const vs_power_names[VS_POWERS] = {
	"super-armor", "super-blast", "super-brawl", "super-move", "super-skill",
};
const char *const vs_power_titles[VS_POWERS] = {
	"Super-Armor", "Super-Blast", "Super-Brawl", "Super-Move", "Super-Skill",
};
const char *const vs_level_names[VS_LEVELS] = {
	"none", "minor", "major", "superior",
};
const char *const vs_level_titles[VS_LEVELS] = {
	"", "Minor", "Major", "Superior",
};

/* Section VI: each power's price at Minor, Major and Superior. */
static const int power_price[VS_POWERS][VS_LEVELS] = {
	[VS_SUPER_ARMOR] = { 0, 3, 4, 5 },
	[VS_SUPER_BLAST] = { 0, 2, 3, 4 },
	[VS_SUPER_BRAWL] = { 0, 2, 3, 4 },
	[VS_SUPER_MOVE] = { 0, 2, 3, 4 },
	[VS_SUPER_SKILL] = { 0, 1, 2, 3 },
};

/* Section IV: a troop 1, a hero 2, cavalry 2, a vehicle 3. */
static const int kind_price[VS_KINDS] = { 1, 2, 2, 3 };

static const char weapon_master_title[] = "Weapon Master";
static const char weapon_master_name[] = "weapon-master";

void
vs_profile_init(struct vs_profile *p, enum vs_kind kind)
{
	memset(p, 0, sizeof(*p));
	p->kind = kind;
	if (kind == VS_CAVALRY || kind == VS_VEHICLE)
		p->armor = VS_LIGHT;		/* IV: free */
	if (kind == VS_VEHICLE)
		p->carries = 4;			/* VS-7 */
}

enum vs_armor
vs_armor_of(const struct vs_profile *p)
{
	if (p->commander && p->kind == VS_HERO)
		return VS_HEAVY;		/* VS-3 */
	return p->armor;
}

unsigned
vs_power_die(const struct vs_profile *p, enum vs_power pw)
{
	static const unsigned die[VS_LEVELS] = { 6, 8, 10, 12 };

	return die[p->power[pw] < VS_LEVELS ? p->power[pw] : VS_NOT];
}

/* ---------------------------------------------------------------- prices */

static void
item(struct vs_price *out, int points, const char *fmt, const char *a,
	const char *b)
{
	snprintf(out->item[out->n].what, sizeof(out->item[0].what), fmt, a, b);
	out->item[out->n].points = points;
	out->total += points;
	out->n++;
}

/* A guy's armour: light 1, heavy 2; cavalry's and a vehicle's: light free, heavy 1. */
static int
armor_price(const struct vs_profile *p)
{
	if (vs_is_guy(p))
		return p->armor == VS_HEAVY ? 2 : p->armor == VS_LIGHT ? 1 : 0;
	return p->armor == VS_HEAVY ? 1 : 0;
}

void
vs_price(const struct vs_profile *p, struct vs_price *out)
{
	out->total = 0;
	out->n = 0;
	item(out, kind_price[p->kind], "%s%s", vs_kind_titles[p->kind], "");
	if (p->distance)
		item(out, 1, "%s%s", "Distance attack", "");
	if (p->commander && p->kind == VS_HERO)
		item(out, 0, "%s%s", "Heavy Armor", " (the commander's, free)");
	else if (p->armor == VS_HEAVY)
		item(out, armor_price(p), "%s%s", "Heavy Armor", "");
	else if (p->armor == VS_LIGHT)
		item(out, armor_price(p), "%s%s", "Light Armor",
			vs_is_guy(p) ? "" : " (free)");
	if (p->automatic)
		item(out, 1, "%s%s", "Automatic Fire", "");
	for (int t = 0; t < VS_TRAITS; t++)
		if (vs_has(p, t))
			item(out, VS_TRAIT_PRICE, "%s%s", t == VS_COMBAT_MASTER &&
				p->weapon_master ? weapon_master_title :
				vs_trait_titles[t], " trait");
	for (int w = 0; w < VS_POWERS; w++)
		if (p->power[w] != VS_NOT && p->power[w] < VS_LEVELS)
			item(out, power_price[w][p->power[w]], "%s %s",
				vs_level_titles[p->power[w]], vs_power_titles[w]);
}

/* ------------------------------------------------------------ what may be */

const char *
vs_profile_refused(const struct vs_profile *p, char *why, size_t n)
{
	if (p->commander && !vs_is_guy(p)) {
		umpire_refuse(why, n, "a commander is a guy, a troop or a hero "
			"(VS-3)");
		return "commander";
	}
	if (p->commander && p->kind == VS_HERO && p->armor == VS_LIGHT) {
		umpire_refuse(why, n, "a hero commander has heavy armor for "
			"nothing: write armor: heavy, or leave armor out (VS-3)");
		return "armor";
	}
	if (!vs_is_guy(p) && p->armor == VS_NO_ARMOR) {
		umpire_refuse(why, n, "%s has light armor for nothing: write "
			"armor: light or heavy, or leave armor out (VS-2)",
			p->kind == VS_CAVALRY ? "cavalry" : "a vehicle");
		return "armor";
	}
	if (vs_has(p, VS_INDEPENDENT) && vs_is_guy(p)) {
		umpire_refuse(why, n, "Independent is for cavalry and vehicles, "
			"not guys (VS-4)");
		return "traits";
	}
	if (p->power[VS_SUPER_SKILL] != VS_NOT && !vs_is_guy(p)) {
		umpire_refuse(why, n, "only guys can have Super-Skill (VS-4)");
		return "powers";
	}
	if (p->carries && vs_is_guy(p)) {
		umpire_refuse(why, n, "a guy carries nobody: carries is for "
			"cavalry and vehicles (VS-7)");
		return "carries";
	}
	if (p->kind == VS_CAVALRY && p->carries > 2) {
		umpire_refuse(why, n, "cavalry carries its rider and at most 2 "
			"more guys (VS-7)");
		return "carries";
	}
	if (p->carries < 0 || p->carries > VS_MAX_CARRY) {
		umpire_refuse(why, n, "carries is from 0 to %d (VS-7)",
			VS_MAX_CARRY);
		return "carries";
	}
	return NULL;
}

const char *
vs_profile_warning(const struct vs_profile *p, char *why, size_t n)
{
	if (p->automatic && !p->distance) {
		umpire_refuse(why, n, "automatic fire changes nothing for a "
			"figure without a distance attack (VS-6)");
		return "automatic";
	}
	if ((vs_has(p, VS_SHARPSHOOTER) || vs_has(p, VS_AREA_EFFECT)) &&
	    !p->distance) {
		umpire_refuse(why, n, "%s changes nothing for a figure without "
			"a distance attack (VS-6)", vs_has(p, VS_SHARPSHOOTER) ?
			"Sharpshooter" : "Area Effect Attack");
		return "traits";
	}
	if (vs_has(p, VS_TOUGH) && vs_armor_of(p) == VS_NO_ARMOR) {
		umpire_refuse(why, n, "Tough changes nothing for a figure "
			"without armor: it makes no armor roll (VS-6)");
		return "traits";
	}
	if (p->power[VS_SUPER_BLAST] != VS_NOT && !p->distance) {
		umpire_refuse(why, n, "Super-Blast changes nothing for a figure "
			"without a distance attack (VS-6)");
		return "powers";
	}
	if (p->power[VS_SUPER_ARMOR] != VS_NOT &&
	    vs_armor_of(p) == VS_NO_ARMOR) {
		umpire_refuse(why, n, "Super-Armor changes nothing for a figure "
			"without armor: it makes no armor roll (VS-6)");
		return "powers";
	}
	return NULL;
}

/* ------------------------------------------------------------ army files */

static int
name_index(const char *const *names, int n, const char *s)
{
	for (int i = 0; i < n; i++)
		if (s && strcmp(names[i], s) == 0)
			return i;
	return -1;
}

/* The node to point at for a key of a figure's map: the value, or the map. */
static const struct umpire_node *
at(const struct umpire_node *fig, const char *key)
{
	const struct umpire_node *v = key ? umpire_map_get(fig, key) : NULL;

	return v ? v : fig;
}

static bool
flag(const struct umpire_node *fig, const char *key)
{
	const struct umpire_node *v = umpire_map_get(fig, key);

	return v && v->type == UMPIRE_BOOL && v->u.b;
}

static void
read_traits(struct vs_line *l, const struct umpire_node *list,
	struct umpire_diags *d)
{
	if (!list || list->type != UMPIRE_SEQ)
		return;
	for (size_t i = 0; i < list->u.seq.n; i++) {
		const struct umpire_node *tn = list->u.seq.v[i];
		const char *s = umpire_node_cstr(tn);
		int t = name_index(vs_trait_names, VS_TRAITS, s);
		bool wm = s && strcmp(s, weapon_master_name) == 0;

		if (wm)
			t = VS_COMBAT_MASTER;	/* VS-5 */
		if (t < 0) {
			umpire_node_error(d, tn, "no such trait");
			continue;
		}
		if (vs_has(&l->profile, t)) {
			umpire_node_error(d, tn, "a figure has a trait once "
				"(VS-4)%s", t == VS_COMBAT_MASTER ? ": Weapon "
				"Master is Combat Master (VS-5)" : "");
			continue;
		}
		l->profile.traits |= 1u << t;
		l->profile.weapon_master = l->profile.weapon_master || wm;
	}
}

static void
read_powers(struct vs_line *l, const struct umpire_node *map,
	struct umpire_diags *d)
{
	if (!map || map->type != UMPIRE_MAP)
		return;
	for (size_t i = 0; i < map->u.map.n; i++) {
		const struct umpire_pair *pr = &map->u.map.v[i];
		int w = name_index(vs_power_names, VS_POWERS, pr->key->u.s.ptr);
		int v = name_index(vs_level_names, VS_LEVELS,
			umpire_node_cstr(pr->val));

		if (w < 0 || v <= VS_NOT) {
			umpire_node_error(d, w < 0 ? pr->key : pr->val,
				w < 0 ? "no such super power" :
				"a super power is minor, major or superior");
			continue;
		}
		l->profile.power[w] = (unsigned char)v;
	}
}

static void
read_line(struct vs_line *l, struct umpire_arena *a,
	const struct umpire_node *fig, struct umpire_diags *d)
{
	const struct umpire_node *armor = umpire_map_get(fig, "armor");
	const struct umpire_node *carries = umpire_map_get(fig, "carries");
	const struct umpire_node *count = umpire_map_get(fig, "count");
	int kind = name_index(vs_kind_names, VS_KINDS,
		umpire_node_cstr(umpire_map_get(fig, "type")));
	int arm;
	char why[200];
	const char *key;

	l->node = fig;
	l->id = umpire_arena_strdup(a, umpire_node_cstr(
		umpire_map_get(fig, "id")) ? umpire_node_cstr(
		umpire_map_get(fig, "id")) : "");
	l->name = umpire_node_cstr(umpire_map_get(fig, "name"));
	if (l->name)
		l->name = umpire_arena_strdup(a, l->name);
	l->count = (int)umpire_node_integer(count, 1);
	if (kind < 0) {
		umpire_node_error(d, at(fig, "type"), "a figure's type is troop, "
			"hero, cavalry or vehicle (VS-1)");
		kind = VS_TROOP;
	}
	vs_profile_init(&l->profile, kind);
	l->profile.commander = flag(fig, "commander");
	l->profile.distance = flag(fig, "distance");
	l->profile.automatic = flag(fig, "automatic");
	if (armor) {
		arm = name_index(vs_armor_names, 3, umpire_node_cstr(armor));
		if (arm < 0)
			umpire_node_error(d, armor, "armor is none, light or heavy");
		else if (l->profile.commander && kind == VS_HERO &&
		    arm != VS_HEAVY)
			umpire_node_error(d, armor, "a hero commander has heavy "
				"armor for nothing: write armor: heavy, or leave "
				"armor out (VS-3)");
		else
			l->profile.armor = arm;
	}
	if (carries)
		l->profile.carries = (int)umpire_node_integer(carries, 0);
	read_traits(l, umpire_map_get(fig, "traits"), d);
	read_powers(l, umpire_map_get(fig, "powers"), d);
	if (l->count < 1 || l->count > VS_MAX_COUNT) {
		umpire_node_error(d, at(fig, "count"), "count is from 1 to %d",
			VS_MAX_COUNT);
		l->count = 1;
	}
	if (l->count > 1 && strlen(l->id) + 1 + (size_t)snprintf(NULL, 0,
	    "%d", l->count) > VS_MAX_ID)
		umpire_node_error(d, at(fig, "id"), "with count: %d, an id is "
			"at most %d characters, so that its last figure's id, "
			"%s-%d, is at most %d", l->count, VS_MAX_ID - 1 -
			snprintf(NULL, 0, "%d", l->count), "ID", l->count,
			VS_MAX_ID);
	if (l->profile.commander && l->count != 1)
		umpire_node_error(d, at(fig, "count"), "a commander is one "
			"figure: leave count out (VS-3)");
	if ((key = vs_profile_refused(&l->profile, why, sizeof(why))))
		umpire_node_error(d, at(fig, key), "%s", why);
	if ((key = vs_profile_warning(&l->profile, why, sizeof(why))))
		umpire_node_warning(d, at(fig, key), "%s", why);
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Whether id ends as a numbered line's figures do: "-" and digits. */
static bool
numbered(const char *id)
{
	const char *dash = strrchr(id, '-');

	return dash && dash[1] && strspn(dash + 1, "0123456789") ==
		strlen(dash + 1);
}

/*
 * The last line whose figures include id: where to point at a clash;
 * *from_count says whether a line that numbers its figures has it.
 */
static const struct umpire_node *
line_with(const struct vs_army *army, const char *id, bool *from_count)
{
	const struct umpire_node *found = NULL;

	for (int j = 0; j < army->nlines; j++) {
		const struct vs_line *l = &army->lines[j];
		size_t len = strlen(l->id);
		if (l->count == 1 ? strcmp(l->id, id) == 0 :
		    strncmp(l->id, id, len) == 0 && id[len] == '-' &&
		    numbered(id + len) && atoi(id + len + 1) >= 1 &&
		    atoi(id + len + 1) <= l->count) {
			found = l->node;
			*from_count = *from_count || l->count > 1;
		}
	}
	return found;
}

/* Every figure's id, the lines with a count numbered: soldier-1, ... */
static void
check_ids(const struct vs_army *army, struct umpire_arena *a,
	struct umpire_diags *d)
{
	const char **ids = umpire_arena_alloc(a, (size_t)army->figures *
		sizeof(*ids));
	int n = 0;

	for (int i = 0; i < army->nlines; i++) {
		const struct vs_line *l = &army->lines[i];
		for (int k = 1; k <= l->count; k++)
			ids[n++] = l->count == 1 ? l->id :
				umpire_arena_printf(a, "%s-%d", l->id, k);
	}
	qsort(ids, (size_t)n, sizeof(*ids), cmp_str);
	for (int i = 1; i < n; i++) {
		bool from_count = false;
		const struct umpire_node *where;
		if (strcmp(ids[i - 1], ids[i]) != 0 ||
		    (i > 1 && strcmp(ids[i - 2], ids[i]) == 0))
			continue;
		where = line_with(army, ids[i], &from_count);
		umpire_node_error(d, at(where, "id"), "two figures have the "
			"id \"%s\"%s", ids[i], from_count ? " (a line with a "
			"count numbers its figures: ID-1, ID-2, ...)" : "");
	}
}

int
vs_army_read(struct vs_army *out, struct umpire_arena *a,
	const struct umpire_node *root, struct umpire_diags *d)
{
	const struct umpire_node *figs = umpire_map_get(root, "figures");
	size_t errors = d->errors;
	const struct vs_line *commander = NULL;

	memset(out, 0, sizeof(*out));
	out->name = umpire_node_cstr(umpire_map_get(root, "army"));
	if (out->name)
		out->name = umpire_arena_strdup(a, out->name);
	if (!figs || figs->type != UMPIRE_SEQ || figs->u.seq.n == 0) {
		umpire_node_error(d, figs ? figs : root, "an army has figures");
		return -1;
	}
	out->lines = umpire_arena_alloc(a, figs->u.seq.n * sizeof(*out->lines));
	for (size_t i = 0; i < figs->u.seq.n; i++) {
		struct vs_line *l = &out->lines[out->nlines++];
		struct vs_price price;

		read_line(l, a, figs->u.seq.v[i], d);
		vs_price(&l->profile, &price);
		if (out->figures + l->count > VS_MAX_FIGURES) {
			umpire_node_error(d, l->node, "an army has at most %d "
				"figures", VS_MAX_FIGURES);
			out->nlines--;
			return -1;
		}
		out->figures += l->count;
		out->points += l->count * price.total;
		if (l->profile.commander && commander)
			umpire_node_error(d, at(l->node, "commander"), "an army "
				"has one commander, and %s is it (VS-3)",
				commander->id);
		else if (l->profile.commander)
			commander = l;
	}
	if (!commander)
		umpire_node_error(d, figs, "an army names one guy its commander: "
			"give him commander: true (VS-3)");
	check_ids(out, a, d);
	return d->errors > errors ? -1 : 0;
}

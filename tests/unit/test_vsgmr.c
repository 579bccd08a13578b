/*
 * test_vsgmr - VSGMR's figures and armies (src/rules/vsgmr/army.c): the
 * price of every item of sections IV, V and VI; the 14 sample armies of
 * section VII priced line by line against the figures the rulebook
 * prints (tests/vsgmr/armies.yaml, written from the rulebook by hand);
 * and every army umpire refuses or warns about, with its diagnostic.
 */
#include "doc/schema.h"
#include "rules/vsgmr/vsgmr.h"
#include "unit.h"

/* ---------------------------------------------------------------- prices */

static struct vs_profile
fig(enum vs_kind kind)
{
	struct vs_profile p;

	vs_profile_init(&p, kind);
	return p;
}

static int
price(const struct vs_profile *p)
{
	struct vs_price pr;
	int sum = 0;

	vs_price(p, &pr);
	for (int i = 0; i < pr.n; i++)
		sum += pr.item[i].points;
	assert_int_equal(sum, pr.total);	/* the items add up */
	return pr.total;
}

static void
kinds(void **state)
{
	(void)state;
	struct vs_profile t = fig(VS_TROOP), h = fig(VS_HERO);
	struct vs_profile c = fig(VS_CAVALRY), v = fig(VS_VEHICLE);

	/* IV: 1, 2, 2, 3, cavalry and vehicles with light armour free. */
	assert_int_equal(price(&t), 1);
	assert_int_equal(price(&h), 2);
	assert_int_equal(price(&c), 2);
	assert_int_equal(price(&v), 3);
	assert_int_equal(c.armor, VS_LIGHT);
	assert_int_equal(v.armor, VS_LIGHT);
	assert_int_equal(t.armor, VS_NO_ARMOR);
	/* VS-7: cavalry carries its rider only, a vehicle 4 more. */
	assert_int_equal(c.carries, 0);
	assert_int_equal(v.carries, 4);
}

static void
options(void **state)
{
	(void)state;
	for (int k = 0; k < VS_KINDS; k++) {
		struct vs_profile p = fig(k);
		int base = price(&p);
		bool guy = k == VS_TROOP || k == VS_HERO;

		p.distance = true;
		assert_int_equal(price(&p), base + 1);
		p.automatic = true;
		assert_int_equal(price(&p), base + 2);
		p.armor = VS_HEAVY;
		assert_int_equal(price(&p), base + 2 + (guy ? 2 : 1));
		p.armor = VS_LIGHT;
		assert_int_equal(price(&p), base + 2 + (guy ? 1 : 0));
	}
}

static void
commander(void **state)
{
	(void)state;
	struct vs_profile h = fig(VS_HERO), t = fig(VS_TROOP);
	struct vs_price pr;

	/* VS-3: a hero commander's heavy armour is free and is worn. */
	h.commander = true;
	assert_int_equal(price(&h), 2);
	assert_int_equal(vs_armor_of(&h), VS_HEAVY);
	h.armor = VS_HEAVY;
	assert_int_equal(price(&h), 2);
	vs_price(&h, &pr);
	assert_string_equal(pr.item[1].what, "Heavy Armor (the commander's, free)");
	assert_int_equal(pr.item[1].points, 0);
	/* A troop commander pays for his. */
	t.commander = true;
	assert_int_equal(vs_armor_of(&t), VS_NO_ARMOR);
	t.armor = VS_HEAVY;
	assert_int_equal(price(&t), 3);
}

static void
traits_and_powers(void **state)
{
	(void)state;
	/* VI's table, Minor, Major, Superior. */
	static const int want[VS_POWERS][3] = {
		{ 3, 4, 5 }, { 2, 3, 4 }, { 2, 3, 4 }, { 2, 3, 4 }, { 1, 2, 3 },
	};
	static const unsigned die[4] = { 6, 8, 10, 12 };

	for (int t = 0; t < VS_TRAITS; t++) {
		struct vs_profile p = fig(VS_VEHICLE);
		p.traits = 1u << t;
		assert_int_equal(price(&p), 3 + 2);
	}
	struct vs_profile all = fig(VS_VEHICLE);
	all.traits = (1u << VS_TRAITS) - 1;
	assert_int_equal(price(&all), 3 + 2 * 13);
	for (int w = 0; w < VS_POWERS; w++)
		for (int lv = VS_MINOR; lv <= VS_SUPERIOR; lv++) {
			struct vs_profile p = fig(VS_HERO);
			assert_int_equal(vs_power_die(&p, w), 6);
			p.power[w] = (unsigned char)lv;
			assert_int_equal(price(&p), 2 + want[w][lv - 1]);
			assert_int_equal(vs_power_die(&p, w), die[lv]);
		}
}

static void
weapon_master_title(void **state)
{
	(void)state;
	struct vs_profile p = fig(VS_HERO);
	struct vs_price pr;

	p.commander = true;
	p.traits = 1u << VS_COMBAT_MASTER;
	p.weapon_master = true;
	vs_price(&p, &pr);
	assert_int_equal(pr.total, 4);		/* the Orcs' Warlord */
	assert_string_equal(pr.item[2].what, "Weapon Master trait");
	p.weapon_master = false;
	vs_price(&p, &pr);
	assert_string_equal(pr.item[2].what, "Combat Master trait");
}

/* -------------------------------------------------------- army files */

struct read {
	struct umpire_arena a;
	struct umpire_diags d;
	struct vs_army army;
	int rc;
};

static void
read_army(struct read *r, const char *file, const char *text)
{
	struct umpire_node *root = NULL;

	memset(r, 0, sizeof(*r));
	r->d = (struct umpire_diags)UMPIRE_DIAGS_INIT;
	if (umpire_yaml_parse(&root, &r->a, file, text, strlen(text), NULL,
	    &r->d) != 0)
		fail_msg("%s does not parse", file);
	if (umpire_schema_validate("vsgmr/army", root, &r->d)) {
		char *msg = diags_text(&r->d);
		fail_msg("%s fails its schema:\n%s", file, msg);
	}
	r->rc = vs_army_read(&r->army, &r->a, root, &r->d);
}

static void
read_done(struct read *r)
{
	umpire_diags_free(&r->d);
	umpire_arena_free(&r->a);
}

static int
cmp_cstr(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

static const struct vs_line *
line(const struct vs_army *army, const char *id)
{
	for (int i = 0; i < army->nlines; i++)
		if (strcmp(army->lines[i].id, id) == 0)
			return &army->lines[i];
	fail_msg("no line %s", id);
	return NULL;
}

/*
 * What a line is, as the rulebook prints it ("Troop guy, Heavy Armor,
 * Inspiration trait"), is exactly the items umpire charges for:
 * "Commander" is a hero guy with commander: true (VII: "All commanders
 * are hero guys"), a super power is named without "super power", and
 * what is free (a commander's heavy armour, cavalry's light) is not
 * printed.
 */
static void
same_items(const char *file, const struct vs_line *l, const char *book,
	const struct vs_price *pr)
{
	char want[400], got[400] = "";
	bool commander = false;

	assert_non_null(book);
	want[0] = 0;
	for (const char *p = book; *p; ) {
		size_t n = strcspn(p, ",");
		char item[80];
		snprintf(item, sizeof(item), "%.*s", (int)n, p);
		char *sp = strstr(item, " super power");
		if (sp)
			*sp = 0;
		if (strcmp(item, "Commander") == 0) {
			commander = true;
			strcpy(item, "Hero guy");
		}
		strcat(want, item);
		strcat(want, ";");
		p += n;
		p += strspn(p, ", ");
	}
	for (int i = 0; i < pr->n; i++)
		if (pr->item[i].points) {
			strcat(got, pr->item[i].what);
			strcat(got, ";");
		}
	/* The book's order is not always the rulebook's item order: sort. */
	char *a[32], *b[32];
	int na = 0, nb = 0;
	for (char *t = strtok(want, ";"); t; t = strtok(NULL, ";"))
		a[na++] = t;
	for (char *t = strtok(got, ";"); t; t = strtok(NULL, ";"))
		b[nb++] = t;
	qsort(a, (size_t)na, sizeof(*a), cmp_cstr);
	qsort(b, (size_t)nb, sizeof(*b), cmp_cstr);
	bool same = na == nb;
	for (int i = 0; same && i < na; i++)
		same = strcmp(a[i], b[i]) == 0;
	if (!same || commander != l->profile.commander) {
		char text[400] = "";
		for (int i = 0; i < nb; i++) {
			strcat(text, b[i]);
			strcat(text, ", ");
		}
		fail_msg("%s: %s is \"%s\" in the book; umpire charges for %s"
			"%s", file, l->id, book, text, commander !=
			l->profile.commander ? " (commander differs)" : "");
	}
}

/*
 * Section VII: every line at its printed price, every heading at its
 * printed total and number of figures, but the two misprints of VS-8,
 * whose headings must differ from the lines as the ruling says.
 */
static void
sample_armies(void **state)
{
	(void)state;
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_node *book = NULL;
	size_t len;
	char *text = slurp("tests/vsgmr/armies.yaml", &len);
	int armies = 0, misprints = 0, warnings = 0;

	assert_int_equal(umpire_yaml_parse(&book, &a, "tests/vsgmr/armies.yaml",
		text, len, NULL, &d), 0);
	for (size_t i = 0; i < book->u.seq.n; i++) {
		const struct umpire_node *e = book->u.seq.v[i];
		const char *file = umpire_node_cstr(umpire_map_get(e, "file"));
		const struct umpire_node *head = umpire_map_get(e, "heading");
		const struct umpire_node *lines = umpire_map_get(e, "lines");
		bool misprint = umpire_map_get(e, "misprint") != NULL;
		char *army_text = slurp(file, NULL);
		struct read r;
		int sum = 0, figures = 0;

		read_army(&r, file, army_text);
		if (r.rc != 0 || r.d.errors) {
			char *msg = diags_text(&r.d);
			fail_msg("%s:\n%s", file, msg);
		}
		warnings += (int)r.d.n;
		assert_int_equal(lines->u.seq.n, (size_t)r.army.nlines);
		for (size_t k = 0; k < lines->u.seq.n; k++) {
			const struct umpire_node *ln = lines->u.seq.v[k];
			const struct vs_line *l = line(&r.army,
				umpire_node_cstr(umpire_map_get(ln, "id")));
			long long each = umpire_node_integer(
				umpire_map_get(ln, "each"), -1);
			long long count = umpire_node_integer(
				umpire_map_get(ln, "count"), 1);
			const struct umpire_node *total = umpire_map_get(ln,
				"total");
			struct vs_price pr;

			vs_price(&l->profile, &pr);
			same_items(file, l, umpire_node_cstr(umpire_map_get(ln,
				"book")), &pr);
			if (pr.total != each)
				fail_msg("%s: %s costs %d, the book prints %lld",
					file, l->id, pr.total, each);
			assert_int_equal(l->count, count);
			if (total)
				assert_int_equal(l->count * pr.total,
					umpire_node_integer(total, -1));
			sum += l->count * pr.total;
			figures += l->count;
		}
		assert_int_equal(r.army.points, sum);
		assert_int_equal(r.army.figures, figures);
		long long hp = umpire_node_integer(umpire_map_get(head,
			"points"), -1);
		long long hf = umpire_node_integer(umpire_map_get(head,
			"figures"), -1);
		if (misprint) {
			assert_true(hp != sum || hf != figures);
			misprints++;
		} else {
			if (hp != sum || hf != figures)
				fail_msg("%s: %d points, %d figures; the heading "
					"prints %lld and %lld", file, sum, figures,
					hp, hf);
		}
		armies++;
		read_done(&r);
		free(army_text);
	}
	assert_int_equal(armies, 14);
	assert_int_equal(misprints, 2);
	/* The Helicopter Pilot's automatic fire (VS-6), and nothing else. */
	assert_int_equal(warnings, 1);
	free(text);
	umpire_diags_free(&d);
	umpire_arena_free(&a);
}

/* VS-8's misprints, by value: the lines umpire prices. */
static void
misprints(void **state)
{
	(void)state;
	struct read r;
	char *t = slurp("samples/vsgmr/armies/undead.yaml", NULL);

	read_army(&r, "undead.yaml", t);
	assert_int_equal(r.rc, 0);
	assert_int_equal(r.army.points, 25);
	assert_int_equal(r.army.figures, 11);
	read_done(&r);
	free(t);
	t = slurp("samples/vsgmr/armies/bug-aliens.yaml", NULL);
	read_army(&r, "bug-aliens.yaml", t);
	assert_int_equal(r.rc, 0);
	assert_int_equal(r.army.points, 22);
	assert_int_equal(r.army.figures, 5);
	read_done(&r);
	free(t);
}

/* An army and the one diagnostic it must give, whole. */
struct bad {
	const char *figures;	/* the lines after "figures:\n" */
	const char *diag;	/* NULL: reads with no diagnostic */
	bool warning;		/* the diagnostic is a warning, rc 0 */
};

static const struct bad bad[] = {
	{ "  - {id: boss, type: hero, commander: true}\n", NULL, false },
	{ "  - {id: boss, type: troop}\n",
	  "t.yaml:4:3: error: an army names one guy its commander: give him "
	  "commander: true (VS-3)", false },
	{ "  - {id: boss, type: hero, commander: true}\n"
	  "  - {id: twin, type: troop, commander: true}\n",
	  "t.yaml:5:40: error: an army has one commander, and boss is it "
	  "(VS-3)", false },
	{ "  - {id: boss, type: cavalry, commander: true}\n",
	  "t.yaml:4:42: error: a commander is a guy, a troop or a hero (VS-3)",
	  false },
	{ "  - {id: boss, type: hero, commander: true, armor: light}\n",
	  "t.yaml:4:52: error: a hero commander has heavy armor for nothing: "
	  "write armor: heavy, or leave armor out (VS-3)", false },
	{ "  - {id: boss, type: hero, commander: true, armor: none}\n",
	  "t.yaml:4:52: error: a hero commander has heavy armor for nothing",
	  false },
	{ "  - {id: boss, type: hero, commander: true, count: 2}\n",
	  "t.yaml:4:52: error: a commander is one figure: leave count out "
	  "(VS-3)", false },
	{ "  - {id: boss, type: hero, commander: true}\n"
	  "  - {id: nag, type: cavalry, armor: none}\n",
	  "t.yaml:5:37: error: cavalry has light armor for nothing: write "
	  "armor: light or heavy, or leave armor out (VS-2)", false },
	{ "  - {id: boss, type: hero, commander: true}\n"
	  "  - {id: g, type: troop, traits: [independent]}\n",
	  "t.yaml:5:34: error: Independent is for cavalry and vehicles, not "
	  "guys (VS-4)", false },
	{ "  - {id: boss, type: hero, commander: true}\n"
	  "  - {id: g, type: vehicle, powers: {super-skill: minor}}\n",
	  "t.yaml:5:36: error: only guys can have Super-Skill (VS-4)", false },
	{ "  - {id: boss, type: hero, commander: true}\n"
	  "  - {id: g, type: troop, carries: 1}\n",
	  "t.yaml:5:35: error: a guy carries nobody: carries is for cavalry "
	  "and vehicles (VS-7)", false },
	{ "  - {id: boss, type: hero, commander: true}\n"
	  "  - {id: g, type: cavalry, carries: 3}\n",
	  "t.yaml:5:37: error: cavalry carries its rider and at most 2 more "
	  "guys (VS-7)", false },
	{ "  - {id: boss, type: hero, commander: true}\n"
	  "  - {id: g, type: cavalry, carries: 2}\n", NULL, false },
	{ "  - {id: boss, type: hero, commander: true}\n"
	  "  - {id: g, type: vehicle, carries: 12}\n", NULL, false },
	{ "  - {id: boss, type: hero, commander: true, traits: [combat-master, "
	  "weapon-master]}\n",
	  "t.yaml:4:69: error: a figure has a trait once (VS-4): Weapon Master "
	  "is Combat Master (VS-5)", false },
	{ "  - {id: boss, type: hero, commander: true}\n"
	  "  - {id: g, type: troop, count: 3}\n"
	  "  - {id: g-2, type: troop}\n",
	  "t.yaml:6:10: error: two figures have the id \"g-2\" (a line with a count numbers its figures: ID-1, ID-2, ...)", false },
	{ "  - {id: boss, type: hero, commander: true}\n"
	  "  - {id: boss, type: troop}\n",
	  "t.yaml:5:10: error: two figures have the id \"boss\"\n", false },
	{ "  - {id: boss, type: hero, commander: true}\n"
	  "  - {id: pilot, type: troop, automatic: true}\n",
	  "t.yaml:5:41: warning: automatic fire changes nothing for a figure "
	  "without a distance attack (VS-6)", true },
	{ "  - {id: boss, type: hero, commander: true, powers: {super-blast: "
	  "major}}\n",
	  "t.yaml:4:53: warning: Super-Blast changes nothing for a figure "
	  "without a distance attack (VS-6)", true },
	{ "  - {id: boss, type: hero, commander: true}\n"
	  "  - {id: g, type: troop, powers: {super-armor: minor}}\n",
	  "t.yaml:5:34: warning: Super-Armor changes nothing for a figure "
	  "without armor: it makes no armor roll (VS-6)", true },
	/* Two lines of one figure each: no word of numbering. */
	{ "  - {id: boss, type: hero, commander: true}\n"
	  "  - {id: g-1, type: troop}\n"
	  "  - {id: g-1, type: troop}\n",
	  "t.yaml:6:10: error: two figures have the id \"g-1\"\n", false },
	/* The clash is pointed at a line that has the figure: not at a-b's
	 * stem a, whose figures are a-1 and a-2. */
	{ "  - {id: boss, type: hero, commander: true}\n"
	  "  - {id: a-b, type: troop}\n"
	  "  - {id: a-b, type: troop}\n"
	  "  - {id: a, type: troop, count: 2}\n",
	  "t.yaml:6:10: error: two figures have the id \"a-b\"\n", false },
	/* Numbered ids stay ids (16 characters at most). */
	{ "  - {id: boss, type: hero, commander: true}\n"
	  "  - {id: abcdefghijklmnop, type: troop, count: 1000}\n",
	  "t.yaml:5:10: error: with count: 1000, an id is at most 11 "
	  "characters, so that its last figure's id, ID-1000, is at most 16",
	  false },
	{ "  - {id: boss, type: hero, commander: true}\n"
	  "  - {id: abcdefghijk, type: troop, count: 1000}\n", NULL, false },
	{ "  - {id: boss, type: hero, commander: true, traits: [sharpshooter]}\n",
	  "t.yaml:4:53: warning: Sharpshooter changes nothing for a figure "
	  "without a distance attack (VS-6)", true },
	{ "  - {id: boss, type: hero, commander: true}\n"
	  "  - {id: g, type: troop, traits: [area-effect-attack]}\n",
	  "t.yaml:5:34: warning: Area Effect Attack changes nothing for a "
	  "figure without a distance attack (VS-6)", true },
	{ "  - {id: boss, type: hero, commander: true}\n"
	  "  - {id: g, type: troop, traits: [tough]}\n",
	  "t.yaml:5:34: warning: Tough changes nothing for a figure without "
	  "armor: it makes no armor roll (VS-6)", true },
	/* A hero commander wears heavy armour: Super-Armor is worth it. */
	{ "  - {id: boss, type: hero, commander: true, powers: {super-armor: "
	  "minor}}\n", NULL, false },
};

static void
refusals(void **state)
{
	(void)state;
	int wrong = 0;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char text[1024];
		struct read r;

		snprintf(text, sizeof(text), "umpire: 1\nruleset: vsgmr\n"
			"figures:\n%s", bad[i].figures);
		read_army(&r, "t.yaml", text);
		if (!bad[i].diag) {
			if (r.rc != 0 || r.d.n) {
				char *msg = diags_text(&r.d);
				fail_msg("case %zu:\n%s", i, msg);
			}
		} else {
			char *msg = diags_text(&r.d);
			if (r.rc != (bad[i].warning ? 0 : -1) || r.d.n != 1 ||
			    !strstr(msg, bad[i].diag))
				print_message("case %zu: want %s\n got %s", i,
					bad[i].diag, msg);
			wrong += r.rc != (bad[i].warning ? 0 : -1) ||
				r.d.n != 1 || !strstr(msg, bad[i].diag);
			free(msg);
		}
		read_done(&r);
	}
	assert_int_equal(wrong, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(kinds),
		cmocka_unit_test(options),
		cmocka_unit_test(commander),
		cmocka_unit_test(traits_and_powers),
		cmocka_unit_test(weapon_master_title),
		cmocka_unit_test(sample_armies),
		cmocka_unit_test(misprints),
		cmocka_unit_test(refusals),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
 * test_vsgmr_board - a VSGMR game as text and as a picture
 * (src/rules/vsgmr/board.c, picture.c): a small table and a small map,
 * each drawn and listed exactly; every mark of the key; a figure in
 * each state (riding, in flight, defeated, off, waiting, recruited);
 * players told apart when their ids begin alike; and the picture a
 * whole document with a group for every figure on the surface.
 */
#include "doc/schema.h"
#include "rules/vsgmr/vsgmr.h"
#include "unit.h"

struct fx {
	struct umpire_arena a;
	struct umpire_diags d;
	struct vs_game g;
	struct umpire_buf out;
};

static void
load(struct fx *x, const char *text)
{
	struct umpire_node *root = NULL;

	memset(x, 0, sizeof(*x));
	x->d = (struct umpire_diags)UMPIRE_DIAGS_INIT;
	if (umpire_yaml_parse(&root, &x->a, "s.yaml", text, strlen(text), NULL,
	    &x->d) != 0 || umpire_schema_validate("vsgmr/scenario", root,
	    &x->d) || vs_scenario_read(&x->g, &x->a, root, &x->d) != 0) {
		char *msg = diags_text(&x->d);
		fail_msg("%s\n%s", msg, text);
	}
	for (int i = 0; i < x->g.nfigures; i++)
		x->g.figure[i].by = x->g.figure[i].left = -1;
	vs_round_init(&x->g.pos, x->g.nplayers, x->g.ending.rounds,
		x->g.ending.end);
}

static void
done(struct fx *x)
{
	umpire_buf_free(&x->out);
	umpire_diags_free(&x->d);
	umpire_arena_free(&x->a);
}

static int
fig(const struct fx *x, const char *id)
{
	for (int i = 0; i < x->g.nfigures; i++)
		if (strcmp(x->g.figure[i].id, id) == 0)
			return i;
	fail_msg("no figure %s", id);
	return -1;
}

static const char *
board(struct fx *x)
{
	umpire_buf_clear(&x->out);
	vs_board(&x->out, &x->g);
	return x->out.len ? x->out.ptr : "";
}

/* A 10" x 20" table: cells of 2", north up; a house (#), a fence (+), a
 * wood ("), a pond (~), an object (*). */
static const char small_table[] =
	"umpire: 1\n"
	"ruleset: vsgmr\n"
	"title: small\n"
		"points: any\n"
	"players:\n"
	"  red: {}\n"
	"  rose: {}\n"
	"table: {width: 10, depth: 20}\n"
	"features:\n"
	"  - {id: house, does: [barrier, cover], corner: [0, 2], size: [2, 2]}\n"
	"  - {id: fence, does: [barrier], corner: [4, 0.5], size: [4, 0.25]}\n"
	"  - {id: wood, does: [cover, rough], corner: [8, 16], size: [2, 2]}\n"
	"  - {id: pond, does: [rough], corner: [2, 10], size: [2, 2]}\n"
	"objects:\n"
	"  - {id: gem, at: [5, 9]}\n"
	"forces:\n"
	"  red:\n"
	"    edge: south\n"
	"    figures:\n"
	"      - {id: cap, type: hero, commander: true, at: [1, 0.5], "
	"facing: [0, 1]}\n"
	"      - {id: horse, type: cavalry, at: [9, 1], base: 1.5}\n"
	"      - {id: rider, type: troop, rides: horse}\n"
	"  rose:\n"
	"    edge: north\n"
	"    figures:\n"
	"      - {id: boss, type: hero, commander: true, traits: [flight], "
	"at: [7, 19.5]}\n"
	"      - {id: imp, type: troop, count: 2, at: [[3, 19.5], [5, 19.5]]}\n";

static void
table_board(void **state)
{
	(void)state;
	struct fx x;

	load(&x, small_table);
	/* Two ids begin with r: their seats' digits instead. */
	assert_int_equal(vs_mark(&x.g, 0), '1');
	assert_int_equal(vs_mark(&x.g, 1), '2');
	/* Row by row from the north: the imps and the boss at 19.5"; the
	 * wood; the pond; the gem; the house; the captain, the fence (thin:
	 * drawn along the middle of its box) and the horse under its rider,
	 * in the south-east corner. */
	assert_string_equal(board(&x),
		"+-----+\n"
		"|.222.|\n"
		"|....\"|\n"
		"|.....|\n"
		"|.....|\n"
		"|.~...|\n"
		"|..*..|\n"
		"|.....|\n"
		"|.....|\n"
		"|#....|\n"
		"|1.++1|\n"
		"+-----+\n"
		"(one character: 2\"; north up)\n"
		"1 red: 0 points scored\n"
		"  cap              hero    (1, 0.5) facing [0, 1]\n"
		"  horse            cavalry (9, 1)\n"
		"  rider            troop   (9, 1) riding horse\n"
		"2 rose: 0 points scored\n"
		"  boss             hero    (7, 19.5)\n"
		"  imp-1            troop   (3, 19.5)\n"
		"  imp-2            troop   (5, 19.5)\n"
		"* gem on the ground at (5, 9)\n");

	/* A round under way, and every state a figure can be in. */
	struct vs_game *g = &x.g;
	g->pos.round = 2;
	g->pos.rounds = 5;
	g->pos.phase = VS_PHASE_HAND;
	g->player[0].score = 1;
	g->figure[fig(&x, "boss")].flying = true;
	g->figure[fig(&x, "boss")].moved = true;
	g->figure[fig(&x, "cap")].attacked = true;
	g->figure[fig(&x, "cap")].skilled = true;
	g->figure[fig(&x, "imp-1")].where = VS_DEFEATED;
	g->figure[fig(&x, "imp-1")].by = 0;
	g->figure[fig(&x, "imp-2")].owner = 0;
	g->figure[fig(&x, "imp-2")].fresh = true;
	g->figure[fig(&x, "horse")].where = VS_OFF;
	g->figure[fig(&x, "horse")].left = VS_EAST;
	g->figure[fig(&x, "rider")].mount = -1;
	g->object[0].holder = fig(&x, "cap");
	g->feature[0].removed = true;
	g->feature[1].hits = 1;
	/* imp-1 gone, imp-2 red's now; the gem carried; the house gone. */
	assert_string_equal(board(&x),
		"+-----+\n"
		"|..12.|\n"
		"|....\"|\n"
		"|.....|\n"
		"|.....|\n"
		"|.~...|\n"
		"|.....|\n"
		"|.....|\n"
		"|.....|\n"
		"|.....|\n"
		"|1.++1|\n"
		"+-----+\n"
		"(one character: 2\"; north up)\n"
		"Round 2 of 5, hand-to-hand.\n"
		"1 red: 1 point scored\n"
		"  cap              hero    (1, 0.5) facing [0, 1] [attacked, "
		"skill roll], carries gem\n"
		"  horse            cavalry off the playing surface by the east "
		"edge\n"
		"  rider            troop   (9, 1)\n"
		"  imp-2            troop   (5, 19.5) [fresh]\n"
		"2 rose: 0 points scored\n"
		"  boss             hero    (7, 19.5), in flight [moved]\n"
		"  imp-1            troop   defeated (for red)\n"
		"house: destroyed\n"
		"fence: 1 successful hit\n");
	done(&x);
}

/* A map of 6 files by 16 ranks at 25mm: a building, a fence, rubble, a
 * mine's darkness, rocks; a 2 x 2 vehicle; a rider on its horse. */
static const char small_map[] =
	"umpire: 1\n"
	"ruleset: vsgmr\n"
	"title: small map\n"
		"points: any\n"
	"players:\n"
	"  north: {}\n"
	"  south: {}\n"
	"map: {files: 6, ranks: 16, scale: 25mm}\n"
	"features:\n"
	"  - {id: hut, kind: building, squares: [c8]}\n"
	"  - {id: fence, kind: partial, squares: [d8]}\n"
	"  - {id: rubble, kind: difficult, squares: [e8]}\n"
	"  - {id: mine, kind: darkness, squares: [f8]}\n"
	"  - {id: rocks, kind: small, squares: [a8]}\n"
	"objects:\n"
	"  - {id: gem, at: a2}\n"
	"forces:\n"
	"  south:\n"
	"    edge: south\n"
	"    figures:\n"
	"      - {id: cap, type: hero, commander: true, at: a1}\n"
	"      - {id: tank, type: vehicle, traits: [independent], size: 2, "
	"at: b1}\n"
	"  north:\n"
	"    edge: north\n"
	"    figures:\n"
	"      - {id: boss, type: hero, commander: true, at: f16}\n"
	"      - {id: horse, type: cavalry, at: d16}\n"
	"      - {id: rider, type: troop, rides: horse}\n";

static void
map_board(void **state)
{
	(void)state;
	struct fx x;

	load(&x, small_map);
	/* North up; the tank's four spaces; the horse under its rider. */
	assert_string_equal(board(&x),
		" 16 ...N.N\n"
		" 15 ......\n"
		" 14 ......\n"
		" 13 ......\n"
		" 12 ......\n"
		" 11 ......\n"
		" 10 ......\n"
		"  9 ......\n"
		"  8 ,.#+~:\n"
		"  7 ......\n"
		"  6 ......\n"
		"  5 ......\n"
		"  4 ......\n"
		"  3 ......\n"
		"  2 *ss...\n"
		"  1 Sss...\n"
		"    abcdef\n"
		"N north: 0 points scored\n"
		"  boss             hero    f16\n"
		"  horse            cavalry d16\n"
		"  rider            troop   d16 riding horse\n"
		"S south: 0 points scored\n"
		"  cap              hero    a1\n"
		"  tank             vehicle b1\n"
		"* gem on the ground at a2\n");
	done(&x);
}

/* The picture: a whole document, a group for each figure on the surface
 * and none for the others, the same bytes twice. */
static void
picture(void **state)
{
	(void)state;
	const char *const texts[] = { small_table, small_map };

	for (int k = 0; k < 2; k++) {
		struct fx x;
		struct umpire_buf doc[2] = { UMPIRE_BUF_INIT, UMPIRE_BUF_INIT };
		load(&x, texts[k]);
		x.g.figure[fig(&x, "boss")].where = VS_DEFEATED;
		for (int pass = 0; pass < 2; pass++) {
			struct umpire_svg s = UMPIRE_SVG_INIT;
			vs_picture(&s, &x.g, NULL, NULL);
			assert_true(s.width >= 760);
			umpire_svg_document(&doc[pass], &s, s.width, s.height, "t");
			umpire_svg_free(&s);
		}
		assert_int_equal(doc[0].len, doc[1].len);
		assert_memory_equal(doc[0].ptr, doc[1].ptr, doc[0].len);
		umpire_buf_putc(&doc[0], '\0');
		assert_non_null(strstr(doc[0].ptr, "<svg"));
		assert_non_null(strstr(doc[0].ptr, "</svg>"));
		for (int i = 0; i < x.g.nfigures; i++) {
			char id[64];
			snprintf(id, sizeof(id), "id=\"unit-%s\"", x.g.figure[i].id);
			if (x.g.figure[i].where == VS_ON)
				assert_non_null(strstr(doc[0].ptr, id));
			else
				assert_null(strstr(doc[0].ptr, id));
		}
		umpire_buf_free(&doc[0]);
		umpire_buf_free(&doc[1]);
		done(&x);
	}
}

/* The largest sample's map, 30 files by 24 ranks, with forty figures
 * and every kind of ground: its picture stays under 50 KB (a report's
 * picture is mailed and committed each step). */
static void
picture_size(void **state)
{
	(void)state;
	struct umpire_buf text = UMPIRE_BUF_INIT;
	struct fx x;

	umpire_buf_puts(&text, "umpire: 1\nruleset: vsgmr\ntitle: big\n"
		"points: any\nplayers:\n  north: {}\n  south: {}\n"
		"map: {files: 30, ranks: 24, scale: 25mm}\nfeatures:\n"
		"  - {id: hut, kind: building, squares: [o11, p11, o12, p12]}\n"
		"  - {id: fence, kind: partial, squares: [e14, f14, g14, h14]}\n"
		"  - {id: swamp, kind: difficult, squares: [j9, j10, k9, k10]}\n"
		"  - {id: mine, kind: darkness, squares: [x14, x15, y14, y15]}\n"
		"  - {id: rocks, kind: small, squares: [h16, u12, e3]}\n"
		"forces:\n");
	for (int side = 0; side < 2; side++) {
		umpire_buf_printf(&text, "  %s:\n    edge: %s\n    figures:\n",
			side ? "north" : "south", side ? "north" : "south");
		for (int i = 0; i < 20; i++)
			umpire_buf_printf(&text, "      - {id: figure-%d-%d, "
				"type: %s, at: %c%d}\n", side, i,
				i ? "troop" : "hero, commander: true", 'a' + i,
				side ? 24 : 1);
	}
	umpire_buf_putc(&text, '\0');
	load(&x, text.ptr);
	struct umpire_svg s = UMPIRE_SVG_INIT;
	struct umpire_buf doc = UMPIRE_BUF_INIT;
	vs_picture(&s, &x.g, NULL, NULL);
	umpire_svg_document(&doc, &s, s.width, s.height, "t");
	if (doc.len >= 50000)
		fail_msg("the picture of a 30 x 24 map is %zu bytes", doc.len);
	umpire_svg_free(&s);
	umpire_buf_free(&doc);
	umpire_buf_free(&text);
	done(&x);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(table_board),
		cmocka_unit_test(map_board),
		cmocka_unit_test(picture),
		cmocka_unit_test(picture_size),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

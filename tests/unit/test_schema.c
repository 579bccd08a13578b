/*
 * test_schema - the JSON Schema validator (doc/schema.c) on the real
 * embedded schemas, one keyword at a time, with small documents.
 */
#include "doc/schema.h"
#include "unit.h"

/* Orders that pass amb/orders; tests break one thing at a time. */
#define ENVELOPE "umpire: 1\nruleset: amb\ngame: amb-74d31d4dc6\n" \
	"player: green\nstep: 17\n"

struct result {
	size_t errors;		/* what validate returned */
	char *text;		/* the diagnostics printed */
};

static struct result
check(const char *schema, const char *doc)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct result r;

	d.max = 1000;
	r.errors = umpire_schema_validate(schema, parse_ok(&a, doc), &d);
	r.text = diags_text(&d);
	/* Every error counted is an error recorded, and none is recorded twice. */
	assert_int_equal(r.errors, d.errors);
	assert_int_equal(r.errors, d.n);
	umpire_diags_free(&d);
	umpire_arena_free(&a);
	return r;
}

static void
expect_valid(const char *schema, const char *doc)
{
	struct result r = check(schema, doc);

	if (r.errors)
		fail_msg("%s refuses:\n%s\nwith:\n%s", schema, doc, r.text);
	free(r.text);
}

/*
 * doc has exactly n errors (SOME: one or more), one of them holding msg
 * ("" for none, with n = 0).
 */
#define SOME ((size_t)-1)

static void
expect_errors(const char *schema, const char *doc, size_t n, const char *msg)
{
	struct result r = check(schema, doc);

	if ((n == SOME ? r.errors == 0 : r.errors != n) || !strstr(r.text, msg))
		fail_msg("%s on:\n%s\nwanted %zu error(s) with \"%s\", got %zu:\n%s",
		    schema, doc, n, msg, r.errors, r.text);
	free(r.text);
}

static void
selftest(void **state)
{
	struct umpire_diags d = UMPIRE_DIAGS_INIT;

	(void)state;
	assert_int_equal(umpire_schema_selftest(&d), 0);
	assert_int_equal(d.n, 0);
	umpire_diags_free(&d);
}

static void
texts(void **state)
{
	size_t len = 0;
	static const char *const names[] = { "envelope", "amb/orders",
		"amb/scenario", "amb/state" };

	(void)state;
	for (size_t i = 0; i < 4; i++) {
		const char *t = umpire_schema_text(names[i], &len);
		assert_non_null(t);
		assert_true(len > 100);
		assert_int_equal(strlen(t), len);
		assert_non_null(strstr(t, "$schema: https://json-schema.org/draft/"
		    "2020-12/schema"));
	}
	assert_non_null(strstr(umpire_schema_text("amb/orders", &len),
	    "$id: urn:umpire:amb:orders"));
	assert_null(umpire_schema_text("amb/nothing", &len));
	assert_null(umpire_schema_text("schemas/envelope.yaml", &len));

	struct result r = check("amb/nothing", "a: 1\n");
	assert_int_equal(r.errors, 1);
	assert_non_null(strstr(r.text, "umpire: error: internal error: no "
	    "built-in schema 'amb/nothing'"));
	free(r.text);
}

static void
valid_documents(void **state)
{
	char *sample = slurp("samples/amb/standard.yaml", NULL);

	(void)state;
	expect_valid("amb/scenario", sample);
	expect_valid("envelope", sample);
	expect_valid("amb/orders", ENVELOPE);
	expect_valid("amb/orders", ENVELOPE "actions: []\n");
	expect_valid("amb/orders", ENVELOPE
		"actions:\n"
		"- {move: g2, die: 4}\n"
		"- {attack: g1, die: 6, target: t1, weapon: bazooka}\n"
		"- {attack: g3, die: 6, target: [t1, t2, t3, t4, t5]}\n"
		"- {move: g2, die: 1.0}\n"
		"stance: {man: g3, to: running}\n");
	expect_valid("envelope", "umpire: 1\nruleset: anything9\nextra: ok\n");
	free(sample);
}

static void
keyword_type(void **state)
{
	(void)state;
	expect_errors("amb/orders", ENVELOPE "actions: {move: g1}\n", 1,
	    "t.yaml:6:10: error: actions: expected a list, got a mapping");
	expect_errors("amb/orders", ENVELOPE "actions:\n- {move: g2, die: \"4\"}\n",
	    1, "t.yaml:7:19: error: actions[0].die: expected an integer, got a "
	    "string ('4')");
	expect_errors("amb/orders", ENVELOPE "actions:\n- {move: g2, die: 4.5}\n",
	    1, "actions[0].die: expected an integer, got a number (4.5)");
	expect_errors("amb/orders", "- 1\n", 1, "t.yaml:1:1: error: expected a "
	    "mapping, got a list");
	expect_errors("amb/orders", "~\n", 1,
	    "expected a mapping, got null (null)");
	/* A YAML 1.1 boolean: say what to write instead. */
	expect_errors("amb/scenario",
	    "umpire: 1\nruleset: amb\nplayers: {green: {}, tan: {}}\n"
	    "options: {charge: yes}\n"
	    "armies: {green: [{weapon: rifle, stance: prone}], "
	    "tan: [{weapon: rifle, stance: prone}]}\n", 1,
	    "options.charge: expected a boolean, got a string ('yes'); write true "
	    "or false");
	expect_errors("amb/scenario",
	    "umpire: 1\nruleset: amb\nplayers: {green: {}, tan: {}}\n"
	    "options: {charge: 1}\n"
	    "armies: {green: [{weapon: rifle, stance: prone}], "
	    "tan: [{weapon: rifle, stance: prone}]}\n", 1,
	    "options.charge: expected a boolean, got an integer (1)\n");
}

static void
keyword_enum(void **state)
{
	(void)state;
	expect_errors("amb/orders", ENVELOPE
	    "actions:\n- {attack: g1, die: 4, target: t1, weapon: rifel}\n", 1,
	    "actions[0].weapon: 'rifel' is not one of: bazooka, mortar, radio, "
	    "machine-gun, rifle, smg, grenade, flamethrower, pistol (did you mean "
	    "'rifle'?)");
	/* No hint when nothing is close. */
	expect_errors("amb/orders", ENVELOPE
	    "actions:\n- {attack: g1, die: 4, target: t1, weapon: sword}\n", 1,
	    "flamethrower, pistol\n");
	expect_errors("amb/orders", ENVELOPE "stance: {man: g1, to: Prone}\n", 1,
	    "stance.to: 'Prone' is not one of: prone, kneeling, standing, running "
	    "(did you mean 'prone'?)");
	/* Not a string: the list, without a hint. */
	expect_errors("amb/orders", ENVELOPE "stance: {man: g1, to: 3}\n", 1,
	    "stance.to: expected a string, got an integer (3)");
	expect_errors("amb/orders", "umpire: 1\nruleset: amb\n"
	    "game: amb-74d31d4dc6\nplayer: gren\nstep: 1\n", 1,
	    "player: 'gren' is not one of: green, tan (did you mean 'green'?)");
}

static void
keyword_const(void **state)
{
	(void)state;
	expect_errors("amb/orders", "umpire: 1\nruleset: bgw\n"
	    "game: amb-74d31d4dc6\nplayer: green\nstep: 1\n", 1,
	    "t.yaml:2:10: error: ruleset: must be 'amb', not 'bgw'");
	expect_errors("amb/orders", "umpire: 2\nruleset: amb\n"
	    "game: amb-74d31d4dc6\nplayer: green\nstep: 1\n", 1,
	    "t.yaml:1:9: error: umpire: must be 1, not 2");
	expect_errors("envelope", "umpire: \"1\"\nruleset: amb\n", 1,
	    "umpire: must be 1, not '1'");
	/* 1.0 is the number 1. */
	expect_valid("envelope", "umpire: 1.0\nruleset: amb\n");
}

static void
keyword_required(void **state)
{
	(void)state;
	expect_errors("amb/orders", "umpire: 1\nruleset: amb\nplayer: green\n"
	    "step: 1\n", 1, "t.yaml:1:1: error: missing required key 'game'");
	expect_errors("amb/orders", "{}\n", 5, "missing required key 'umpire'");
	expect_errors("amb/orders", ENVELOPE "stance: {man: g1}\n", 1,
	    "t.yaml:6:9: error: stance: missing required key 'to'");
	expect_errors("envelope", "ruleset: amb\n", 1,
	    "missing required key 'umpire'");
}

static void
keyword_additional_properties(void **state)
{
	(void)state;
	expect_errors("amb/orders", ENVELOPE "acions: []\n", 1,
	    "t.yaml:6:1: error: unknown key 'acions' (did you mean 'actions'?)");
	expect_errors("amb/orders", ENVELOPE "Stance: {man: g1, to: prone}\n", 1,
	    "unknown key 'Stance' (did you mean 'stance'?)");
	expect_errors("amb/orders", ENVELOPE "comment: hello\n", 1,
	    "t.yaml:6:1: error: unknown key 'comment'\n");
	expect_errors("amb/orders", ENVELOPE "stance: {man: g1, too: prone}\n", 2,
	    "t.yaml:6:9: error: stance: missing required key 'to'");
	expect_errors("amb/orders", ENVELOPE "stance: {man: g1, too: prone}\n", 2,
	    "t.yaml:6:19: error: stance: unknown key 'too' (did you mean 'to'?)");
	/* Every unknown key is reported. */
	expect_errors("amb/orders", ENVELOPE "a1: 1\na2: 2\na3: 3\n", 3,
	    "unknown key 'a3'");
}

static void
keyword_items(void **state)
{
	(void)state;
	expect_errors("amb/orders", ENVELOPE
	    "actions:\n- {move: g1, die: 1}\n- {move: g2, die: 9}\n", 1,
	    "t.yaml:8:19: error: actions[1].die: 9 is out of range 1 to 6");
	expect_errors("amb/scenario",
	    "umpire: 1\nruleset: amb\nplayers: {green: {}, tan: {}}\n"
	    "armies:\n  green: [{weapon: rifle, stance: prone}]\n"
	    "  tan: [{weapon: rifle, stance: prone}, {weapon: [rifle, spear], "
	    "stance: prone}]\n", 1,
	    "armies.tan[1].weapon[1]: 'spear' is not one of");
}

static void
keyword_min_max_items(void **state)
{
	(void)state;
	expect_errors("amb/orders", ENVELOPE
	    "actions:\n- {attack: g1, die: 6, target: []}\n", 1,
	    "actions[0].target: needs at least 1 item, has 0");
	expect_errors("amb/orders", ENVELOPE
	    "actions:\n- {attack: g1, die: 6, target: [a, b, c, d, e, f]}\n", 1,
	    "actions[0].target: allows at most 5 items, has 6");
	expect_errors("amb/orders", ENVELOPE "actions: [" 
	    "{move: a, die: 1}, {move: b, die: 1}, {move: c, die: 1}, "
	    "{move: d, die: 1}, {move: e, die: 1}]\n", 1,
	    "t.yaml:6:10: error: actions: allows at most 4 items, has 5");
	expect_errors("amb/scenario",
	    "umpire: 1\nruleset: amb\nplayers: {green: {}, tan: {}}\n"
	    "armies: {green: [], tan: [{weapon: rifle, stance: prone}]}\n", 1,
	    "armies.green: needs at least 1 item, has 0");
}

static void
keyword_unique_items(void **state)
{
	(void)state;
	expect_errors("amb/orders", ENVELOPE
	    "actions:\n- {attack: g1, die: 6, target: [t1, t2, t1]}\n", 1,
	    "t.yaml:7:41: error: actions[0].target: 't1' is listed twice (items "
	    "must be unique)");
	/* Each repeat once, at the repeat. */
	expect_errors("amb/orders", ENVELOPE
	    "actions:\n- {attack: g1, die: 6, target: [t1, t1, t1]}\n", 2,
	    "'t1' is listed twice");
}

static void
keyword_minimum_maximum(void **state)
{
	(void)state;
	expect_errors("amb/orders", "umpire: 1\nruleset: amb\n"
	    "game: amb-74d31d4dc6\nplayer: green\nstep: -1\n", 1,
	    "t.yaml:5:7: error: step: -1 is out of range 0 to 1000000000");
	expect_valid("amb/orders", "umpire: 1\nruleset: amb\n"
	    "game: amb-74d31d4dc6\nplayer: green\nstep: 1000000000\n");
	expect_errors("amb/orders", "umpire: 1\nruleset: amb\n"
	    "game: amb-74d31d4dc6\nplayer: green\nstep: 1000000001\n", 1,
	    "step: 1000000001 is out of range 0 to 1000000000");
	expect_errors("amb/orders", "umpire: 1\nruleset: amb\n"
	    "game: amb-74d31d4dc6\nplayer: green\nstep: 99999999999999999999\n", 1,
	    "step: 99999999999999999999 is out of range");
	expect_errors("amb/orders", ENVELOPE "actions:\n- {move: g1, die: 0}\n", 1,
	    "actions[0].die: 0 is out of range 1 to 6");
}

static void
keyword_min_max_length(void **state)
{
	char doc[2048];
	char longs[1024];

	(void)state;
	const char *head = "umpire: 1\nruleset: amb\n"
	    "players: {green: {}, tan: {}}\n"
	    "armies: {green: [{weapon: rifle, stance: prone}], "
	    "tan: [{weapon: rifle, stance: prone}]}\n";
	snprintf(doc, sizeof(doc), "%stitle: \"\"\n", head);
	expect_errors("amb/scenario", doc, SOME, "t.yaml:5:8: error: title: '' is "
	    "too short (at least 1 character");
	memset(longs, 'x', 201);
	longs[201] = '\0';
	snprintf(doc, sizeof(doc), "%stitle: %s\n", head, longs);
	expect_errors("amb/scenario", doc, 1, "title: 'xxxxxxxxxxxxxxxxxxxxxxxxxxx"
	    "xxxxxxxxxx");
	expect_errors("amb/scenario", doc, 1, "...' is too long (at most 200 "
	    "characters)");
	/* Lengths count characters: 200 two-byte ones are 200, not 400. */
	for (int i = 0; i < 200; i++)
		memcpy(longs + 2 * i, "\xc3\xa9", 2);
	longs[400] = '\0';
	snprintf(doc, sizeof(doc), "%stitle: %s\n", head, longs);
	expect_valid("amb/scenario", doc);
}

static void
keyword_pattern(void **state)
{
	(void)state;
	/* A pattern with a description says what is wanted in words. */
	expect_errors("amb/orders", "umpire: 1\nruleset: amb\n"
	    "game: AMB-74d31d4dc6\nplayer: green\nstep: 1\n", 1,
	    "t.yaml:3:7: error: game: 'AMB-74d31d4dc6' is not valid here: a game "
	    "id as made by umpire new: the ruleset's name, '-', 32 hex digits "
	    "(ten in games made before umpire 0.4.0)");
	expect_errors("amb/orders", ENVELOPE "actions:\n- {move: G1, die: 1}\n", 1,
	    "actions[0].move: 'G1' is not valid here: a man's id: a lowercase "
	    "letter, then up to 15 lowercase letters, digits, '-' or '_'");
	/* Anchored at both ends. */
	expect_errors("amb/orders", ENVELOPE "actions:\n- {move: g1 , die: 1}\n",
	    0, "");
	expect_errors("amb/orders", ENVELOPE
	    "actions:\n- {move: \"g1 \", die: 1}\n", 1, "'g1 ' is not valid here");
	expect_errors("amb/orders", ENVELOPE
	    "actions:\n- {move: abcdefghijklmnopq, die: 1}\n", 1,
	    "'abcdefghijklmnopq' is not valid here");
	expect_valid("amb/orders", ENVELOPE
	    "actions:\n- {move: abcdefghijklmnop, die: 1}\n");
	expect_errors("envelope", "umpire: 1\nruleset: \"amb\\nx\"\n", 1,
	    "is not valid here: the ruleset's short name");
}

static void
keyword_any_of(void **state)
{
	(void)state;
	/* A target is an id or a list: a number is neither. */
	expect_errors("amb/orders", ENVELOPE
	    "actions:\n- {attack: g1, die: 6, target: 5}\n", 1,
	    "actions[0].target: expected a string or a list, got 5");
	/* A list is evidently meant: say what is wrong inside it. */
	expect_errors("amb/orders", ENVELOPE
	    "actions:\n- {attack: g1, die: 6, target: [T1]}\n", 1,
	    "actions[0].target[0]: 'T1' is not valid here");
	/* The form whose keys the item uses most is the one it means. */
	expect_errors("amb/orders", ENVELOPE "actions:\n- {attack: g1, die: 6}\n",
	    1, "t.yaml:7:3: error: actions[0]: missing required key 'target'");
	expect_errors("amb/orders", ENVELOPE "actions:\n- {move: g1, die: 9}\n", 1,
	    "actions[0].die: 9 is out of range 1 to 6");
	expect_errors("amb/orders", ENVELOPE "actions:\n- {move: g1, dice: 1}\n", 2,
	    "unknown key 'dice' (did you mean 'die'?)");
	expect_errors("amb/orders", ENVELOPE
	    "actions:\n- {move: g1, attack: g1, die: 1, target: t1}\n", 1,
	    "t.yaml:7:4: error: actions[0]: unknown key 'move'");
	/* A move with all its keys and an attack without its target: the
	 * move it is, and its one key too many is the error. */
	expect_errors("amb/orders", ENVELOPE
	    "actions:\n- {move: g1, attack: g1, die: 1}\n", 1,
	    "t.yaml:7:14: error: actions[0]: unknown key 'attack'");
	expect_errors("amb/orders", ENVELOPE "actions:\n- go\n", 1,
	    "actions[0]: expected a mapping, got 'go'");
	/* weapons: one, or a list of them. */
	expect_errors("amb/scenario",
	    "umpire: 1\nruleset: amb\nplayers: {green: {}, tan: {}}\n"
	    "armies: {green: [{weapon: {rifle: 1}, stance: prone}], "
	    "tan: [{weapon: rifle, stance: prone}]}\n", 1,
	    "armies.green[0].weapon: expected a string or a list, got a mapping");
}

static const char *
state_doc(const char *replace_awaiting)
{
	static char doc[4096];

	snprintf(doc, sizeof(doc),
	    "umpire: 1\nruleset: amb\ngame: amb-74d31d4dc6\nversion: 0.1.0\n"
	    "seed: \"7f6e5d4c3b2a19080706050403020100f0e0d0c0b0a0908070605040302"
	    "01000\"\n"
	    "step: 3\ntitle: t\nplayers: {green: {}, tan: {}}\n"
	    "%s"
	    "options: {dice: 2, fire-and-movement: true, charge: true, dig-in: "
	    "true, infiltration: true, sergeant: false}\n"
	    "armies: {green: [{id: g1, weapon: rifle, stance: prone, row: 1}], "
	    "tan: [{id: t1, weapon: rifle, stance: prone, row: 24}]}\n"
	    "casualties: {green: [], tan: []}\n", replace_awaiting);
	return doc;
}

static void
keyword_one_of(void **state)
{
	(void)state;
	expect_valid("amb/state", state_doc("awaiting: {player: green, step: 3, "
	    "kind: turn, dice: [6, 1]}\n"));
	expect_valid("amb/state", state_doc("result: {step: 2, how: x, standings: "
	    "{green: {rank: 2, score: 0}, tan: {rank: 1, score: 1}}}\n"));
	/* The envelope's result, extended by the ruleset's own field. */
	expect_errors("amb/state", state_doc("result: {step: 2, how: x, man: t1, "
	    "winner: tan, standings: {green: {rank: 2, score: 0}}}\n"), 1,
	    "result: unknown key 'winner'");
	expect_errors("amb/state", state_doc("result: {step: 2, how: x}\n"), 1,
	    "result: missing required key 'standings'");
	expect_errors("amb/state", state_doc(""), 1,
	    "t.yaml:1:1: error: needs exactly one of the keys 'awaiting' or "
	    "'result'");
	expect_errors("amb/state", state_doc("awaiting: {player: green, step: 3, "
	    "kind: turn, dice: [6, 1]}\nresult: {step: 2, how: x, standings: "
	    "{tan: {rank: 1, score: 1}}}\n"),
	    1, "t.yaml:1:1: error: give only one of the keys 'awaiting' or "
	    "'result'");
	expect_errors("amb/state", state_doc("awaiting: {player: green, step: 3, "
	    "kind: setup, dice: [6, 1]}\n"), 2,
	    "awaiting.kind: 'setup' is not one of: turn, minefields");
	/* AMB-17: a turn has dice, laying minefields none. */
	expect_valid("amb/state", state_doc("awaiting: {player: green, step: 1, "
	    "kind: minefields}\n"));
	expect_errors("amb/state", state_doc("awaiting: {player: green, step: 1, "
	    "kind: minefields, dice: [6, 1]}\n"), 1,
	    "awaiting: allows at most 3 entries, has 4");
	expect_errors("amb/state", state_doc("awaiting: {player: green, step: 1, "
	    "kind: turn}\n"), 1, "awaiting: missing required key 'dice'");
}

static void
references_across_schemas(void **state)
{
	(void)state;
	/*
	 * amb/orders refers to urn:umpire:envelope (step, game) and to
	 * urn:umpire:amb:scenario (die, man-id, weapon): errors come out
	 * under the orders' own paths and places.
	 */
	expect_errors("amb/orders", "umpire: 1\nruleset: amb\n"
	    "game: amb-74d31d4dc6\nplayer: green\nstep: x\n", 1,
	    "t.yaml:5:7: error: step: expected an integer, got a string ('x')");
	expect_errors("amb/orders", ENVELOPE
	    "actions:\n- {attack: g1, die: 7, target: t1, weapon: lance}\n", 2,
	    "actions[0].die: 7 is out of range 1 to 6");
	expect_errors("amb/state", state_doc("awaiting: {player: blue, step: 3, "
	    "kind: turn, dice: [6, 1]}\n"), 1,
	    "awaiting.player: 'blue' is not one of: green, tan");
	/* Paths nest through references. */
	expect_errors("amb/state", state_doc("awaiting: {player: green, step: 3, "
	    "kind: turn, dice: [6, 7]}\n"), 1, "awaiting.dice[1]: 7 is out of "
	    "range 1 to 6");
}

static void
many_errors(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_buf doc = UMPIRE_BUF_INIT;

	(void)state;
	/* One run reports them all, up to the cap, and counts the rest. */
	umpire_buf_puts(&doc, ENVELOPE);
	for (int i = 0; i < 300; i++)
		umpire_buf_printf(&doc, "k%d: %d\n", i, i);
	size_t n = umpire_schema_validate("amb/orders", parse_ok(&a, doc.ptr), &d);
	assert_int_equal(n, 300);
	assert_int_equal(d.errors, 300);
	assert_int_equal(d.n, 201);
	umpire_diags_free(&d);
	umpire_buf_free(&doc);
	umpire_arena_free(&a);
}

static void
float_integers(void **state)
{
	(void)state;
	/*
	 * "integer" admits integral floats (JSON Schema does); deciding that
	 * must not convert inf or 1e19 to long long, which is undefined
	 * (clang's -fsanitize=undefined stops on it: the fuzz build; see
	 * bug-float-cast-inf.yaml in the orders corpus).
	 */
	expect_errors("amb/orders", "umpire: 1\nruleset: amb\n"
	    "game: amb-74d31d4dc6\nplayer: green\nstep: .inf\n", 1,
	    "step: expected an integer, got a number (inf)");
	expect_errors("amb/orders", "umpire: 1\nruleset: amb\n"
	    "game: amb-74d31d4dc6\nplayer: green\nstep: 1e19\n", 1,
	    "step: expected an integer");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(selftest),
		cmocka_unit_test(texts),
		cmocka_unit_test(valid_documents),
		cmocka_unit_test(keyword_type),
		cmocka_unit_test(keyword_enum),
		cmocka_unit_test(keyword_const),
		cmocka_unit_test(keyword_required),
		cmocka_unit_test(keyword_additional_properties),
		cmocka_unit_test(keyword_items),
		cmocka_unit_test(keyword_min_max_items),
		cmocka_unit_test(keyword_unique_items),
		cmocka_unit_test(keyword_minimum_maximum),
		cmocka_unit_test(keyword_min_max_length),
		cmocka_unit_test(keyword_pattern),
		cmocka_unit_test(keyword_any_of),
		cmocka_unit_test(keyword_one_of),
		cmocka_unit_test(references_across_schemas),
		cmocka_unit_test(many_errors),
		cmocka_unit_test(float_integers),
	};

	return cmocka_run_group_tests_name("schema", tests, NULL, NULL);
}

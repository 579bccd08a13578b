/*
 * test_step.c - one step made (play/step.h): the files its commit
 * holds, its message, its author and its receipt, for step 0, a step
 * of orders, a pure one, a default forfeit and host steps.
 */
#include "unit.h"

#include "play/default.h"
#include "doc/embedded.h"
#include "game/game.h"
#include "game/report.h"
#include "play/step.h"

#define SEED1 "00000000000000000000000000000000" \
	"00000000000000000000000000000001"

struct fixture {
	struct umpire_arena a;
	struct umpire_diags d;
	struct umpire_seed seed;
	struct umpire_game *g;
	struct umpire_step s0;
	const struct umpire_embedded *scen;
};

static int
setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));
	struct umpire_step_in in = UMPIRE_STEP_IN_INIT;

	assert_non_null(f);
	f->s0 = (struct umpire_step)UMPIRE_STEP_INIT;
	f->scen = umpire_embedded_find("samples/amb/standard.yaml");
	assert_non_null(f->scen);
	assert_int_equal(umpire_seed_from_hex(&f->seed, SEED1), 0);
	in.kind = UMPIRE_STEP_SETUP;
	in.scenario = umpire_game_parse(&f->a, "standard.yaml", f->scen->data,
		f->scen->len, &f->d);
	assert_non_null(in.scenario);
	in.scenario_text = f->scen->data;
	in.scenario_len = f->scen->len;
	in.seed = &f->seed;
	assert_int_equal(umpire_step_make(&f->s0, &f->g, &f->a, &in, &f->d), 0);
	*state = f;
	return 0;
}

static int
teardown(void **state)
{
	struct fixture *f = *state;

	umpire_step_free(&f->s0);
	umpire_game_free(f->g);
	umpire_diags_free(&f->d);
	umpire_arena_free(&f->a);
	free(f);
	return 0;
}

static void
assert_files(const struct umpire_step *s, const char *const *want)
{
	size_t n = 0;

	while (want[n])
		n++;
	assert_int_equal(s->nfiles, n);
	for (size_t i = 0; i < n; i++)
		assert_string_equal(s->files[i].path, want[i]);
}

/* The receipt closes the report: this step, the SHA-256 of its state. */
static void
assert_receipt(const struct umpire_step *s)
{
	char want[UMPIRE_HASH_HEX + 1], got[UMPIRE_HASH_HEX + 1];
	long step = -1;

	umpire_report_hash(want, s->state.ptr, s->state.len);
	assert_int_equal(umpire_report_receipt_read(s->report.text.ptr,
		s->report.text.len, NULL, &step, got), 0);
	assert_int_equal(step, s->step);
	assert_string_equal(got, want);
}

static void
setup_step(void **state)
{
	struct fixture *f = *state;
	static const char *const files[] = { "scenario.yaml", "game.yaml",
		"reports/00/0000.md", "reports/00/0000.svg", NULL };
	struct umpire_buf msg = UMPIRE_BUF_INIT;

	assert_int_equal(f->s0.step, 0);
	assert_null(f->s0.player);
	assert_files(&f->s0, files);
	assert_string_equal(f->s0.author.name, UMPIRE_COMMITTER_NAME);
	assert_true(umpire_buf_equal(&f->s0.state, f->s0.files[1].data,
		f->s0.files[1].len));
	assert_receipt(&f->s0);
	umpire_report_commit_message(&msg, &f->s0.report);
	assert_string_equal(umpire_buf_cstr(&f->s0.message),
		umpire_buf_cstr(&msg));
	umpire_buf_free(&msg);
}

/* The bot's orders for the awaited decision, checked. */
static const struct umpire_node *
bot_orders(struct fixture *f, struct umpire_game *g, struct umpire_buf *text)
{
	const struct umpire_node *orders;

	umpire_buf_clear(text);
	umpire_game_bot(g, "unit", 4, text);
	if (umpire_game_check(g, &f->a, "orders.yaml", text->ptr, text->len,
	    &orders, &f->d) != 0)
		fail_msg("the bot's orders are refused:\n%s", diags_text(&f->d));
	return orders;
}

static void
orders_step(void **state)
{
	struct fixture *f = *state;
	struct umpire_buf text = UMPIRE_BUF_INIT, state2 = UMPIRE_BUF_INIT;
	struct umpire_step s = UMPIRE_STEP_INIT, p = UMPIRE_STEP_INIT;
	struct umpire_step_in in = UMPIRE_STEP_IN_INIT;
	struct umpire_game *twin = NULL;
	struct umpire_decision dec;
	char opath[UMPIRE_PATH_MAX], hash[UMPIRE_HASH_HEX + 1],
		got[UMPIRE_HASH_HEX + 1];

	/* The same game twice: one for the step, one for the pure step. */
	umpire_game_encode(f->g, UMPIRE_VERSION, &state2);
	assert_int_equal(umpire_game_load(&twin, "game.yaml", state2.ptr,
		state2.len, &f->d), 0);
	umpire_game_decision(f->g, &dec);
	const struct umpire_player *who = umpire_game_player(f->g, dec.player);
	snprintf(opath, sizeof(opath), "orders/00/0001-%s.yaml", dec.player);
	in.orders = bot_orders(f, f->g, &text);
	in.orders_text = text.ptr;
	in.orders_len = text.len;
	umpire_step_make(&s, &f->g, &f->a, &in, &f->d);
	const char *const files[] = { "game.yaml", opath, "reports/00/0001.md",
		"reports/00/0001.svg", NULL };
	assert_int_equal(s.step, 1);
	assert_string_equal(s.player, dec.player);
	assert_files(&s, files);
	assert_string_equal(s.author.name, who->name);
	assert_string_equal(s.author.email, who->email);
	assert_receipt(&s);
	umpire_report_hash(hash, text.ptr, text.len);
	assert_int_equal(umpire_report_receipt_read(s.report.text.ptr,
		s.report.text.len, opath, NULL, got), 0);
	assert_string_equal(got, hash);
	assert_int_equal(f->g->step, 2);

	/* Pure: the same state and report, nothing of a commit. */
	in.orders = bot_orders(f, twin, &text);
	in.pure = true;
	in.picture = false;
	umpire_step_make(&p, &twin, &f->a, &in, &f->d);
	assert_true(umpire_buf_equal(&p.state, s.state.ptr, s.state.len));
	assert_int_equal(p.nfiles, 0);
	assert_int_equal(p.message.len, 0);
	assert_int_equal(p.report.picture.len, 0);
	assert_receipt(&p);

	umpire_step_free(&s);
	umpire_step_free(&p);
	umpire_game_free(twin);
	umpire_buf_free(&text);
	umpire_buf_free(&state2);
}

static void
default_forfeit(void **state)
{
	struct fixture *f = *state;
	struct umpire_step s = UMPIRE_STEP_INIT;
	struct umpire_step_in in = UMPIRE_STEP_IN_INIT;
	static const char *const files[] = { "game.yaml", "reports/00/0001.md",
		"reports/00/0001.svg", NULL };
	char want[UMPIRE_HASH_HEX + 1];

	in.kind = UMPIRE_STEP_DEFAULT;
	in.dflt = UMPIRE_DEFAULT_FORFEIT;
	in.since = 1796000000;
	in.deadline = in.since + 72 * 3600;
	umpire_step_make(&s, &f->g, &f->a, &in, &f->d);
	assert_files(&s, files);
	assert_string_equal(s.author.name, UMPIRE_COMMITTER_NAME);
	assert_true(umpire_game_over(f->g));
	assert_non_null(strstr(umpire_buf_cstr(&s.report.text),
		"\n## Deadline\n"));
	assert_non_null(strstr(umpire_buf_cstr(&s.message),
		"\n" UMPIRE_DEFAULT_TRAILER ": forfeit\n"));
	assert_receipt(&s);
	/* No orders: the receipt names none. */
	assert_int_equal(umpire_report_receipt_read(s.report.text.ptr,
		s.report.text.len, "orders/00/0001-green.yaml", NULL, want), 1);
	umpire_step_free(&s);
}

/*
 * Host steps (play/host.h): game.yaml alone, by umpire, the message
 * word for word as umpire deadline wrote it before host steps were
 * steps, and a holiday moving the deadline by what of it comes first.
 */
static void
host_steps(void **state)
{
	struct fixture *f = *state;
	struct umpire_step s = UMPIRE_STEP_INIT, t = UMPIRE_STEP_INIT;
	struct umpire_step_in in = UMPIRE_STEP_IN_INIT;
	static const char *const files[] = { "game.yaml", NULL };
	const long long t0 = 1796000000, h = 3600;
	char d0[UMPIRE_TIME_SIZE], d1[UMPIRE_TIME_SIZE], want[512];

	f->g->dated = f->g->has_deadline = true;
	f->g->date = t0;
	f->g->deadline = t0 + 72 * h;
	in.kind = UMPIRE_STEP_HOST;
	in.host.kind = UMPIRE_HOST_EXTEND;
	in.host.seconds = 48 * h;
	assert_null(umpire_host_refusal(f->g, &in.host, &f->a));
	umpire_step_make(&s, &f->g, &f->a, &in, &f->d);
	assert_files(&s, files);
	assert_string_equal(s.author.name, UMPIRE_COMMITTER_NAME);
	assert_int_equal(s.step, 1);
	assert_int_equal(f->g->deadline, t0 + 120 * h);
	umpire_time_format(d0, t0 + 72 * h);
	umpire_time_format(d1, t0 + 120 * h);
	snprintf(want, sizeof(want), "Step 1: deadline extended\n\nThe host "
		"gives green 2d more for green's turn: the deadline is %s, not "
		"%s.\n\nDeadline-Extend: 2d\nDeadline: %s\n", d1, d0, d1);
	assert_string_equal(umpire_buf_cstr(&s.message), want);
	snprintf(want, sizeof(want), "\ndeadline: \"%s\"\n", d1);
	assert_non_null(strstr(umpire_buf_cstr(&s.state), want));

	/* Everyone's holiday from hour 100 to 110: 10 hours later. */
	in.host.kind = UMPIRE_HOST_HOLIDAY;
	in.host.holiday = (struct umpire_holiday){ NULL, t0 + 100 * h,
		t0 + 110 * h };
	assert_null(umpire_host_refusal(f->g, &in.host, &f->a));
	umpire_step_make(&t, &f->g, &f->a, &in, &f->d);
	assert_files(&t, files);
	assert_int_equal(f->g->deadline, t0 + 130 * h);
	assert_non_null(strstr(umpire_buf_cstr(&t.state), "\nholidays:\n- "
		"{from: \""));
	/* A holiday over before the decision was pending is refused. */
	in.host.holiday = (struct umpire_holiday){ "tan", t0 - 10 * h, t0 - h };
	assert_non_null(umpire_host_refusal(f->g, &in.host, &f->a));
	in.host.holiday = (struct umpire_holiday){ "red", t0, t0 + h };
	assert_non_null(umpire_host_refusal(f->g, &in.host, &f->a));
	umpire_step_free(&s);
	umpire_step_free(&t);
}

/*
 * A game keeps the layout of the version that made it (paths.h): one
 * made as 0.4.0 did is flat, and its states say nothing of it; this
 * version's is grouped by hundreds of steps, and its states say so.
 */
static void
layout_by_version(void **state)
{
	struct fixture *f = *state;
	struct umpire_step s = UMPIRE_STEP_INIT;
	struct umpire_step_in in = UMPIRE_STEP_IN_INIT;
	struct umpire_game *old = NULL;
	static const char *const files[] = { "scenario.yaml", "game.yaml",
		"reports/0000.md", "reports/0000.svg", NULL };

	assert_int_equal(f->g->layout, UMPIRE_LAYOUT_GROUPED);
	assert_non_null(strstr(umpire_buf_cstr(&f->s0.state),
		"\nversion: \"" UMPIRE_VERSION "\"\nlayout: grouped\n"));
	in.kind = UMPIRE_STEP_SETUP;
	in.scenario = umpire_game_parse(&f->a, "scenario.yaml", f->scen->data,
		f->scen->len, &f->d);
	in.scenario_text = f->scen->data;
	in.scenario_len = f->scen->len;
	in.seed = &f->seed;
	in.version = "0.4.0";
	assert_int_equal(umpire_step_make(&s, &old, &f->a, &in, &f->d), 0);
	assert_int_equal(old->layout, UMPIRE_LAYOUT_FLAT);
	assert_files(&s, files);
	assert_null(strstr(umpire_buf_cstr(&s.state), "layout"));
	umpire_step_free(&s);
	umpire_game_free(old);
}

/* Each layout's paths, and the step read back from them. */
static void
layout_paths(void **state)
{
	struct umpire_step_paths p;
	char buf[UMPIRE_PATH_MAX];
	const char *name;
	long step;
	bool grouped;

	(void)state;
	umpire_step_paths(&p, UMPIRE_LAYOUT_FLAT, 1234, "tan");
	assert_string_equal(p.orders, "orders/1234-tan.yaml");
	assert_string_equal(p.report, "reports/1234.md");
	umpire_step_paths(&p, UMPIRE_LAYOUT_GROUPED, 1234, "tan");
	assert_string_equal(p.orders, "orders/12/1234-tan.yaml");
	assert_string_equal(p.signature, "orders/12/1234-tan.yaml.sig");
	assert_string_equal(p.report, "reports/12/1234.md");
	assert_string_equal(p.picture, "reports/12/1234.svg");
	assert_string_equal(p.secret, "reports/12/1234.secret.yaml.age");
	umpire_step_paths(&p, UMPIRE_LAYOUT_GROUPED, 7, NULL);
	assert_string_equal(p.orders, "orders/00/0007-umpire.yaml");
	umpire_step_paths(&p, UMPIRE_LAYOUT_GROUPED, 12345, "tan");
	assert_string_equal(p.report, "reports/123/12345.md");
	umpire_view_path(buf, UMPIRE_LAYOUT_GROUPED, 99, "tan");
	assert_string_equal(buf, "reports/00/0099-tan.md.age");
	umpire_view_picture_path(buf, UMPIRE_LAYOUT_FLAT, 99, "tan");
	assert_string_equal(buf, "reports/0099-tan.svg.age");
	umpire_step_dir(buf, UMPIRE_LAYOUT_GROUPED, UMPIRE_ORDERS_DIR, 100);
	assert_string_equal(buf, "orders/01");
	umpire_step_dir(buf, UMPIRE_LAYOUT_FLAT, UMPIRE_ORDERS_DIR, 100);
	assert_string_equal(buf, "orders");

	assert_true(umpire_path_parse("reports/12/1234.md", "reports", &name,
		&step, &grouped));
	assert_string_equal(name, "1234.md");
	assert_int_equal(step, 1234);
	assert_true(grouped);
	assert_true(umpire_path_parse("reports/0005.md", "reports", &name,
		&step, &grouped));
	assert_int_equal(step, 5);
	assert_false(grouped);
	assert_true(umpire_path_parse("reports/123/12345.md", "reports", &name,
		&step, &grouped));
	assert_int_equal(step, 12345);
	/* A group must be the step's, in two digits or more, one deep. */
	assert_false(umpire_path_parse("reports/13/1234.md", "reports", &name,
		&step, &grouped));
	assert_false(umpire_path_parse("reports/1/0001.md", "reports", &name,
		&step, &grouped));
	assert_false(umpire_path_parse("reports/012/1234.md", "reports", &name,
		&step, &grouped));
	assert_false(umpire_path_parse("reports/00/x/0001.md", "reports", &name,
		&step, &grouped));
	assert_false(umpire_path_parse("orders/00/0001-tan.yaml", "reports",
		&name, &step, &grouped));
	assert_false(umpire_path_parse("reports/00/", "reports", &name, &step,
		&grouped));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(setup_step, setup, teardown),
		cmocka_unit_test_setup_teardown(orders_step, setup, teardown),
		cmocka_unit_test_setup_teardown(default_forfeit, setup, teardown),
		cmocka_unit_test_setup_teardown(host_steps, setup, teardown),
		cmocka_unit_test_setup_teardown(layout_by_version, setup, teardown),
		cmocka_unit_test(layout_paths),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

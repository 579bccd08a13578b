/*
 * test_deadline.c - durations, UTC times and deadline policies
 * (game/deadline.h): whole seconds, exact, against dates worked out by
 * hand and by date(1).
 */
#include "unit.h"

#include "game/deadline.h"
#include "doc/yaml.h"

static void
durations(void **state)
{
	long long v = 0;
	struct umpire_buf b = UMPIRE_BUF_INIT;

	(void)state;
	assert_int_equal(umpire_duration_parse(&v, "72h"), 0);
	assert_int_equal(v, 72 * 3600);
	assert_int_equal(umpire_duration_parse(&v, "1s"), 0);
	assert_int_equal(v, 1);
	assert_int_equal(umpire_duration_parse(&v, "90m"), 0);
	assert_int_equal(v, 5400);
	assert_int_equal(umpire_duration_parse(&v, "3d"), 0);
	assert_int_equal(v, 259200);
	assert_int_equal(umpire_duration_parse(&v, "999999999w"), 0);
	assert_int_equal(v, UMPIRE_DURATION_MAX);
	/* Not durations: no unit, two units, a zero, a sign, a fraction. */
	static const char *const bad[] = { "", "h", "72", "72hh", "0h", "07h",
		"-1h", "1.5h", "1000000000s", "72 h", "72H", "1y" };
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_int_equal(umpire_duration_parse(&v, bad[i]), -1);
	/* Written back in the largest unit that divides them. */
	umpire_duration_format(&b, 259200);
	assert_string_equal(umpire_buf_cstr(&b), "3d");
	umpire_buf_clear(&b);
	umpire_duration_format(&b, 5400);
	assert_string_equal(umpire_buf_cstr(&b), "90m");
	umpire_buf_clear(&b);
	umpire_duration_format(&b, 1209600);
	assert_string_equal(umpire_buf_cstr(&b), "2w");
	umpire_buf_clear(&b);
	umpire_duration_format(&b, 0);
	assert_string_equal(umpire_buf_cstr(&b), "0s");
	umpire_buf_free(&b);
}

static void
times(void **state)
{
	long long t = 0;
	char buf[UMPIRE_TIME_SIZE];

	(void)state;
	assert_int_equal(umpire_time_parse(&t, "1970-01-01T00:00:00Z"), 0);
	assert_int_equal(t, 0);
	/* date -u -d 2026-11-26T07:00:00Z +%s */
	assert_int_equal(umpire_time_parse(&t, "2026-11-26T07:00:00Z"), 0);
	assert_int_equal(t, 1795676400LL);
	assert_int_equal(umpire_time_parse(&t, "2026-11-26T09:30:00+02:30"), 0);
	assert_int_equal(t, 1795676400LL);
	assert_int_equal(umpire_time_parse(&t, "2026-11-26 07:00:00z"), 0);
	assert_int_equal(t, 1795676400LL);
	assert_int_equal(umpire_time_parse(&t, "1795676400"), 0);
	assert_int_equal(t, 1795676400LL);
	assert_int_equal(umpire_time_parse(&t, "@1795676400"), 0);
	assert_int_equal(t, 1795676400LL);
	/* Leap days: 2024 has one, 2100 has none, 2000 has one. */
	assert_int_equal(umpire_time_parse(&t, "2024-02-29T00:00:00Z"), 0);
	assert_int_equal(t, 1709164800LL);
	assert_int_equal(umpire_time_parse(&t, "2000-02-29T12:00:00Z"), 0);
	assert_int_equal(t, 951825600LL);
	static const char *const bad[] = { "", "yesterday", "2100-02-29T00:00:00Z",
		"2026-02-30T00:00:00Z", "2026-13-01T00:00:00Z",
		"2026-11-26T24:00:00Z", "2026-11-26T07:00:00", "2026-11-26T07:00Z",
		"2026-11-26T07:00:00.5Z", "2026-11-26T07:00:00Zjunk", "@",
		"12345678901234", "2026-11-26T07:00:00+2:00" };
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_int_equal(umpire_time_parse(&t, bad[i]), -1);
	assert_string_equal(umpire_time_format(buf, 1795676400LL),
		"2026-11-26T07:00:00Z");
	assert_string_equal(umpire_time_format(buf, 951825600LL),
		"2000-02-29T12:00:00Z");
	assert_string_equal(umpire_time_format(buf, -1), "1969-12-31T23:59:59Z");
	/* Every day of four centuries round trips. */
	for (long long day = -146097; day < 2 * 146097; day += 1) {
		long long back;
		umpire_time_format(buf, day * 86400 + 43199);
		assert_int_equal(umpire_time_parse(&back, buf), 0);
		assert_int_equal(back, day * 86400 + 43199);
	}
}

static const struct umpire_node *
parse(struct umpire_arena *a, const char *text, struct umpire_diags *d)
{
	struct umpire_node *n = NULL;
	struct umpire_yaml_limits lim = UMPIRE_YAML_LIMITS_INIT;

	assert_int_equal(umpire_yaml_parse(&n, a, "s.yaml", text, strlen(text),
		&lim, d), 0);
	return n;
}

static void
policies(void **state)
{
	struct umpire_arena a = UMPIRE_ARENA_INIT;
	struct umpire_diags d = UMPIRE_DIAGS_INIT;
	struct umpire_deadline_policy p;

	(void)state;
	/* None: not set. */
	assert_int_equal(umpire_deadline_read(&p, parse(&a, "title: x\n", &d),
		&d), 0);
	assert_false(p.set);
	assert_int_equal(umpire_deadline_read(&p, parse(&a, "deadlines:\n"
		"  decision: 72h\n  kinds: {minefields: 2d, declare: 30m}\n"
		"  reminders: [24h, 1h]\n", &d), &d), 0);
	assert_true(p.set);
	assert_int_equal(p.dflt, UMPIRE_DEFAULT_BOT);
	assert_int_equal(p.nreminders, 2);
	assert_int_equal(p.reminders[1], 3600);
	assert_int_equal(umpire_deadline_of(&p, "tan", "turn"), 72 * 3600);
	assert_int_equal(umpire_deadline_of(&p, "tan", "minefields"), 2 * 86400);
	assert_int_equal(umpire_deadline_of(&p, NULL, "declare"), 1800);
	assert_int_equal(d.errors, 0);
	/* A player's own time comes first, then the kind's. */
	assert_int_equal(umpire_deadline_read(&p, parse(&a, "deadlines:\n"
		"  decision: 72h\n  kinds: {minefields: 2d}\n"
		"  players: {green: 1w}\n", &d), &d), 0);
	assert_int_equal(umpire_deadline_of(&p, "green", "minefields"), 604800);
	assert_int_equal(umpire_deadline_of(&p, "tan", "minefields"), 172800);
	assert_int_equal(umpire_deadline_of(&p, "tan", "turn"), 259200);
	/* pass is a default like the others since 0.5.0 (default.h). */
	assert_int_equal(umpire_deadline_read(&p, parse(&a, "deadlines:\n"
		"  decision: 1d\n  default: pass\n", &d), &d), 0);
	assert_int_equal(p.dflt, UMPIRE_DEFAULT_PASS);
	assert_int_equal(d.errors, 0);
	umpire_diags_free(&d);
	umpire_arena_free(&a);
}

/* Holidays stop the clock: deadlines in whole seconds, by hand. */
static void
holidays(void **state)
{
	(void)state;
	const struct umpire_holiday h[] = {
		{ "tan", 100, 200 },	/* tan's alone */
		{ NULL, 150, 160 },	/* everyone's, inside tan's */
		{ NULL, 300, 310 },
		{ NULL, 305, 320 },	/* overlapping the one before */
	};

	/* No holiday: since plus the duration. */
	assert_int_equal(umpire_deadline_due(NULL, 0, "green", 10, 50), 60);
	/* Green: 10 seconds of the whole game's holiday at 150. */
	assert_int_equal(umpire_deadline_due(h, 4, "green", 0, 200), 210);
	/* Tan: 100 before his holiday, 100 after it. */
	assert_int_equal(umpire_deadline_due(h, 4, "tan", 0, 200), 300);
	/* Ending at a holiday's start: it does not count. */
	assert_int_equal(umpire_deadline_due(h, 4, "tan", 0, 100), 100);
	/* Pending inside a holiday: the clock starts at its end. */
	assert_int_equal(umpire_deadline_due(h, 4, "tan", 120, 1), 201);
	/* Overlapping holidays count once: 300 to 320. */
	assert_int_equal(umpire_deadline_due(h, 4, "green", 290, 20), 330);
	/* Worked: the inverse. */
	assert_int_equal(umpire_deadline_worked(h, 4, "green", 0, 210), 200);
	assert_int_equal(umpire_deadline_worked(h, 4, "tan", 0, 300), 200);
	assert_int_equal(umpire_deadline_worked(h, 4, "tan", 120, 201), 1);
	assert_int_equal(umpire_deadline_worked(h, 4, "green", 290, 330), 20);
	assert_int_equal(umpire_deadline_worked(h, 4, "green", 50, 50), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(durations),
		cmocka_unit_test(holidays),
		cmocka_unit_test(times),
		cmocka_unit_test(policies),
	};

	return cmocka_run_group_tests_name("deadline", tests, NULL, NULL);
}

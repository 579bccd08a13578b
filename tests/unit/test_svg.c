/*
 * test_svg - the SVG writer (render/svg.c): text escaped into valid XML
 * whatever its bytes, geometry in integers, groups always closed.
 */
#include "render/svg.h"
#include "unit.h"

static const char *
escaped(struct umpire_buf *b, const char *text, size_t max)
{
	umpire_buf_clear(b);
	umpire_svg_escape(b, text, max);
	return umpire_buf_cstr(b);
}

static void
escape(void **state)
{
	struct umpire_buf b = UMPIRE_BUF_INIT;

	(void)state;
	assert_string_equal(escaped(&b, "<script>&\"'", 0),
	    "&lt;script&gt;&amp;&quot;&#39;");
	assert_string_equal(escaped(&b, "a\tb\nc\rd", 0), "a b c d");
	/* Characters XML 1.0 forbids, and bytes that are not UTF-8. */
	assert_string_equal(escaped(&b, "x\x01y\x1f", 0),
	    "x\xef\xbf\xbdy\xef\xbf\xbd");
	assert_string_equal(escaped(&b, "\xff\xfe", 0),
	    "\xef\xbf\xbd\xef\xbf\xbd");
	assert_string_equal(escaped(&b, "\xc0\xaf", 0),	/* overlong '/' */
	    "\xef\xbf\xbd\xef\xbf\xbd");
	assert_string_equal(escaped(&b, "\xed\xa0\x80", 0),	/* a surrogate */
	    "\xef\xbf\xbd");
	assert_string_equal(escaped(&b, "\xef\xbf\xbe", 0),	/* U+FFFE */
	    "\xef\xbf\xbd");
	assert_string_equal(escaped(&b, "\xe2\x82", 0), "\xef\xbf\xbd");
	assert_string_equal(escaped(&b, "\xe2\x82x", 0), "\xef\xbf\xbdx");
	/* Good UTF-8 passes as it is. */
	assert_string_equal(escaped(&b, "caf\xc3\xa9 \xf0\x9f\x8e\xb2", 0),
	    "caf\xc3\xa9 \xf0\x9f\x8e\xb2");
	/* A limit counts characters and says it cut. */
	assert_string_equal(escaped(&b, "\xc3\xa9\xc3\xa9\xc3\xa9", 2),
	    "\xc3\xa9\xc3\xa9\xe2\x80\xa6");
	assert_string_equal(escaped(&b, "ab", 2), "ab");
	umpire_buf_free(&b);
}

static void
isqrt(void **state)
{
	(void)state;
	assert_int_equal(umpire_svg_isqrt(0), 0);
	assert_int_equal(umpire_svg_isqrt(1), 1);
	assert_int_equal(umpire_svg_isqrt(3), 1);
	assert_int_equal(umpire_svg_isqrt(4), 2);
	assert_int_equal(umpire_svg_isqrt(99), 9);
	assert_int_equal(umpire_svg_isqrt(-5), 0);
	for (long long n = 0; n < 100000; n += 7) {
		long long r = umpire_svg_isqrt(n);
		assert_true(r * r <= n && (r + 1) * (r + 1) > n);
	}
	long long big = 3037000499LL;	/* the largest whose square fits */
	assert_true(umpire_svg_isqrt(big * big) == big);
	assert_true(umpire_svg_isqrt(big * big - 1) == big - 1);
}

static void
shapes(void **state)
{
	struct umpire_svg s = UMPIRE_SVG_INIT;
	struct umpire_buf doc = UMPIRE_BUF_INIT;
	struct umpire_svg_paint p = { UMPIRE_SVG_BLUE, "a\"b", 2, "6 4" };
	struct umpire_svg_font f = { 14, true, UMPIRE_SVG_MIDDLE, NULL };

	(void)state;
	umpire_svg_board(&s, 100, 50);
	umpire_svg_rect(&s, 1, 2, 3, 4, 0, &p);
	assert_non_null(strstr(s.body.ptr, "<rect x=\"1\" y=\"2\" width=\"3\" "
	    "height=\"4\" fill=\"#0072b2\" stroke=\"a&quot;b\" "
	    "stroke-width=\"2\" stroke-dasharray=\"6 4\"/>\n"));
	umpire_svg_unit(&s, "g<1>", 10, 0, "tip & top");
	umpire_svg_unit(&s, "g2", 0, 0, NULL);
	umpire_svg_text(&s, 5, 6, &f, 20, "a long name here");
	assert_non_null(strstr(s.body.ptr, "<g id=\"unit-g&lt;1&gt;\" "
	    "transform=\"translate(10,0)\"><title>tip &amp; top</title>\n"));
	assert_non_null(strstr(s.body.ptr, "textLength=\"20\""));
	assert_int_equal(s.open, 2);
	umpire_svg_end(&s);
	/* The document closes what is left open. */
	umpire_svg_document(&doc, &s, 120, 70, "T<");
	assert_int_equal(s.open, 0);
	assert_non_null(strstr(doc.ptr, "viewBox=\"0 0 120 70\""));
	assert_non_null(strstr(doc.ptr, "<title>T&lt;</title>"));
	assert_non_null(strstr(doc.ptr, "</g>\n</g>\n</svg>\n"));
	/* A stray end does not unbalance it. */
	umpire_svg_end(&s);
	assert_int_equal(s.open, 0);
	umpire_svg_free(&s);
	umpire_buf_free(&doc);
}

static void
arrows(void **state)
{
	struct umpire_svg s = UMPIRE_SVG_INIT;

	(void)state;
	/* Straight down 100, width 4: the head 18 long, 10 either side. */
	umpire_svg_arrow(&s, 0, 0, 0, 100, 0, 0, "#000", 4, NULL);
	assert_non_null(strstr(s.body.ptr, "<polygon points=\"0,100 -10,82 "
	    "10,82\""));
	assert_non_null(strstr(s.body.ptr, "x1=\"0\" y1=\"0\" x2=\"0\" "
	    "y2=\"82\""));
	/* Ends pulled in; a diagonal in integers only. */
	umpire_buf_clear(&s.body);
	umpire_svg_arrow(&s, 0, 0, 30, 40, 5, 10, "#000", 1, "2 2");
	assert_non_null(strstr(s.body.ptr, "x1=\"3\" y1=\"4\""));
	assert_non_null(strstr(s.body.ptr, "points=\"24,32 "));
	assert_null(strchr(s.body.ptr, '.'));
	/* Too short for its gaps: nothing. */
	umpire_buf_clear(&s.body);
	umpire_svg_arrow(&s, 0, 0, 10, 0, 5, 5, "#000", 2, NULL);
	assert_int_equal(s.body.len, 0);
	umpire_svg_free(&s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(escape),
		cmocka_unit_test(isqrt),
		cmocka_unit_test(shapes),
		cmocka_unit_test(arrows),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

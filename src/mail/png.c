/*
 * png.c - the board as a PNG for the letters umpire mail sends,
 * beside the SVG that most mail clients do not show.  librsvg renders
 * it, in umpire-mail only (like GMime: the umpire program never loads
 * it; t-build.sh holds it to that).
 */
#include <librsvg/rsvg.h>

#include "mail.h"

#if defined(__SANITIZE_ADDRESS__)
/*
 * Under AddressSanitizer (make SANITIZE=address,...): the fonts librsvg
 * draws the text with are cached by fontconfig for the life of the
 * process and never freed, which LeakSanitizer would report at exit,
 * in every run that sends a letter.  They are fontconfig's, not
 * umpire's; the suppression is built in because the mail system runs
 * umpire-mail with an environment of its own (tests/valgrind.supp says
 * the same to valgrind).
 */
const char *__lsan_default_suppressions(void);
const char *
__lsan_default_suppressions(void)
{
	return "leak:libfontconfig.so\n";
}
#endif

static cairo_status_t
append(void *closure, const unsigned char *data, unsigned int len)
{
	umpire_buf_add(closure, data, len);
	return CAIRO_STATUS_SUCCESS;
}

int
cli_mail_png(struct umpire_buf *out, const char *svg, size_t len)
{
	GError *err = NULL;
	RsvgHandle *h = rsvg_handle_new_from_data((const guint8 *)svg, len,
		&err);
	double w, hgt;
	int rc = -1;

	if (!h) {
		g_clear_error(&err);
		return -1;
	}
	/* The picture's own size; a board is never larger than a screen. */
	if (!rsvg_handle_get_intrinsic_size_in_pixels(h, &w, &hgt) ||
	    w < 1 || hgt < 1 || w > 4096 || hgt > 4096) {
		g_object_unref(h);
		return -1;
	}
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32,
		(int)(w + 0.5), (int)(hgt + 0.5));
	cairo_t *cr = cairo_create(s);
	RsvgRectangle vp = { 0, 0, w, hgt };
	if (rsvg_handle_render_document(h, cr, &vp, &err) &&
	    cairo_surface_write_to_png_stream(s, append, out) ==
	    CAIRO_STATUS_SUCCESS)
		rc = 0;
	g_clear_error(&err);
	cairo_destroy(cr);
	cairo_surface_destroy(s);
	g_object_unref(h);
	return rc;
}

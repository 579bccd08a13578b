#include "text.h"

#include <ctype.h>

const char *
umpire_list_sep(size_t i, size_t n)
{
	return i == 0 ? "" : i + 1 == n ? " and " : ", ";
}

void
umpire_join(struct umpire_buf *out, const char *const *items, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		umpire_buf_puts(out, umpire_list_sep(i, n));
		umpire_buf_puts(out, items[i]);
	}
}

void
umpire_headline_vclause(struct umpire_headline *h, const char *fmt,
	va_list ap)
{
	if (h->max && h->told >= h->max) {
		h->more++;
		return;
	}
	if (h->told++)
		umpire_buf_puts(&h->text, "; ");
	umpire_buf_vprintf(&h->text, fmt, ap);
}

void
umpire_headline_clause(struct umpire_headline *h, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	umpire_headline_vclause(h, fmt, ap);
	va_end(ap);
}

void
umpire_headline_lead(struct umpire_headline *h, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	umpire_buf_vprintf(&h->lead, fmt, ap);
	va_end(ap);
}

int
umpire_headline_empty(const struct umpire_headline *h)
{
	return h->told == 0;
}

void
umpire_headline_finish(struct umpire_headline *h, struct umpire_report *r,
	const char *fmt, ...)
{
	va_list ap;

	if (h->more)
		umpire_buf_printf(&h->text, "; and %d more", h->more);
	umpire_buf_add(&h->lead, h->text.ptr, h->text.len);
	va_start(ap, fmt);
	umpire_buf_vprintf(&h->lead, fmt, ap);
	va_end(ap);
	if (h->capital && h->lead.len)
		h->lead.ptr[0] = (char)toupper((unsigned char)h->lead.ptr[0]);
	umpire_report_headline(r, "%s", umpire_buf_cstr(&h->lead));
	umpire_buf_free(&h->lead);
	umpire_buf_free(&h->text);
}

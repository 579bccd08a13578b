#include "util/text.h"

#include <stdio.h>
#include <string.h>

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

const char *
umpire_possessive(const char *name, char *buf, size_t size)
{
	size_t n = strlen(name);

	snprintf(buf, size, "%s'%s", name, n && name[n - 1] == 's' ? "" : "s");
	return buf;
}

#include "util/text.h"


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

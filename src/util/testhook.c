#include "util/testhook.h"

/* umpire itself: nothing.  tests/hooks/testhook.c stands in for tests. */
void
umpire_test_hook(const char *point)
{
	(void)point;
}

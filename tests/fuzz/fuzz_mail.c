/*
 * fuzz_mail - what umpire mail reads in a message (src/mail/mail.c), on
 * GMime's parse of it.
 *
 * For every input:
 *   - read it as a message: whatever it holds, the outcome is one of
 *     the kinds, a bad message says why, and every address and message
 *     id it keeps is one that may be echoed in a header (no blank, no
 *     control character, no < or >), the subject has no control
 *     character;
 *   - cut orders out of it as a text body: the orders end with a
 *     newline and hold no quoted line, and a signature cut out is one
 *     armored block.
 */
#include "mail/mail.h"
#include "fuzz.h"

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	fuzz_setup_dict(argc, argv, "tests/fuzz/mail.dict");
	cli_mail_init();
	return 0;
}

static void
check_header_safe(const char *s, const char *what, const uint8_t *data,
	size_t size)
{
	if (!s)
		return;
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if (*p < 0x20 || *p == 0x7f)
			fuzz_fail(NULL, (const char *)data, size, "%s holds a control "
				"character: %s", what, s);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cli_mail m;

	cli_mail_read(&m, (const char *)data, size);
	if (m.kind == CLI_MAIL_BAD && !m.why)
		fuzz_fail(NULL, (const char *)data, size, "a bad message, no why");
	if (m.kind == CLI_MAIL_ORDERS && (!m.orders_name || !*m.orders_name))
		fuzz_fail(NULL, (const char *)data, size, "orders without a name");
	if ((m.reply_to && !cli_mail_address_ok(m.reply_to)) ||
	    (m.from && !cli_mail_address_ok(m.from)))
		fuzz_fail(NULL, (const char *)data, size, "an address not plain");
	if (m.message_id && (strpbrk(m.message_id, "<> \t\r\n")))
		fuzz_fail(NULL, (const char *)data, size, "message id %s",
			m.message_id);
	check_header_safe(m.message_id, "the message id", data, size);
	check_header_safe(m.references, "the references", data, size);
	check_header_safe(m.subject, "the subject", data, size);
	cli_mail_free(&m);

	struct umpire_buf orders = UMPIRE_BUF_INIT, sig = UMPIRE_BUF_INIT;
	bool has_sig = false;
	if (cli_mail_cut_orders(&orders, &sig, &has_sig, (const char *)data,
	    size)) {
		if (orders.len == 0 || orders.ptr[orders.len - 1] != '\n')
			fuzz_fail(NULL, (const char *)data, size, "orders cut without "
				"a final newline");
	}
	if (has_sig && (sig.len < 2 || strncmp(sig.ptr, "-----BEGIN SSH "
	    "SIGNATURE-----", 29) != 0))
		fuzz_fail(NULL, (const char *)data, size, "a signature that is "
			"not an armored block");
	umpire_buf_free(&orders);
	umpire_buf_free(&sig);
	return 0;
}
